/**
 * "Why is this time closed?" (issue 17, beyond the peers): the admin names a time and the slot engine says
 * whether it is open and, if not, every reason (closed on Sundays, taken by an appointment 10:00–10:45,
 * special date, holiday, before the provider's earliest booking day).
 *
 *   idle ──ask [hasQuestion]──► asking ──done──► answered
 *     ▲                           │ error            │ time.change / ask again
 *     └── time.change ◄── failed ◄┘                  ▼
 */
import { assign, setup } from 'xstate';
import type { Explanation } from '../../api/contract/appointment-operations';
import { errorMessageOrNull } from '../shared/errors';
import { placeholder } from '../shared/placeholder';

export interface ExplainTimeInput {
  serviceItemIds: number[];
  provider: number;
  /** The instant asked about (ISO with offset). */
  time: string;
  excludeGroupId?: string;
}

export interface ExplainTimeContext {
  serviceItemIds: number[];
  provider: number | null;
  time: string | null;
  excludeGroupId: string | null;
  answer: Explanation | null;
  error: string | null;
}

export type ExplainTimeEvent =
  | { type: 'time.change'; time: string | null }
  | { type: 'subject.change'; serviceItemIds: number[]; provider: number | null }
  | { type: 'ask' };

export const EXPLAIN_FAILED = 'Whether that time is open could not be worked out.';

export const explainTimeMachine = setup({
  types: {
    input: {} as { serviceItemIds: number[]; provider: number | null; excludeGroupId?: string },
    context: {} as ExplainTimeContext,
    events: {} as ExplainTimeEvent,
  },
  actors: {
    explainTime: placeholder<Explanation, ExplainTimeInput>('explainTime'),
  },
  guards: {
    hasQuestion: ({ context }) =>
      context.time !== null && context.provider !== null && context.serviceItemIds.length > 0,
  },
}).createMachine({
  id: 'explainTime',
  context: ({ input }) => ({
    serviceItemIds: input.serviceItemIds,
    provider: input.provider,
    time: null,
    excludeGroupId: input.excludeGroupId ?? null,
    answer: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'time.change': {
      target: '.idle',
      actions: assign({ time: ({ event }) => event.time, answer: null, error: null }),
    },
    'subject.change': {
      target: '.idle',
      actions: assign({
        serviceItemIds: ({ event }) => event.serviceItemIds,
        provider: ({ event }) => event.provider,
        answer: null,
        error: null,
      }),
    },
  },
  states: {
    idle: {
      on: { ask: { guard: 'hasQuestion', target: 'asking' } },
    },
    asking: {
      tags: ['busy'],
      invoke: {
        src: 'explainTime',
        input: ({ context }) => ({
          serviceItemIds: context.serviceItemIds,
          provider: context.provider ?? 0,
          time: context.time ?? '',
          ...(context.excludeGroupId ? { excludeGroupId: context.excludeGroupId } : {}),
        }),
        onDone: { target: 'answered', actions: assign({ answer: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessageOrNull(event.error) || EXPLAIN_FAILED }),
        },
      },
    },
    answered: {
      on: { ask: { target: 'asking' } },
    },
    failed: {
      on: { ask: { target: 'asking' } },
    },
  },
});
