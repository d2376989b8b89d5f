import type { ApiClient } from '../client';
import {
  CreditListSchema,
  CreditSchema,
  type Credit,
  type CreditInput,
  type CreditListQuery,
  type CreditUpdate,
} from '../contract/credit';
import { recordWrites } from '../record-writes';

/** The credit list (01 §7: GET/POST/PUT /credits; DELETE /credits/{id} refuses a credit users hold). */
export function creditsApi(client: ApiClient) {
  return {
    /** In the order asked (by title A to Z without one). */
    list: (order: CreditListQuery = {}) => client.get(CreditListSchema, '/credits', { query: order }),
    ...recordWrites<Credit, CreditInput, CreditUpdate>(client, '/credits', CreditSchema),
  };
}
export type CreditsApi = ReturnType<typeof creditsApi>;
