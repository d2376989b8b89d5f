import type { ApiClient } from '../client';
import {
  PolygonSchema,
  PriceTierListSchema,
  PriceTierSchema,
  type PriceTier,
  type PolygonCreate,
  type PriceTierCreate,
  type PriceTierUpdate,
} from '../contract/price-tier';
import { DeletedSchema } from '../contract/primitives';
import { recordWrites } from '../record-writes';

/** Pricing tiers and their polygons (01 §7: /price-tier, /polygon). */
export function pricingTiersApi(client: ApiClient) {
  return {
    list: () => client.get(PriceTierListSchema, '/price-tier'),
    get: (id: number) => client.get(PriceTierSchema, `/price-tier/${id}`),
    ...recordWrites<PriceTier, PriceTierCreate, PriceTierUpdate>(client, '/price-tier', PriceTierSchema),
    createPolygon: (input: PolygonCreate) =>
      client.post(PolygonSchema, '/polygon', { body: input, idempotent: true }),
    deletePolygon: (query: { name: string; priceTierId: number }) =>
      client.delete(DeletedSchema, '/polygon', { query }),
  };
}
export type PricingTiersApi = ReturnType<typeof pricingTiersApi>;
