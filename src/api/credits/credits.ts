import type { ApiClient } from '../client';
import {
  CreditListSchema,
  CreditSchema,
  type CreditInput,
  type CreditListQuery,
  type CreditUpdate,
} from '../contract/credit';
import { DeletedSchema } from '../contract/primitives';

/** The credit list (01 §7: GET/POST/PUT /credits; DELETE /credits/{id} refuses a credit users hold). */
export function creditsApi(client: ApiClient) {
  return {
    /** In the order asked (by title A to Z without one). */
    list: (order: CreditListQuery = {}) => client.get(CreditListSchema, '/credits', { query: order }),
    create: (input: CreditInput) => client.post(CreditSchema, '/credits', { body: input, idempotent: true }),
    update: (id: number, input: CreditUpdate) => client.put(CreditSchema, `/credits/${id}`, { body: input }),
    remove: (id: number) => client.delete(DeletedSchema, `/credits/${id}`),
  };
}
export type CreditsApi = ReturnType<typeof creditsApi>;
