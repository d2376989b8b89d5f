/** The dashboard's side effects, built from the appointments API; tests provide their own. */
import { Temporal } from 'temporal-polyfill';
import { fromPromise } from 'xstate';
import type { AppointmentsApi } from '../../api/appointments/appointments';
import type { ProviderAppointment } from '../../api/contract/appointment';
import { LIST_WINDOW_DAYS, monthWindow } from '../../domain/dashboard/appointments';
import type { LoadMonthInput } from './calendar.machine';
import type { DashboardData, LoadDashboardInput } from './dashboard.machine';

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
  };
}

export function createCalendarActors(api: AppointmentsApi) {
  return {
    loadMonth: fromPromise<ProviderAppointment[], LoadMonthInput>(({ input, signal }) =>
      api.list(
        { provider: input.providerId, group: true, user: true, ...monthWindow(input.month, input.zone) },
        signal,
      ),
    ),
  };
}
