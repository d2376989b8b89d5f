/** The month calendar's months on the query cache (`calendarQueries`): what its machine's actors read. */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { MonthSource } from '../machines/dashboard/dashboard.actors';
import { calendarQueries } from '../api/appointments/calendar.queries';

export function calendarMonths(api: ApiClient, client: QueryClient): MonthSource {
  return {
    read: async ({ fresh, also, providerId, zone, month }) => {
      if (fresh) {
        // Whatever is held or being read ahead for this provider predates the change: read it again.
        const queryKey = calendarQueries.ofProvider(providerId);
        await client.cancelQueries({ queryKey });
        await client.invalidateQueries({ queryKey, refetchType: 'none' });
      }
      // A week across a month's end reads both months (each its own copy on the cache); their windows overlap
      // by a day each side, so a booking near the end comes once.
      const lists = await Promise.all(
        [month, ...also].map((m) =>
          client.fetchQuery(calendarQueries.month(api, { providerId, zone, month: m })),
        ),
      );
      if (lists.length === 1) return lists[0] ?? [];
      return [...new Map(lists.flat().map((a) => [a.groupId, a])).values()];
    },
    prefetch: async ({ providerId, zone, months }) => {
      await Promise.all(
        months.map((month) => client.prefetchQuery(calendarQueries.month(api, { providerId, zone, month }))),
      );
    },
  };
}
