import type { ApiClient } from '../client';
import {
  PromoCodeListSchema,
  PromoCodeSchema,
  type PromoCode,
  type PromoCodeInput,
  type PromoCodeListQuery,
  type PromoCodeUpdate,
} from '../contract/promo';
import { recordWrites } from '../record-writes';

/** Promo codes (01 §7: GET/POST/PUT/DELETE /promo). */
export function promosApi(client: ApiClient) {
  return {
    /** In the order asked (by code A to Z without one). */
    list: (order: PromoCodeListQuery = {}) => client.get(PromoCodeListSchema, '/promo', { query: order }),
    ...recordWrites<PromoCode, PromoCodeInput, PromoCodeUpdate>(client, '/promo', PromoCodeSchema),
  };
}
export type PromosApi = ReturnType<typeof promosApi>;
