import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { bundlesApi } from './bundles';

/** GET /bundle. */
export const bundleQueries = {
  all: ['bundle'] as const,
  list: (api: ApiClient) =>
    queryOptions({ queryKey: bundleQueries.all, queryFn: () => bundlesApi(api).list() }),
};
