import { Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { uploadedImageUrl } from '../../api/uploads/uploads';
import { providerQueries } from '../../api/providers/providers.queries';
import { onboardingStageOf, type ProviderSortColumn } from '../../domain/providers/provider-list';
import { cityLineOf, placeLineOf } from '../../domain/providers/providers';
import { PageHeader } from '../../ui/kit/PageHeader';
import { PageShell } from '../../ui/kit/PageShell';
import { OnboardingFilterLine } from '../../ui/providers/OnboardingFilterLine';
import { ProviderFilters, type ProviderFacetName } from '../../ui/providers/ProviderFilters';
import { ProviderList } from '../../ui/providers/ProviderList';
import { apiFiltersOf, providerListQuery } from './provider-list-query';
import { PROVIDERS_NO_FILTERS, PROVIDERS_PAGE_SIZE, type ProvidersSearch } from './providers-search';

const TYPING_PAUSE_MS = 300;

const consoleRoute = getRouteApi('/_console');

export interface ProvidersScreenProps {
  api: ApiClient;
  search: ProvidersSearch;
  isAdmin: boolean;
  /** Writes new list state into the URL (filters reset the page). */
  onSearch(next: Partial<ProvidersSearch>): void;
}

/**
 * /providers without a selection (spec 02 §2): the providers as a sortable table (or tiles), filtered by
 * name and by facets with counts (all in the URL, applied by the API), one page at a time; admins get
 * Invite Provider.
 */
export function ProvidersScreen({ api, search, isAdmin, onSearch }: ProvidersScreenProps) {
  const [typed, setTyped] = useState(search.q);
  // The URL changes (Back, a pasted link, Clear filters): the box follows it.
  const [seen, setSeen] = useState(search.q);
  if (seen !== search.q) {
    setSeen(search.q);
    setTyped(search.q);
  }
  // Typing: the URL (and so the request) follows after a pause.
  useEffect(() => {
    if (typed === search.q) return;
    const timer = setTimeout(() => onSearch({ q: typed, page: 1 }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, search.q, onSearch]);

  const apiUrl = consoleRoute.useRouteContext().env.VITE_API_URL;
  const filters = apiFiltersOf(search);
  const page = useQuery(providerListQuery(api, search));
  const facets = useQuery(providerQueries.facets(api, filters));
  const total = page.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PROVIDERS_PAGE_SIZE));
  const providers = page.data?.providers ?? [];
  const tiles = providers.map((provider) => ({
    id: provider.id,
    name: provider.name,
    coverImageURL: provider.coverImageURL ? uploadedImageUrl(apiUrl, provider.coverImageURL) : null,
    place: placeLineOf(provider.location),
  }));
  const rows = providers.map((provider) => ({
    id: provider.id,
    name: provider.name,
    city: cityLineOf(provider.location),
    strategy: provider.strategy,
    stage: onboardingStageOf(provider.onboarding),
    payoutsReady: provider.onboarding.payoutsReady,
    isPublic: provider.location?.isPublic ?? false,
  }));
  const onSort = (column: ProviderSortColumn) =>
    onSearch({
      sort: column,
      dir: search.sort === column && search.dir === 'asc' ? 'desc' : 'asc',
      page: 1,
    });
  const onFacet = (name: ProviderFacetName, value: string) =>
    onSearch({
      [name]: value === '' ? (name === 'country' || name === 'city' ? '' : undefined) : value,
      page: 1,
    });

  return (
    <PageShell>
      <PageHeader
        title="Providers"
        description={
          search.onboarding ? (
            <OnboardingFilterLine
              state={search.onboarding}
              onClear={() => onSearch({ onboarding: undefined, page: 1 })}
            />
          ) : undefined
        }
        primary={
          isAdmin ? (
            <Button asChild colorPalette="teal">
              <Link to="/providers/provider/invite">Invite Provider</Link>
            </Button>
          ) : null
        }
      />
      <ProviderFilters
        q={typed}
        onQ={setTyped}
        values={{
          country: search.country,
          city: search.city,
          strategy: search.strategy ?? '',
          onboarding: search.onboarding ?? '',
          payoutsReady: search.payoutsReady ?? '',
          public: search.public ?? '',
        }}
        facets={facets.data ?? null}
        onFacet={onFacet}
        view={search.view}
        onView={(view) => onSearch({ view })}
      />
      <ProviderList
        view={search.view}
        rows={rows}
        tiles={tiles}
        sort={{ sort: search.sort, dir: search.dir }}
        onSort={onSort}
        filtered={Object.keys(filters).length > 0}
        onClearFilters={() => {
          setTyped('');
          onSearch(PROVIDERS_NO_FILTERS);
        }}
        loading={page.isPending || page.isPlaceholderData}
        failed={page.isError}
        onRetry={() => void page.refetch()}
        page={search.page}
        pageCount={pageCount}
        total={total}
        onPage={(next) => onSearch({ page: next })}
        onOpen={(id) => onSearch({ provider: id })}
      />
    </PageShell>
  );
}
