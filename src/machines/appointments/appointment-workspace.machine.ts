/**
 * The appointments workspace (/appointments): the newest page of appointments for the filters the URL
 * holds, more pages added below on Load more, and the drawer of the appointment a row opens (the dashboard's
 * drawer and tools). After a change made in the drawer the rows shown are read again and so is the booking.
 *
 *   list:  loading ──done──► ready ──more.load [hasMore]──► loadingMore ──done──► ready
 *            │  ▲               │                                └──error──► ready (its message by the button)
 *      error ▼  │ retry         └──appointment.changed──► refreshing ──done──► ready (the rows shown, read again)
 *          failed                                              └──error──► ready (rows kept, a toast)
 *          filters.change [other filters] ──► loading, from any list state (the rows shown go; the drawer stays)
 *          (another order of the same rows keeps them shown while the new order loads)
 *
 *   drawer: closed ──appointment.open──► loading ──done──► open ──appointment.changed──► loading (details stay)
 *                                          │ error / gone (closed)    drawer.close from any state ──► closed
 *                                          ▼
 *                                        failed ──drawer.retry──► loading
 *   appointment.open of another row while one is read reads that one instead; the list stays as it is.
 */
import { assign, emit, setup } from 'xstate';
import type { ProviderAppointment } from '../../api/contract/appointment';
import type { AppointmentListItem, AppointmentListPage } from '../../api/contract/appointment-list';
import {
  refreshLimit,
  sameFilters,
  sameRows,
  WORKSPACE_MESSAGES,
  WORKSPACE_PAGE,
  type AppointmentFilters,
} from '../../domain/appointments/workspace';
import { errorMessageOrNull } from '../shared/errors';
import { notice, type Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';

export interface LoadAppointmentPageInput {
  filters: AppointmentFilters;
  /** The page after this cursor; null for the first page. */
  cursor: string | null;
  limit: number;
}

export interface LoadBookingInput {
  providerId: number;
  groupId: string;
}

export type AppointmentWorkspaceEvent =
  | { type: 'filters.change'; filters: AppointmentFilters }
  | { type: 'more.load' }
  | { type: 'retry' }
  | { type: 'appointment.open'; providerId: number; groupId: string }
  | { type: 'appointment.changed' }
  | { type: 'drawer.retry' }
  | { type: 'drawer.close' };

export interface AppointmentWorkspaceContext {
  filters: AppointmentFilters;
  /** Every page read so far, newest start first. */
  rows: AppointmentListItem[];
  /** Reads the next page; null when the last page has been read. */
  nextCursor: string | null;
  /** The first page could not be read. */
  error: string | null;
  /** A further page could not be read (shown by Load more, which tries again). */
  moreError: string | null;
  /** The booking whose drawer is open (null: closed). */
  open: LoadBookingInput | null;
  /** Its details once read (kept while they are read again after a change). */
  booking: ProviderAppointment | null;
  bookingError: string | null;
}

export const BOOKING_LOAD_FAILED = 'This appointment could not be loaded.';

const filtersChange = {
  guard: {
    type: 'isOtherFilters',
    params: ({ event }: { event: { filters: AppointmentFilters } }) => ({ filters: event.filters }),
  },
  actions: {
    type: 'takeFilters',
    params: ({ event }: { event: { filters: AppointmentFilters } }) => ({ filters: event.filters }),
  },
} as const;

const openAppointment = {
  actions: {
    type: 'openBooking',
    params: ({ event }: { event: LoadBookingInput }) => ({
      providerId: event.providerId,
      groupId: event.groupId,
    }),
  },
} as const;

export const appointmentWorkspaceMachine = setup({
  types: {
    input: {} as { filters: AppointmentFilters },
    context: {} as AppointmentWorkspaceContext,
    events: {} as AppointmentWorkspaceEvent,
    emitted: {} as Notice,
  },
  actors: {
    loadAppointmentPage: placeholder<AppointmentListPage, LoadAppointmentPageInput>('loadAppointmentPage'),
    loadBooking: placeholder<ProviderAppointment | null, LoadBookingInput>('loadBooking'),
  },
  guards: {
    isOtherFilters: ({ context }, params: { filters: AppointmentFilters }) =>
      !sameFilters(context.filters, params.filters),
    hasMore: ({ context }) => context.nextCursor !== null,
    isFound: (_, params: { booking: ProviderAppointment | null }) => params.booking !== null,
  },
  actions: {
    // Another order of the same rows keeps those shown (dimmed, marked busy) until the new order comes.
    takeFilters: assign(({ context }, params: { filters: AppointmentFilters }) => ({
      filters: params.filters,
      rows: sameRows(context.filters, params.filters) ? context.rows : [],
      nextCursor: null,
      error: null,
      moreError: null,
    })),
    showFirstPage: assign((_, params: { page: AppointmentListPage }) => ({
      rows: params.page.items,
      nextCursor: params.page.nextCursor,
      moreError: null,
    })),
    addPage: assign(({ context }, params: { page: AppointmentListPage }) => ({
      rows: [...context.rows, ...params.page.items],
      nextCursor: params.page.nextCursor,
      moreError: null,
    })),
    failFirstPage: assign({ error: WORKSPACE_MESSAGES.loadFailed }),
    failMore: assign({ moreError: WORKSPACE_MESSAGES.moreFailed }),
    clearError: assign({ error: null }),
    noticeRefreshFailed: emit(() => notice('error', WORKSPACE_MESSAGES.refreshFailed)),
    openBooking: assign((_, params: LoadBookingInput) => ({
      open: params,
      booking: null,
      bookingError: null,
    })),
    showBooking: assign((_, params: { booking: ProviderAppointment | null }) => ({
      booking: params.booking,
    })),
    failBooking: assign((_, params: { error: unknown }) => ({
      bookingError: errorMessageOrNull(params.error) || BOOKING_LOAD_FAILED,
    })),
    clearBookingError: assign({ bookingError: null }),
    forgetBooking: assign({ open: null, booking: null, bookingError: null }),
  },
}).createMachine({
  id: 'appointmentWorkspace',
  type: 'parallel',
  context: ({ input }) => ({
    filters: input.filters,
    rows: [],
    nextCursor: null,
    error: null,
    moreError: null,
    open: null,
    booking: null,
    bookingError: null,
  }),
  states: {
    list: {
      initial: 'loading',
      on: {
        'filters.change': { ...filtersChange, target: '.loading' },
      },
      states: {
        loading: {
          tags: ['busy'],
          // Read again for the newer filters. (Re-entered here, not on the list node: re-entering a region
          // of a parallel chart re-enters its siblings too, which would close the drawer.)
          on: { 'filters.change': { ...filtersChange, target: 'loading', reenter: true } },
          invoke: {
            src: 'loadAppointmentPage',
            input: ({ context }) => ({ filters: context.filters, cursor: null, limit: WORKSPACE_PAGE }),
            onDone: {
              target: 'ready',
              actions: { type: 'showFirstPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: { target: 'failed', actions: 'failFirstPage' },
          },
        },
        ready: {
          on: {
            'more.load': { guard: 'hasMore', target: 'loadingMore' },
            'appointment.changed': 'refreshing',
          },
        },
        loadingMore: {
          description: 'The rows read so far stay shown while the next page is read.',
          invoke: {
            src: 'loadAppointmentPage',
            input: ({ context }) => ({
              filters: context.filters,
              cursor: context.nextCursor,
              limit: WORKSPACE_PAGE,
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'addPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: { target: 'ready', actions: 'failMore' },
          },
        },
        refreshing: {
          description:
            'An appointment changed: the rows shown (at most 200) are read again from the top in one page, and replace them.',
          invoke: {
            src: 'loadAppointmentPage',
            input: ({ context }) => ({
              filters: context.filters,
              cursor: null,
              limit: refreshLimit(context.rows.length),
            }),
            onDone: {
              target: 'ready',
              actions: { type: 'showFirstPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: { target: 'ready', actions: 'noticeRefreshFailed' },
          },
        },
        failed: {
          on: { retry: { target: 'loading', actions: 'clearError' } },
        },
      },
    },
    drawer: {
      initial: 'closed',
      on: {
        'appointment.open': { ...openAppointment, target: '.loading' },
        'drawer.close': { target: '.closed', actions: 'forgetBooking' },
      },
      states: {
        closed: {},
        loading: {
          entry: 'clearBookingError',
          // Another row while one is read: read that one instead.
          on: { 'appointment.open': { ...openAppointment, target: 'loading', reenter: true } },
          invoke: {
            src: 'loadBooking',
            input: ({ context }) => context.open ?? { providerId: 0, groupId: '' },
            onDone: [
              {
                guard: { type: 'isFound', params: ({ event }) => ({ booking: event.output }) },
                target: 'open',
                actions: { type: 'showBooking', params: ({ event }) => ({ booking: event.output }) },
              },
              // Gone (a reschedule made new rows): the drawer closes.
              { target: 'closed', actions: 'forgetBooking' },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'failBooking', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        // The drawer shows the booking as it is now after a change (status, cancel, reschedule).
        open: { on: { 'appointment.changed': 'loading' } },
        failed: { on: { 'drawer.retry': 'loading' } },
      },
    },
  },
});
