import type { ApiClient } from '../client';
import {
  BundleListSchema,
  BundleSchema,
  type BundleCreateInput,
  type BundleUpdateInput,
} from '../contract/bundle';
import { ServiceItemListSchema } from '../contract/service-item';
import { DeletedSchema } from '../contract/primitives';

/** Bundles (01 §7, 02 §7: GET/POST/PUT/DELETE /bundle, GET /bundle/svc-items/{id}). */
export function bundlesApi(client: ApiClient) {
  return {
    list: () => client.get(BundleListSchema, '/bundle'),
    serviceItems: (id: number) => client.get(ServiceItemListSchema, `/bundle/svc-items/${id}`),
    create: (input: BundleCreateInput) =>
      client.post(BundleSchema, '/bundle/', { body: input, idempotent: true }),
    update: (id: number, input: BundleUpdateInput) =>
      client.put(BundleSchema, `/bundle/${id}`, { body: input }),
    remove: (id: number) => client.delete(DeletedSchema, `/bundle/${id}`),
  };
}
