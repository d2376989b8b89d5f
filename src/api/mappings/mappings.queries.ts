import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { mappingsApi } from './mappings';

/** Service mappings (02 §7): a provider's external service items and a location's mappings. */
export const mappingQueries = {
  all: ['provider-svc-items'] as const,
  externalItems: (api: ApiClient, providerId: number) =>
    queryOptions({
      queryKey: [...mappingQueries.all, 'external', providerId],
      queryFn: () => mappingsApi(api).externalItems(providerId),
    }),
  forLocation: (api: ApiClient, locationId: number) =>
    queryOptions({
      queryKey: [...mappingQueries.all, 'location', locationId],
      queryFn: () => mappingsApi(api).list(locationId),
    }),
};
