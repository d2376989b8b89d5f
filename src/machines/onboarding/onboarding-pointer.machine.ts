/**
 * The legacy onboarding pointer (spec 02 §4): 0 strategy, 1 credentials, 2 location ("Create Provider"),
 * 3 provider service items ("Associate Products"), 4 finished. MINDBODY, BOULEVARD and SQUARE go from the
 * strategy to credentials; BOOKER and MANUAL skip to location. It drives the strategy choice screen.
 *
 *   strategy ─next [connects first]─► credentials ─next─► location ─next─► serviceItems ─next─► finished
 *            └─next [BOOKER/MANUAL]───────────────────────►┘   (previous goes back the same way; abort → strategy)
 */
import { assign, setup } from 'xstate';
import { strategyConnectsFirst, type OnboardingStrategy } from '../../domain/onboarding/strategies';

export interface OnboardingPointerContext {
  strategy: OnboardingStrategy | null;
}

export type OnboardingPointerEvent =
  | { type: 'strategy.choose'; strategy: OnboardingStrategy }
  | { type: 'pointer.next' }
  | { type: 'pointer.previous' }
  | { type: 'pointer.abort' };

/** The pointer's number for each state (spec 02 §4). */
export const POINTER_STEPS = {
  strategy: 0,
  credentials: 1,
  location: 2,
  serviceItems: 3,
  finished: 4,
} as const;

export const onboardingPointerMachine = setup({
  types: {
    input: {} as { strategy?: OnboardingStrategy | null },
    context: {} as OnboardingPointerContext,
    events: {} as OnboardingPointerEvent,
  },
  guards: {
    hasStrategy: ({ context }) => context.strategy !== null,
    connectsFirst: ({ context }) => context.strategy !== null && strategyConnectsFirst(context.strategy),
  },
}).createMachine({
  id: 'onboardingPointer',
  context: ({ input }) => ({ strategy: input.strategy ?? null }),
  initial: 'strategy',
  on: { 'pointer.abort': { target: '.strategy', actions: assign({ strategy: null }) } },
  states: {
    strategy: {
      on: {
        'strategy.choose': { actions: assign({ strategy: ({ event }) => event.strategy }) },
        'pointer.next': [
          { guard: 'connectsFirst', target: 'credentials' },
          { guard: 'hasStrategy', target: 'location' },
        ],
      },
    },
    credentials: {
      on: { 'pointer.next': 'location', 'pointer.previous': 'strategy' },
    },
    location: {
      on: {
        'pointer.next': 'serviceItems',
        'pointer.previous': [{ guard: 'connectsFirst', target: 'credentials' }, { target: 'strategy' }],
      },
    },
    serviceItems: {
      on: { 'pointer.next': 'finished', 'pointer.previous': 'location' },
    },
    finished: {
      on: { 'pointer.previous': 'serviceItems' },
    },
  },
});
