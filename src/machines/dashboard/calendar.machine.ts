/**
 * The dashboard's month calendar (02 §2): one month of the provider's appointments, placed by day in the
 * location's zone; previous and next month; a focused day the arrow keys move; an appointment's drawer.
 * The month lives in the URL: the machine emits `month.changed` and the screen writes it there.
 *
 *   loading ──done──► showing ──month.next / month.previous / month.show (another month)──► loading
 *      │ error                  provider.select (another provider)──► loading
 *      ▼
 *   failed ──retry──► loading          showing ──refresh──► loading (an appointment changed)
 *
 * day.move, day.focus, appointment.open and drawer.close work in every state.
 */
import { assign, emit, setup } from 'xstate';
import type { ProviderAppointment } from '../../api/contract/appointment';
import { moveDay, shiftMonth } from '../../domain/dashboard/appointments';
import { errorMessageOrNull } from '../shared/errors';
import { placeholder } from '../shared/placeholder';

export interface LoadMonthInput {
  providerId: number;
  month: string;
  zone: string;
}

export type CalendarEvent =
  | { type: 'month.next' }
  | { type: 'month.previous' }
  | { type: 'month.show'; month: string }
  | { type: 'provider.select'; providerId: number; zone: string }
  | { type: 'retry' }
  | { type: 'day.focus'; day: string }
  | { type: 'day.move'; by: number }
  | { type: 'appointment.open'; id: number }
  | { type: 'drawer.close' }
  | { type: 'refresh' };

export type CalendarEmitted = { type: 'month.changed'; month: string };

export interface CalendarContext {
  providerId: number;
  zone: string;
  month: string;
  appointments: ProviderAppointment[];
  focusedDay: string;
  openId: number | null;
  error: string | null;
}

export const MONTH_LOAD_FAILED = 'The appointments of this month could not be loaded.';

export const calendarMachine = setup({
  types: {
    input: {} as { providerId: number; zone: string; month: string },
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    emitted: {} as CalendarEmitted,
  },
  actors: {
    loadMonth: placeholder<ProviderAppointment[], LoadMonthInput>('loadMonth'),
  },
  guards: {
    isOtherMonth: ({ context, event }) => event.type === 'month.show' && event.month !== context.month,
    isOtherProvider: ({ context, event }) =>
      event.type === 'provider.select' && event.providerId !== context.providerId,
  },
  actions: {
    changeMonth: assign(({ context }, params: { by: number }) => {
      const month = shiftMonth(context.month, params.by);
      return { month, focusedDay: `${month}-01` };
    }),
    announceMonth: emit(({ context }) => ({ type: 'month.changed' as const, month: context.month })),
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => ({
    providerId: input.providerId,
    zone: input.zone,
    month: input.month,
    appointments: [],
    focusedDay: `${input.month}-01`,
    openId: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    'month.next': {
      target: '.loading',
      reenter: true,
      actions: [{ type: 'changeMonth', params: { by: 1 } }, 'announceMonth'],
    },
    'month.previous': {
      target: '.loading',
      reenter: true,
      actions: [{ type: 'changeMonth', params: { by: -1 } }, 'announceMonth'],
    },
    'month.show': {
      guard: 'isOtherMonth',
      target: '.loading',
      reenter: true,
      actions: assign({ month: ({ event }) => event.month, focusedDay: ({ event }) => `${event.month}-01` }),
    },
    'provider.select': {
      guard: 'isOtherProvider',
      target: '.loading',
      reenter: true,
      actions: assign({
        providerId: ({ event }) => event.providerId,
        zone: ({ event }) => event.zone,
        openId: null,
      }),
    },
    'day.focus': { actions: assign({ focusedDay: ({ event }) => event.day }) },
    'day.move': {
      actions: assign({
        focusedDay: ({ context, event }) => moveDay(context.focusedDay, event.by, context.month),
      }),
    },
    'appointment.open': { actions: assign({ openId: ({ event }) => event.id }) },
    'drawer.close': { actions: assign({ openId: null }) },
  },
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'loadMonth',
        input: ({ context }) => ({
          providerId: context.providerId,
          month: context.month,
          zone: context.zone,
        }),
        onDone: { target: 'showing', actions: assign({ appointments: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessageOrNull(event.error) || MONTH_LOAD_FAILED }),
        },
      },
    },
    // refresh: an appointment changed (status, cancel, reschedule, create); the open drawer stays open.
    showing: { on: { refresh: 'loading' } },
    failed: { on: { retry: 'loading' } },
  },
});
