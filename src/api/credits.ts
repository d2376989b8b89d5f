import type { ApiClient } from './client';
import { CreditListSchema, CreditSchema, type CreditInput, type CreditUpdate } from './contract/credit';

/** The credit list (01 §7: GET/POST/PUT /credits). */
export function creditsApi(client: ApiClient) {
  return {
    list: () => client.get(CreditListSchema, '/credits'),
    create: (input: CreditInput) => client.post(CreditSchema, '/credits', { body: input }),
    update: (id: number, input: CreditUpdate) => client.put(CreditSchema, `/credits/${id}`, { body: input }),
  };
}
export type CreditsApi = ReturnType<typeof creditsApi>;
