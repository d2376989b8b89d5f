import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { geoApi } from './geo';

/**
 * GET /geo/place/{placeId}: a place's details, such as the name of a city a pricing tier lists by its id.
 * A place does not change: read once per visit.
 */
export const geoQueries = {
  all: ['geo'] as const,
  place: (api: ApiClient, placeId: string) =>
    queryOptions({
      queryKey: [...geoQueries.all, 'place', placeId] as const,
      queryFn: () => geoApi(api).place(placeId),
      staleTime: Infinity,
    }),
};
