import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import type { Provider } from '../contract/provider';
import { providersApi, type ProviderFilters, type ProviderOrder } from './providers';

/**
 * GET /providers: every provider for an admin, a provider user's own. The console reads the whole list only
 * for a provider user (`inView`); an admin's screens read the choices and the one provider in view.
 */
export const providerQueries = {
  all: ['providers'] as const,
  list: (api: ApiClient) =>
    queryOptions({ queryKey: providerQueries.all, queryFn: () => providersApi(api).list() }),
  /** Each provider's id, name and place (GET /providers/choices): the pickers and the provider filters. */
  choices: (api: ApiClient) =>
    queryOptions({
      queryKey: [...providerQueries.all, 'choices'] as const,
      queryFn: () => providersApi(api).choices(),
    }),
  /**
   * The providers the console is shown for: a provider user's own (the list, theirs alone), or for an admin
   * the one in view (`providerId`, GET /providers?id=; none when none is chosen or the API has no such one).
   */
  inView: (api: ApiClient, { isAdmin, providerId }: { isAdmin: boolean; providerId: number | null }) =>
    queryOptions({
      // A provider user's is the list's own entry: the list is theirs alone.
      queryKey: isAdmin
        ? [...providerQueries.all, 'inView', providerId]
        : ([...providerQueries.all] as (string | number | null)[]),
      queryFn: async (): Promise<Provider[]> => {
        if (!isAdmin) return providersApi(api).list();
        if (providerId === null) return [];
        const provider = await providersApi(api).get(providerId);
        return provider ? [provider] : [];
      },
    }),
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
