/**
 * The onboarding wizard (spec 02 §2): three steps with Back and Next; the step lives in the URL
 * (`wizard.goTo` follows it, up to the furthest step reached) and the progress is stored by the screen
 * (passwords blanked; Log Out clears it, `wizard.abort` ends the wizard).
 *
 *   routing ─► profile.editing ─next [§5 rule]─► profile.creating (provider creation) ─created─► services
 *                 │ back: left (strategy choice for BOOKER/MANUAL, else credentials)  ◄─failed─┘
 *   services ─next (Get Started)─► completed ─finish (Return To Dashboard)─► finished
 *   services (MANUAL): the availability editor child; Get Started sends it availability.finish, and the step
 *                      moves on when it ends (everything saved); a refused save stays on the step
 */
import { assign, sendTo, setup } from 'xstate';
import { canSubmitProfile, type CredentialsDraft, type ProfileDraft } from '../../domain/onboarding/profile';
import type { OnboardingProgress, WizardStep } from '../../domain/onboarding/progress';
import { backGoesToFirstStep } from '../../domain/onboarding/strategies';
import { availabilityEditorMachine } from '../availability/availability-editor.machine';
import { providerCreationMachine } from './provider-creation.machine';

export interface OnboardingWizardInput {
  progress: OnboardingProgress;
  /** The step the URL names. */
  step: WizardStep;
}

export interface OnboardingWizardContext {
  progress: OnboardingProgress;
  step: WizardStep;
  /** Where Back from step 1 leaves to. */
  exit: 'strategy' | 'credentials' | null;
}

export type OnboardingWizardEvent =
  | { type: 'profile.change'; patch: Partial<ProfileDraft> }
  | { type: 'credentials.change'; patch: Partial<CredentialsDraft> }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.goTo'; step: WizardStep }
  | { type: 'wizard.finish' }
  | { type: 'wizard.abort' };

const reach = (progress: OnboardingProgress, step: WizardStep): OnboardingProgress => ({
  ...progress,
  reached: Math.max(progress.reached, step) as WizardStep,
});

export const onboardingWizardMachine = setup({
  types: {
    input: {} as OnboardingWizardInput,
    context: {} as OnboardingWizardContext,
    events: {} as OnboardingWizardEvent,
    output: {} as { finished: boolean },
  },
  actors: { providerCreation: providerCreationMachine, availabilityEditor: availabilityEditorMachine },
  guards: {
    canSubmit: ({ context }) => canSubmitProfile(context.progress.strategy, context.progress.profile),
    atStep2: ({ context }) => context.step === 2,
    atStep3: ({ context }) => context.step === 3,
    isReached: ({ context, event }) => event.type === 'wizard.goTo' && event.step <= context.progress.reached,
    wasCreated: (_, params: { created: boolean }) => params.created,
    /** Step 2 of a MANUAL provider with its location: the availability editor. */
    editsAvailability: ({ context }) =>
      context.progress.strategy === 'MANUAL' && context.progress.ids.locationId !== null,
  },
  actions: {
    changeProfile: assign(({ context, event }) =>
      event.type === 'profile.change'
        ? { progress: { ...context.progress, profile: { ...context.progress.profile, ...event.patch } } }
        : {},
    ),
    changeCredentials: assign(({ context, event }) =>
      event.type === 'credentials.change'
        ? {
            progress: {
              ...context.progress,
              credentials: { ...context.progress.credentials, ...event.patch },
            },
          }
        : {},
    ),
    goToStep: assign(({ event }) => (event.type === 'wizard.goTo' ? { step: event.step } : {})),
    enterStep: assign(({ context }, params: { step: WizardStep }) => ({
      step: params.step,
      progress: reach(context.progress, params.step),
    })),
    leave: assign(({ context }) => ({
      exit: backGoesToFirstStep(context.progress.strategy) ? ('strategy' as const) : ('credentials' as const),
    })),
  },
}).createMachine({
  id: 'onboardingWizard',
  context: ({ input }) => ({
    progress: input.progress,
    step: input.step <= input.progress.reached ? input.step : input.progress.reached,
    exit: null,
  }),
  initial: 'routing',
  output: ({ context }) => ({ finished: context.progress.reached === 3 && context.exit === null }),
  on: { 'wizard.abort': '.aborted' },
  states: {
    routing: {
      always: [
        { guard: 'atStep3', target: 'completed' },
        { guard: 'atStep2', target: 'services' },
        { target: 'profile' },
      ],
    },
    profile: {
      entry: { type: 'enterStep', params: { step: 1 } },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'profile.change': { actions: 'changeProfile' },
            'credentials.change': { actions: 'changeCredentials' },
            'wizard.next': { guard: 'canSubmit', target: 'creating' },
            'wizard.back': { target: '#onboardingWizard.left', actions: 'leave' },
            'wizard.goTo': { guard: 'isReached', target: '#onboardingWizard.routing', actions: 'goToStep' },
          },
        },
        creating: {
          description: 'Provider creation runs; a second Next meanwhile is ignored (no handler here).',
          tags: ['busy'],
          entry: sendTo('creation', { type: 'creation.submit' }),
          invoke: {
            id: 'creation',
            src: 'providerCreation',
            input: ({ context }) => ({
              strategy: context.progress.strategy,
              profile: context.progress.profile,
              credentials: context.progress.credentials,
              ids: context.progress.ids,
            }),
            onDone: [
              {
                guard: { type: 'wasCreated', params: ({ event }) => ({ created: event.output.created }) },
                target: '#onboardingWizard.services',
                actions: assign(({ context, event }) => ({
                  progress: { ...context.progress, ids: event.output.ids },
                })),
              },
              {
                target: 'editing',
                actions: assign(({ context, event }) => ({
                  progress: { ...context.progress, ids: event.output.ids },
                })),
              },
            ],
            onError: { target: 'editing' },
          },
        },
      },
    },
    services: {
      entry: { type: 'enterStep', params: { step: 2 } },
      on: {
        'wizard.back': { target: 'profile' },
        'wizard.goTo': { guard: 'isReached', target: 'routing', actions: 'goToStep' },
      },
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'editsAvailability', target: 'availability' }, { target: 'mapping' }],
        },
        mapping: { on: { 'wizard.next': { target: '#onboardingWizard.completed' } } },
        availability: {
          description:
            'MANUAL: the availability editor runs as a child; Get Started has it save what is unsaved first and ' +
            'moves on once it ends. A refused save keeps the step, its error and everything typed.',
          invoke: {
            id: 'availability',
            src: 'availabilityEditor',
            input: ({ context }) => ({ locationId: context.progress.ids.locationId ?? 0 }),
            onDone: { target: '#onboardingWizard.completed' },
          },
          on: { 'wizard.next': { actions: sendTo('availability', { type: 'availability.finish' }) } },
        },
      },
    },
    completed: {
      entry: { type: 'enterStep', params: { step: 3 } },
      on: {
        'wizard.back': { target: 'services' },
        'wizard.goTo': { guard: 'isReached', target: 'routing', actions: 'goToStep' },
        'wizard.finish': { target: 'finished' },
      },
    },
    left: { type: 'final', description: 'Back from step 1: the screen goes to the previous screen.' },
    finished: { type: 'final', description: 'Return To Dashboard: the progress is cleared.' },
    aborted: { type: 'final', description: 'The session ended (Log Out): the progress is cleared.' },
  },
});
