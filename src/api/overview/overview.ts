import type { ApiClient } from '../client';
import { OverviewSchema, type OverviewQuery } from '../contract/overview';

/** GET /overview (admins): the marketplace's last 30 days against the 30 before. */
export function overviewApi(client: ApiClient) {
  return {
    get: (query: OverviewQuery, signal?: AbortSignal) =>
      client.get(OverviewSchema, '/overview', { query, ...(signal ? { signal } : {}) }),
  };
}
export type OverviewApi = ReturnType<typeof overviewApi>;
