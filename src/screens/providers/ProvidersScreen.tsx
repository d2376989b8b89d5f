import { Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { uploadedImageUrl } from '../../api/uploads/uploads';
import { providerQueries } from '../../app/queries';
import { placeLineOf } from '../../domain/providers/providers';
import { PageHeader } from '../../ui/kit/PageHeader';
import { ProviderList, type ProviderFiltersValue } from '../../ui/providers/ProviderList';
import { PROVIDERS_PAGE_SIZE, type ProvidersSearch } from './providers-search';
import { PageShell } from '../../ui/kit/PageShell';
import { OnboardingFilterLine } from '../../ui/providers/OnboardingFilterLine';

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
 * /providers without a selection (spec 02 §2): filters by country, city and provider name (in the URL,
 * applied by the API), one page of tiles at a time; admins get Invite Provider.
 */
export function ProvidersScreen({ api, search, isAdmin, onSearch }: ProvidersScreenProps) {
  const [typed, setTyped] = useState<ProviderFiltersValue>({
    country: search.country,
    city: search.city,
    q: search.q,
  });
  // The URL changes (Back, a pasted link): the boxes follow it.
  const inUrl = `${search.country}\n${search.city}\n${search.q}`;
  const [seen, setSeen] = useState(inUrl);
  if (seen !== inUrl) {
    setSeen(inUrl);
    setTyped({ country: search.country, city: search.city, q: search.q });
  }
  // Typing: the URL (and so the request) follows after a pause.
  useEffect(() => {
    if (typed.country === search.country && typed.city === search.city && typed.q === search.q) return;
    const timer = setTimeout(() => onSearch({ ...typed, page: 1 }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, search.country, search.city, search.q, onSearch]);

  const apiUrl = consoleRoute.useRouteContext().env.VITE_API_URL;
  const filters = {
    country: search.country,
    city: search.city,
    name: search.q,
    ...(search.onboarding ? { onboarding: search.onboarding } : {}),
  };
  const page = useQuery(providerQueries.page(api, filters, search.page, PROVIDERS_PAGE_SIZE));
  const total = page.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PROVIDERS_PAGE_SIZE));
  const tiles = (page.data?.providers ?? []).map((provider) => ({
    id: provider.id,
    name: provider.name,
    coverImageURL: provider.coverImageURL ? uploadedImageUrl(apiUrl, provider.coverImageURL) : null,
    place: placeLineOf(provider.location),
  }));

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
      <ProviderList
        filters={typed}
        onFilterChange={(field, value) => setTyped((current) => ({ ...current, [field]: value }))}
        tiles={tiles}
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
