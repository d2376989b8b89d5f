/**
 * The provider dashboard's data (02 §2): the appointments of the 30 days each side of now and the activity
 * figures of the provider being shown. Switching provider reloads; a failure shows its message and a retry.
 *
 *   waitingForProvider ──provider.select──► loading ──done──► ready
 *                                             │  ▲              │
 *                                     error   ▼  │ retry        │ provider.select (switching: the old
 *                                           failed ◄────────────┘ figures stay until the new ones come)
 *
 * ready ──refresh──► loading when an appointment changed (the lists and figures stay shown meanwhile).
 * ready.shown ──activity.retry──► ready.rereadingActivity: the payment provider did not answer, so the
 * activity came without its payout figures; Try again reads the activity alone again (everything else stays
 * shown). A re-read that fails leaves what was shown.
 * provider.select with another provider reloads from any state; with the same one it is ignored.
 */
import { assign, setup } from 'xstate';
import type { ProviderActivity, ProviderAppointment } from '../../api/contract/appointment';
import { errorMessageOrNull } from '../shared/errors';
import { placeholder } from '../shared/placeholder';

export interface DashboardData {
  appointments: ProviderAppointment[];
  activity: ProviderActivity;
}

export interface LoadActivityInput {
  providerId: number;
}

export interface LoadDashboardInput {
  providerId: number;
  /** "Now" as an ISO instant: the lists' window is computed from it. */
  now: string;
}

export type DashboardEvent =
  | { type: 'provider.select'; providerId: number }
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'activity.retry' };

export interface DashboardContext {
  providerId: number | null;
  now: string;
  data: DashboardData | null;
  /** Which provider `data` belongs to (while switching it is still the previous one). */
  dataProviderId: number | null;
  error: string | null;
}

export const DASHBOARD_LOAD_FAILED = 'The dashboard could not be loaded.';

export const dashboardMachine = setup({
  types: {
    input: {} as { now: string },
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    loadDashboard: placeholder<DashboardData, LoadDashboardInput>('loadDashboard'),
    loadActivity: placeholder<ProviderActivity, LoadActivityInput>('loadActivity'),
  },
  guards: {
    isOtherProvider: ({ context, event }) =>
      event.type === 'provider.select' && event.providerId !== context.providerId,
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    providerId: null,
    now: input.now,
    data: null,
    dataProviderId: null,
    error: null,
  }),
  initial: 'waitingForProvider',
  on: {
    'provider.select': {
      guard: 'isOtherProvider',
      target: '.loading',
      reenter: true,
      actions: assign({ providerId: ({ event }) => event.providerId, error: null }),
    },
  },
  states: {
    // Until the screen knows whose dashboard this is (the providers list, the URL, view-as).
    waitingForProvider: {},
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadDashboard',
        input: ({ context }) => ({ providerId: context.providerId ?? 0, now: context.now }),
        onDone: {
          target: 'ready',
          actions: assign({
            data: ({ event }) => event.output,
            dataProviderId: ({ context }) => context.providerId,
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => errorMessageOrNull(event.error) || DASHBOARD_LOAD_FAILED,
          }),
        },
      },
    },
    // refresh: an appointment changed; the figures shown stay until the new ones come.
    ready: {
      on: { refresh: 'loading' },
      initial: 'shown',
      states: {
        shown: { on: { 'activity.retry': 'rereadingActivity' } },
        // Try again on payout figures the payment provider did not give: the activity alone, read again.
        rereadingActivity: {
          invoke: {
            src: 'loadActivity',
            input: ({ context }) => ({ providerId: context.providerId ?? 0 }),
            onDone: {
              target: 'shown',
              actions: assign({
                data: ({ context, event }) => context.data && { ...context.data, activity: event.output },
              }),
            },
            onError: 'shown',
          },
        },
      },
    },
    failed: {
      on: { retry: { target: 'loading', actions: assign({ error: null }) } },
    },
  },
});
