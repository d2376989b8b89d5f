import type { ApiClient } from '../client';
import {
  PolygonSchema,
  PriceTierListSchema,
  PriceTierSchema,
  type PolygonCreate,
  type PriceTierCreate,
  type PriceTierUpdate,
} from '../contract/price-tier';
import { DeletedSchema } from '../contract/primitives';

/** Pricing tiers and their polygons (01 §7: /price-tier, /polygon). */
export function pricingTiersApi(client: ApiClient) {
  return {
    list: () => client.get(PriceTierListSchema, '/price-tier'),
    get: (id: number) => client.get(PriceTierSchema, `/price-tier/${id}`),
    create: (input: PriceTierCreate) =>
      client.post(PriceTierSchema, '/price-tier', { body: input, idempotent: true }),
    update: (id: number, input: PriceTierUpdate) =>
      client.put(PriceTierSchema, `/price-tier/${id}`, { body: input }),
    remove: (id: number) => client.delete(DeletedSchema, `/price-tier/${id}`),
    createPolygon: (input: PolygonCreate) =>
      client.post(PolygonSchema, '/polygon', { body: input, idempotent: true }),
    deletePolygon: (query: { name: string; priceTierId: number }) =>
      client.delete(DeletedSchema, '/polygon', { query }),
  };
}
export type PricingTiersApi = ReturnType<typeof pricingTiersApi>;
