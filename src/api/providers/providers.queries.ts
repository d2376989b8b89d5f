import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { providersApi, type ProviderFilters, type ProviderOrder } from './providers';

/** GET /providers: every provider for an admin, a provider user's own. */
export const providerQueries = {
  all: ['providers'] as const,
  list: (api: ApiClient) =>
    queryOptions({ queryKey: providerQueries.all, queryFn: () => providersApi(api).list() }),
  /** One provider of the caller's (the wizard's completion screen reads the one it made). */
  detail: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: [...providerQueries.all, 'detail', id] as const,
      // null when the API lists no such provider for the caller (a query's data is never undefined).
      queryFn: async () => (await providersApi(api).get(id)) ?? null,
    }),
  /** One page of the filtered list (the panel at /providers). */
  page: (api: ApiClient, filters: ProviderFilters, page: number, pageSize: number, order?: ProviderOrder) =>
    queryOptions({
      queryKey: [...providerQueries.all, 'page', filters, page, pageSize, order] as const,
      queryFn: () => providersApi(api).page(filters, page, pageSize, order),
      placeholderData: keepPreviousData,
    }),
  /** How many providers each filter value shows (the list's facets). */
  facets: (api: ApiClient, filters: ProviderFilters) =>
    queryOptions({
      queryKey: [...providerQueries.all, 'facets', filters] as const,
      queryFn: () => providersApi(api).facets(filters),
      placeholderData: keepPreviousData,
    }),
};
