/**
 * The calendar's months, in a module apart from the other appointments keys: its window (`monthWindow`) asks
 * Temporal, which only the dashboard and the appointments workspace load.
 */
import { queryOptions } from '@tanstack/react-query';
import { monthWindow } from '../../domain/dashboard/appointments';
import type { ApiClient } from '../client';
import { appointmentsApi } from './appointments';
import { APPOINTMENTS_KEY } from './appointments.queries';

/**
 * GET /appointments/calendar: one month of a provider's bookings (the calendar's light list), in the month's
 * window in the zone. Held for a minute, so paging back and forth (and to the months read ahead) paints from
 * the cache; the calendar reads afresh on a visit's first month and after a change.
 */
export const calendarQueries = {
  all: [...APPOINTMENTS_KEY, 'calendar'] as const,
  ofProvider: (providerId: number) => [...calendarQueries.all, providerId] as const,
  month: (api: ApiClient, input: { providerId: number; month: string; zone: string }) =>
    queryOptions({
      queryKey: [...calendarQueries.ofProvider(input.providerId), input.zone, input.month] as const,
      queryFn: ({ signal }) =>
        appointmentsApi(api).calendar(
          { provider: input.providerId, ...monthWindow(input.month, input.zone) },
          signal,
        ),
      staleTime: 60_000,
    }),
};
