import type { ApiClient } from '../../api/client';
import type { ProviderFilters as ApiFilters } from '../../api/providers/providers';
import { providerQueries } from '../../api/providers/providers.queries';
import { PROVIDERS_PAGE_SIZE, type ProvidersSearch } from './providers-search';

/** The list's filters as the API takes them (empty ones left out). */
export function apiFiltersOf(search: ProvidersSearch): ApiFilters {
  return Object.fromEntries(
    Object.entries({
      country: search.country,
      city: search.city,
      name: search.q,
      onboarding: search.onboarding,
      strategy: search.strategy,
      payoutsReady: search.payoutsReady,
      public: search.public,
    }).filter(([, value]) => value),
  );
}

/** The page of providers the URL's list state names: the list shows it, the manage view browses it. */
export const providerListQuery = (api: ApiClient, search: ProvidersSearch) =>
  providerQueries.page(api, apiFiltersOf(search), search.page, PROVIDERS_PAGE_SIZE, {
    sort: search.sort,
    dir: search.dir,
  });
