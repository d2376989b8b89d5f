import type { ApiClient } from '../client';
import {
  ServiceItemListSchema,
  ServiceItemSchema,
  type DisplayOrderInput,
  type ServiceItemCreateInput,
  type ServiceItemUpdateInput,
} from '../contract/service-item';
import { DeletedSchema } from '../contract/primitives';

/** Service items (01 §7: GET/POST/PUT/DELETE /svc-item, POST /svc-item/display-order/). */
export function serviceItemsApi(client: ApiClient) {
  return {
    list: () => client.get(ServiceItemListSchema, '/svc-item'),
    create: (input: ServiceItemCreateInput) =>
      client.post(ServiceItemSchema, '/svc-item', { body: input, idempotent: true }),
    update: (id: number, input: ServiceItemUpdateInput) =>
      client.put(ServiceItemSchema, `/svc-item/${id}`, { body: input }),
    remove: (id: number) => client.delete(DeletedSchema, `/svc-item/${id}`),
    saveOrder: (newOrder: DisplayOrderInput['newOrder']) =>
      client.post(ServiceItemListSchema, '/svc-item/display-order/', { body: { newOrder } }),
  };
}
