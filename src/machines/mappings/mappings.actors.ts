import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { ProviderServiceItemInput } from '../../api/contract/provider-svc-item';
import { mappingsApi } from '../../api/mappings/mappings';
import { mappingQueries } from '../../api/mappings/mappings.queries';
import type { SaveMappingInput } from './mapping-rows.machine';

/**
 * The mapping rows' side effects: create or update a row, delete one, read the location's mappings again. The
 * mappings are the editor's query (`mappingQueries.forLocation`): the machine reads them afresh into that same
 * entry of the cache, never a copy of its own.
 */
export function createMappingRowsActors(client: ApiClient, cache: QueryClient) {
  const api = mappingsApi(client);
  return {
    saveMapping: fromPromise(({ input }: { input: SaveMappingInput }) =>
      input.id === null ? api.create(input.body) : api.update(input.id, input.body),
    ),
    deleteMapping: fromPromise<unknown, { id: number }>(({ input }) => api.remove(input.id)),
    loadMappings: fromPromise(({ input }: { input: { locationId: number } }) =>
      cache.fetchQuery({ ...mappingQueries.forLocation(client, input.locationId), staleTime: 0 }),
    ),
  };
}

/** The bulk edit's side effect: create one mapping. */
export function createMappingBulkEditActors(client: ApiClient) {
  const api = mappingsApi(client);
  return {
    createMapping: fromPromise(({ input }: { input: ProviderServiceItemInput }) => api.create(input)),
  };
}
