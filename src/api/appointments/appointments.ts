import type { ApiClient } from '../client';
import {
  CalendarAppointmentListSchema,
  ProviderActivitySchema,
  ProviderAppointmentListSchema,
  type CalendarAppointmentsQuery,
  type ProviderAppointmentsQuery,
} from '../contract/appointment';

/**
 * The provider dashboard's reads (02 §7: GET /appointments; GET /appointments/calendar, the month calendar's
 * light list; GET /appointments/activity).
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
    activity: (provider: number, signal?: AbortSignal) =>
      client.get(ProviderActivitySchema, '/appointments/activity', {
        query: { provider },
        ...(signal ? { signal } : {}),
      }),
  };
}
export type AppointmentsApi = ReturnType<typeof appointmentsApi>;
