import type { ApiClient } from '../client';
import {
  ExternalServiceItemListSchema,
  ProviderServiceItemListSchema,
  ProviderServiceItemSchema,
  type ProviderServiceItemInput,
  type ProviderServiceItemUpdate,
} from '../contract/provider-svc-item';
import { DeletedSchema } from '../contract/primitives';

/** Service mappings (02 §7): a provider's external service items and a location's mappings. */
export function mappingsApi(client: ApiClient) {
  return {
    externalItems: (providerId: number) =>
      client.get(ExternalServiceItemListSchema, '/strategies/fetch/svc-items', {
        query: { provider: providerId },
      }),
    list: (locationId: number) =>
      client.get(ProviderServiceItemListSchema, '/providers/svc-items', { query: { location: locationId } }),
    create: (input: ProviderServiceItemInput) =>
      client.post(ProviderServiceItemSchema, '/providers/svc-items', { body: input, idempotent: true }),
    update: (id: number, input: ProviderServiceItemUpdate) =>
      client.put(ProviderServiceItemSchema, `/providers/svc-items/${id}`, { body: input }),
    remove: (id: number) => client.delete(DeletedSchema, `/providers/svc-items/${id}`),
  };
}
export type MappingsApi = ReturnType<typeof mappingsApi>;
