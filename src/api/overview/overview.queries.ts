import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { overviewApi } from './overview';

/**
 * GET /overview (admin): the marketplace's figures for the last 30 days against the 30 before. Held for a
 * minute, so going back to the Overview paints at once; the figures are read again after that.
 */
export const overviewQueries = {
  all: ['overview'] as const,
  summary: (api: ApiClient) =>
    queryOptions({
      queryKey: [...overviewQueries.all, 'summary'] as const,
      queryFn: ({ signal }) => overviewApi(api).get({}, signal),
      staleTime: 60_000,
    }),
};
