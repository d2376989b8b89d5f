/** The appointments workspace's side effects: its pages and the drawer's booking; tests provide their own. */
import { fromPromise } from 'xstate';
import type { AppointmentsApi } from '../../api/appointments/appointments';
import type { ProviderAppointment } from '../../api/contract/appointment';
import type { AppointmentListPage, AppointmentListQuery } from '../../api/contract/appointment-list';
import { workspaceQuery } from '../../domain/appointments/workspace';
import type { LoadAppointmentPageInput, LoadBookingInput } from './appointment-workspace.machine';

/** Reads one page (the screen reads it through the query cache, `appointmentListQueries`). */
export type ReadAppointmentPage = (query: AppointmentListQuery) => Promise<AppointmentListPage>;

export function createAppointmentWorkspaceActors(api: AppointmentsApi, readPage: ReadAppointmentPage) {
  return {
    loadAppointmentPage: fromPromise<AppointmentListPage, LoadAppointmentPageInput>(({ input }) =>
      readPage({
        ...workspaceQuery(input.filters),
        ...(input.cursor === null ? {} : { cursor: input.cursor }),
        limit: input.limit,
      }),
    ),
    loadBooking: fromPromise<ProviderAppointment | null, LoadBookingInput>(({ input, signal }) =>
      api.booking(input.providerId, input.groupId, signal),
    ),
  };
}
