import type { ApiClient } from '../client';
import {
  ServiceCategoryListSchema,
  ServiceCategorySchema,
  type ServiceCategoryInput,
} from '../contract/service-category';

/** Service categories with their items (01 §7: GET/POST /svc-category). */
export function serviceCategoriesApi(client: ApiClient) {
  return {
    list: (query: { priceTiersIds?: number[]; locationId?: number } = {}) =>
      client.get(ServiceCategoryListSchema, '/svc-category', { query }),
    create: (input: ServiceCategoryInput) =>
      client.post(ServiceCategorySchema, '/svc-category', { body: input, idempotent: true }),
  };
}
