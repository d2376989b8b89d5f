/**
 * The dashboard's month calendar (02 §2): one month of the provider's bookings (the light list: what a day
 * cell shows), placed by day in the location's zone; previous and next month; a focused day the arrow keys
 * move; an appointment's drawer, whose details (customer, services) are read when it opens. The month lives
 * in the URL: the machine emits `month.changed` and the screen writes it there.
 *
 *   month:  loading ──done──► showing ──month.next / month.previous / month.show (another month)──► loading
 *              │ error          │            provider.select (another provider)──► loading
 *              ▼                │ refresh (an appointment changed; read afresh)──► loading
 *           failed ──retry──► loading
 *           showing: idle ──after prefetchDelay──► prefetching (the months before and after, so paging to
 *           them paints from the cache)
 *
 *   drawer: closed ──appointment.open──► loading ──done──► open ──refresh──► loading (the old details stay)
 *                                          │ error / gone (closed)     drawer.close from any state ──► closed
 *                                          ▼
 *                                        failed ──drawer.retry──► loading
 *
 * While a month loads the one shown before stays (busy) until the new one can replace it whole.
 * day.move and day.focus work in every state; appointment.open of another booking reads that one.
 *
 * view: month or week (view.show; the screen keeps it in the URL). The week shown is the focused day's (the
 * input's `day` when it is in the month, so a reload keeps the week); week.next / week.previous move the
 * focused day by seven days (its month becomes the month; week.changed announces both, for the URL) and read
 * the week's months when they are not both held, so a week across a month's end reads the two months
 * (loadMonth's `also`); month.today in the week view does the same for today's week.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { CalendarAppointment, ProviderAppointment } from '../../api/contract/appointment';
import {
  addDays,
  monthsOfWeek,
  moveDay,
  shiftMonth,
  type CalendarViewMode,
} from '../../domain/dashboard/appointments';
import { errorMessageOrNull } from '../shared/errors';
import { placeholder } from '../shared/placeholder';

export interface LoadMonthInput {
  providerId: number;
  month: string;
  zone: string;
  /** Read it from the API even when a copy is held (the first month of a visit, after a change). */
  fresh: boolean;
  /** Other months read with it: the week view's week reaching into the month before or after. */
  also: string[];
}

export interface PrefetchMonthsInput {
  providerId: number;
  zone: string;
  months: string[];
}

export interface LoadBookingInput {
  providerId: number;
  groupId: string;
}

export type { CalendarViewMode };

export type CalendarEvent =
  | { type: 'month.next' }
  | { type: 'month.previous' }
  | { type: 'month.show'; month: string }
  /** Today's date in the zone (YYYY-MM-DD): its month shown and the day focused. */
  | { type: 'month.today'; day: string }
  | { type: 'provider.select'; providerId: number; zone: string }
  | { type: 'retry' }
  | { type: 'day.focus'; day: string }
  | { type: 'day.move'; by: number }
  | { type: 'appointment.open'; groupId: string }
  | { type: 'drawer.retry' }
  | { type: 'drawer.close' }
  | { type: 'refresh' }
  | { type: 'view.show'; view: CalendarViewMode }
  | { type: 'week.next' }
  | { type: 'week.previous' };

export type CalendarEmitted =
  | { type: 'month.changed'; month: string }
  /** The week view moved: the focused day and its month. */
  | { type: 'week.changed'; month: string; day: string };

export interface CalendarContext {
  providerId: number;
  zone: string;
  month: string;
  view: CalendarViewMode;
  appointments: CalendarAppointment[];
  /** The months `appointments` hold (none while a read is under way or after a failure). */
  loadedMonths: string[];
  /** The month `appointments` belong to: the one still shown while another loads. */
  shownMonth: string;
  /** Whether the next load skips any held copy of the month. */
  fresh: boolean;
  focusedDay: string;
  /** The booking whose drawer is open (null: closed). */
  openGroupId: string | null;
  /** Its details once read (kept while they are read again after a change). */
  booking: ProviderAppointment | null;
  bookingError: string | null;
  error: string | null;
}

export const MONTH_LOAD_FAILED = 'The appointments of this month could not be loaded.';
export const BOOKING_LOAD_FAILED = 'This appointment could not be loaded.';

