import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import type { FetchLocationsInput } from '../contract/strategies';
import { connectionsApi } from './connections';

/** POST /strategies/fetch/locations: a connection's locations (the wizard's step-1 pick-list). */
export const connectionQueries = {
  all: ['strategies', 'locations'] as const,
  locations: (api: ApiClient, connection: FetchLocationsInput) =>
    queryOptions({
      queryKey: [...connectionQueries.all, connection] as const,
      queryFn: () => connectionsApi(api).fetchLocations(connection),
      staleTime: 60_000,
    }),
};
