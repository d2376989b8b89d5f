import type { ApiClient } from '../client';
import {
  CalendarAppointmentListSchema,
  ProviderActivitySchema,
  ProviderAppointmentListSchema,
  type CalendarAppointmentsQuery,
  type ProviderAppointmentsQuery,
} from '../contract/appointment';
import { AppointmentListPageSchema, type AppointmentListQuery } from '../contract/appointment-list';

/**
 * The provider dashboard's reads (02 §7: GET /appointments; GET /appointments/calendar, the month calendar's
 * light list; GET /appointments/activity) and the appointments workspace's pages (GET /appointments/list).
 */
export function appointmentsApi(client: ApiClient) {
  return {
    list: (query: ProviderAppointmentsQuery, signal?: AbortSignal) =>
      client.get(ProviderAppointmentListSchema, '/appointments', {
        query: {
          provider: query.provider,
          ...(query.group ? { group: 'true' } : {}),
          ...(query.user ? { user: 'true' } : {}),
          ...(query.from ? { from: query.from } : {}),
          ...(query.to ? { to: query.to } : {}),
          ...(query.groupId ? { groupId: query.groupId } : {}),
        },
        ...(signal ? { signal } : {}),
      }),
    calendar: (query: CalendarAppointmentsQuery, signal?: AbortSignal) =>
      client.get(CalendarAppointmentListSchema, '/appointments/calendar', {
        query: {
          provider: query.provider,
          ...(query.from ? { from: query.from } : {}),
          ...(query.to ? { to: query.to } : {}),
        },
        ...(signal ? { signal } : {}),
      }),
    /** One booking with its customer and services (the drawer), or null when it is gone. */
    booking: async (provider: number, groupId: string, signal?: AbortSignal) => {
      const [booking] = await client.get(ProviderAppointmentListSchema, '/appointments', {
        query: { provider, group: 'true', user: 'true', groupId },
        ...(signal ? { signal } : {}),
      });
      return booking ?? null;
    },
    /** One page of the workspace's list: every provider's for an admin, a provider user's own. */
    page: (query: AppointmentListQuery, signal?: AbortSignal) =>
      client.get(AppointmentListPageSchema, '/appointments/list', {
        query: { ...query },
        ...(signal ? { signal } : {}),
      }),
    activity: (provider: number, signal?: AbortSignal) =>
      client.get(ProviderActivitySchema, '/appointments/activity', {
        query: { provider },
        ...(signal ? { signal } : {}),
      }),
  };
}
export type AppointmentsApi = ReturnType<typeof appointmentsApi>;