export const calendarMachine = setup({
  types: {
    /** `today` (YYYY-MM-DD in the zone) has the focus when it is in the month shown first. */
    input: {} as {
      providerId: number;
      zone: string;
      month: string;
      today?: string;
      view?: CalendarViewMode;
      /** The focused day (YYYY-MM-DD) the URL kept for the week view; used when it is in the month. */
      day?: string;
    },
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    emitted: {} as CalendarEmitted,
  },
  actors: {
    loadMonth: placeholder<CalendarAppointment[], LoadMonthInput>('loadMonth'),
    prefetchMonths: placeholder<void, PrefetchMonthsInput>('prefetchMonths'),
    loadBooking: placeholder<ProviderAppointment | null, LoadBookingInput>('loadBooking'),
  },
  delays: {
    /** Neighbouring months are read once a month has been shown this long (not while it is painted). */
    prefetchDelay: 400,
  },
  guards: {
    isOtherMonth: ({ context, event }) => event.type === 'month.show' && event.month !== context.month,
    isOtherProvider: ({ context, event }) =>
      event.type === 'provider.select' && event.providerId !== context.providerId,
    isFound: (_, params: { booking: ProviderAppointment | null }) => params.booking !== null,
    isOtherView: ({ context, event }) => event.type === 'view.show' && event.view !== context.view,
    /** In the week view, the week of `day` reaches a month not held. */
    isWeekNotHeld: ({ context }, params: { day: string }) => isWeekNotHeld(context, params.day),
    /** Today is in another month, or (week view) its week reaches a month not held. */
    isTodayNotHeld: ({ context, event }) =>
      event.type === 'month.today' &&
      (!event.day.startsWith(`${context.month}-`) || isWeekNotHeld(context, event.day)),
  },
  actions: {
    changeMonth: assign(({ context }, params: { by: number }) => {
      const month = shiftMonth(context.month, params.by);
      return { month, focusedDay: `${month}-01` };
    }),
    /** The month moved: announced as such, or in the week view as the week (with its focused day). */
    announceMonth: enqueueActions(({ context, enqueue }) => {
      enqueue.emit(
        context.view === 'week'
          ? { type: 'week.changed', month: context.month, day: context.focusedDay }
          : { type: 'month.changed', month: context.month },
      );
    }),
    /** In the week view, the week shown is announced with its focused day and month (for the URL). */
    announceWeek: enqueueActions(({ context, enqueue }) => {
      if (context.view !== 'week') return;
      enqueue.emit({ type: 'week.changed', month: context.month, day: context.focusedDay });
    }),
    forgetBooking: assign({ openGroupId: null, booking: null, bookingError: null }),
    /** The focused day moves by `by` days and its month becomes the month; both are announced. */
    moveWeek: enqueueActions(({ context, enqueue }, params: { by: number }) => {
      const focusedDay = addDays(context.focusedDay, params.by);
      const month = focusedDay.slice(0, 7);
      enqueue.assign({ focusedDay, month });
      enqueue.emit({ type: 'week.changed', month, day: focusedDay });
    }),
  },
}).createMachine({
  id: 'calendar',
  type: 'parallel',
  context: ({ input }) => ({
    providerId: input.providerId,
    zone: input.zone,
    month: input.month,
    view: input.view ?? 'month',
    appointments: [],
    loadedMonths: [],
    shownMonth: input.month,
    fresh: true,
    focusedDay:
      [input.day, input.today].find((day) => day?.startsWith(`${input.month}-`)) ?? `${input.month}-01`,
    openGroupId: null,
    booking: null,
    bookingError: null,
    error: null,
  }),
  on: {
    'day.focus': { actions: assign({ focusedDay: ({ event }) => event.day }) },
    'day.move': {
      actions: assign({
        focusedDay: ({ context, event }) => moveDay(context.focusedDay, event.by, context.month),
      }),
    },
  },
  states: {
    month: {
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
          actions: assign({
            month: ({ event }) => event.month,
            focusedDay: ({ event }) => `${event.month}-01`,
          }),
        },
        'month.today': [
          {
            guard: 'isTodayNotHeld',
            target: '.loading',
            reenter: true,
            actions: [
              assign({
                month: ({ event }) => event.day.slice(0, 7),
                focusedDay: ({ event }) => event.day,
              }),
              'announceMonth',
            ],
          },
          { actions: [assign({ focusedDay: ({ event }) => event.day }), 'announceWeek'] },
        ],
        'week.next': [
          {
            guard: {
              type: 'isWeekNotHeld',
              params: ({ context }) => ({ day: addDays(context.focusedDay, 7) }),
            },
            target: '.loading',
            reenter: true,
            actions: { type: 'moveWeek', params: { by: 7 } },
          },
          { actions: { type: 'moveWeek', params: { by: 7 } } },
        ],
        'week.previous': [
          {
            guard: {
              type: 'isWeekNotHeld',
              params: ({ context }) => ({ day: addDays(context.focusedDay, -7) }),
            },
            target: '.loading',
            reenter: true,
            actions: { type: 'moveWeek', params: { by: -7 } },
          },
          { actions: { type: 'moveWeek', params: { by: -7 } } },
        ],
        'view.show': {
          guard: 'isOtherView',
          target: '.loading',
          reenter: true,
          actions: assign({ view: ({ event }) => event.view }),
        },
        'provider.select': {
          guard: 'isOtherProvider',
          target: '.loading',
          reenter: true,
          actions: assign({
            providerId: ({ event }) => event.providerId,
            zone: ({ event }) => event.zone,
            fresh: true,
          }),
        },
      },
      states: {
        loading: {
          tags: ['busy'],
          entry: assign({ error: null, loadedMonths: [] }),
          invoke: {
            src: 'loadMonth',
            input: ({ context }) => ({
              providerId: context.providerId,
              month: context.month,
              zone: context.zone,
              fresh: context.fresh,
              also: otherMonthsOfWeek(context),
            }),
            onDone: {
              target: 'showing',
              actions: assign({
                appointments: ({ event }) => event.output,
                shownMonth: ({ context }) => context.month,
                loadedMonths: ({ context }) => [context.month, ...otherMonthsOfWeek(context)],
                fresh: false,
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => errorMessageOrNull(event.error) || MONTH_LOAD_FAILED }),
            },
          },
        },
        showing: {
          initial: 'idle',
          on: { refresh: { target: 'loading', actions: assign({ fresh: true }) } },
          states: {
            idle: { after: { prefetchDelay: 'prefetching' } },
            prefetching: {
              invoke: {
                src: 'prefetchMonths',
                input: ({ context }) => ({
                  providerId: context.providerId,
                  zone: context.zone,
                  months: [shiftMonth(context.month, 1), shiftMonth(context.month, -1)],
                }),
              },
            },
          },
        },
        failed: { on: { retry: 'loading' } },
      },
    },
    drawer: {
      initial: 'closed',
      on: {
        'appointment.open': {
          target: '.loading',
          reenter: true,
          actions: assign({
            openGroupId: ({ event }) => event.groupId,
            booking: null,
            bookingError: null,
          }),
        },
        'drawer.close': { target: '.closed', actions: 'forgetBooking' },
        'provider.select': { guard: 'isOtherProvider', target: '.closed', actions: 'forgetBooking' },
      },
      states: {
        closed: {},
        loading: {
          entry: assign({ bookingError: null }),
          invoke: {
            src: 'loadBooking',
            input: ({ context }) => ({ providerId: context.providerId, groupId: context.openGroupId ?? '' }),
            onDone: [
              {
                guard: { type: 'isFound', params: ({ event }) => ({ booking: event.output }) },
                target: 'open',
                actions: assign({ booking: ({ event }) => event.output }),
              },
              // Gone (a reschedule made new rows): the drawer closes.
              { target: 'closed', actions: 'forgetBooking' },
            ],
            onError: {
              target: 'failed',
              actions: assign({
                bookingError: ({ event }) => errorMessageOrNull(event.error) || BOOKING_LOAD_FAILED,
              }),
            },
          },
        },
        // refresh: an appointment changed (status, cancel, reschedule); the drawer shows it as it is now.
        open: { on: { refresh: 'loading' } },
        failed: { on: { 'drawer.retry': 'loading' } },
      },
    },
  },
});

/** The months besides the month that the week view's week reaches (none in the month view). */
function otherMonthsOfWeek(context: Pick<CalendarContext, 'view' | 'focusedDay' | 'month'>): string[] {
  if (context.view !== 'week') return [];
  return monthsOfWeek(context.focusedDay).filter((m) => m !== context.month);
}

function isWeekNotHeld(context: Pick<CalendarContext, 'view' | 'loadedMonths'>, day: string): boolean {
  return context.view === 'week' && !monthsOfWeek(day).every((m) => context.loadedMonths.includes(m));
}
