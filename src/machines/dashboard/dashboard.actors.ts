/** The dashboard's side effects, built from the appointments API; tests provide their own. */
import { Temporal } from 'temporal-polyfill';
import { fromPromise } from 'xstate';
import type { AppointmentsApi } from '../../api/appointments/appointments';
import type {
  CalendarAppointment,
  ProviderActivity,
  ProviderAppointment,
} from '../../api/contract/appointment';
import { LIST_WINDOW_DAYS } from '../../domain/dashboard/appointments';
import type { LoadBookingInput, LoadMonthInput, PrefetchMonthsInput } from './calendar.machine';
import type { DashboardData, LoadActivityInput, LoadDashboardInput } from './dashboard.machine';

export function createDashboardActors(api: AppointmentsApi) {
  return {
    loadDashboard: fromPromise<DashboardData, LoadDashboardInput>(async ({ input, signal }) => {
      const now = Temporal.Instant.from(input.now);
      // A day more each side than the lists show, so a list computed from a later "now" still has its rows.
      const span = (LIST_WINDOW_DAYS + 1) * 24;
      const [appointments, activity] = await Promise.all([
        api.list(
          {
            provider: input.providerId,
            group: true,
            user: true,
            from: now.subtract({ hours: span }).toString(),
            to: now.add({ hours: span }).toString(),
          },
          signal,
        ),
        api.activity(input.providerId, signal),
      ]);
      return { appointments, activity };
    }),
    loadActivity: fromPromise<ProviderActivity, LoadActivityInput>(({ input, signal }) =>
      api.activity(input.providerId, signal),
    ),
  };
}

/**
 * Where the calendar's months come from: `read` answers a month (from a copy held for a short while, unless
 * `fresh`), `prefetch` reads months ahead into that copy. The screen builds it on its query cache.
 */
export interface MonthSource {
  read(input: LoadMonthInput): Promise<CalendarAppointment[]>;
  prefetch(input: PrefetchMonthsInput): Promise<void>;
}

export function createCalendarActors(api: AppointmentsApi, months: MonthSource) {
  return {
    loadMonth: fromPromise<CalendarAppointment[], LoadMonthInput>(({ input }) => months.read(input)),
    // Reading ahead is a convenience: a month it could not read is read when it is shown.
    prefetchMonths: fromPromise<void, PrefetchMonthsInput>(({ input }) =>
      months.prefetch(input).catch(() => {}),
    ),
    loadBooking: fromPromise<ProviderAppointment | null, LoadBookingInput>(({ input, signal }) =>
      api.booking(input.providerId, input.groupId, signal),
    ),
  };
}
