import type { ApiClient } from '../client';
import {
  PromoCodeListSchema,
  PromoCodeSchema,
  type PromoCodeInput,
  type PromoCodeListQuery,
  type PromoCodeUpdate,
} from '../contract/promo';
import { DeletedSchema } from '../contract/primitives';

/** Promo codes (01 §7: GET/POST/PUT/DELETE /promo). */
export function promosApi(client: ApiClient) {
  return {
    /** In the order asked (by code A to Z without one). */
    list: (order: PromoCodeListQuery = {}) => client.get(PromoCodeListSchema, '/promo', { query: order }),
    create: (input: PromoCodeInput) =>
      client.post(PromoCodeSchema, '/promo', { body: input, idempotent: true }),
    update: (id: number, input: PromoCodeUpdate) =>
      client.put(PromoCodeSchema, `/promo/${id}`, { body: input }),
    remove: (id: number) => client.delete(DeletedSchema, `/promo/${id}`),
  };
}
export type PromosApi = ReturnType<typeof promosApi>;
