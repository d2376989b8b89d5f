import type { ApiClient } from '../client';
import {
  ServiceItemListSchema,
  ServiceItemSchema,
  type ServiceItem,
  type DisplayOrderInput,
  type ServiceItemCreateInput,
  type ServiceItemUpdateInput,
} from '../contract/service-item';
import { recordWrites } from '../record-writes';

/** Service items (01 §7: GET/POST/PUT/DELETE /svc-item, POST /svc-item/display-order/). */
export function serviceItemsApi(client: ApiClient) {
  return {
    list: () => client.get(ServiceItemListSchema, '/svc-item'),
    ...recordWrites<ServiceItem, ServiceItemCreateInput, ServiceItemUpdateInput>(
      client,
      '/svc-item',
      ServiceItemSchema,
    ),
    saveOrder: (newOrder: DisplayOrderInput['newOrder']) =>
      client.post(ServiceItemListSchema, '/svc-item/display-order/', { body: { newOrder } }),
  };
}
