/** The month calendar's months on the query cache (`calendarQueries`): what its machine's actors read. */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { MonthSource } from '../machines/dashboard/dashboard.actors';
import { calendarQueries } from './queries';

export function calendarMonths(api: ApiClient, client: QueryClient): MonthSource {
  return {
    read: async ({ fresh, ...month }) => {
      if (fresh) {
        // Whatever is held or being read ahead for this provider predates the change: read it again.
        const queryKey = calendarQueries.ofProvider(month.providerId);
        await client.cancelQueries({ queryKey });
        await client.invalidateQueries({ queryKey, refetchType: 'none' });
      }
      return client.fetchQuery(calendarQueries.month(api, month));
    },
    prefetch: async ({ providerId, zone, months }) => {
      await Promise.all(
        months.map((month) => client.prefetchQuery(calendarQueries.month(api, { providerId, zone, month }))),
      );
    },
  };
}
