import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { recordPlace } from '../../domain/shared/record-pager';
import type { RecordPagerProps } from '../../ui/kit/RecordPager';
import { pagerOf } from '../shared/record-place';
import { providerListQuery } from './provider-list-query';
import { PROVIDERS_PAGE_SIZE, type ProvidersSearch } from './providers-search';

/**
 * The managed provider's place in the list it was opened from (the URL keeps the list's filters, order and
 * page): "3 of 25", and previous and next in that order, across the list's pages. Null while the page is
 * read, or when the provider is not on it (a link from elsewhere).
 */
export function useProviderPlace(
  api: ApiClient,
  list: ProvidersSearch,
  providerId: number,
  open: (providerId: number, page: number) => void,
): Omit<RecordPagerProps, 'noun'> | null {
  const queryClient = useQueryClient();
  const page = useQuery(providerListQuery(api, list));
  if (!page.data || page.isPlaceholderData) return null;
  const ids = page.data.providers.map((provider) => provider.id);
  const place = recordPlace(ids, providerId, {
    number: list.page,
    size: PROVIDERS_PAGE_SIZE,
    total: page.data.total,
  });
  if (!place) return null;
  return pagerOf(place, list.page, open, async (number) => {
    const read = await queryClient.fetchQuery(providerListQuery(api, { ...list, page: number }));
    return read.providers.map((provider) => provider.id);
  });
}
