import type { ApiClient } from '../client';
import {
  ProviderActivitySchema,
  ProviderAppointmentListSchema,
  type ProviderAppointmentsQuery,
} from '../contract/appointment';

/** The provider dashboard's reads (02 §7: GET /appointments; GET /appointments/activity). */
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
        },
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
