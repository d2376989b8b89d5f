import type { ApiClient } from '../client';
import {
  CommissionResponseSchema,
  CommissionSchema,
  type CommissionInput,
  type CommissionUpdate,
} from '../contract/commission';

/** Commissions per service category (02 §7). GET answers a list whose first element is the list. */
export function commissionsApi(client: ApiClient) {
  return {
    list: async (providerId: number) =>
      (await client.get(CommissionResponseSchema, '/commission', { query: { providerId } }))[0],
    create: (input: CommissionInput) =>
      client.post(CommissionSchema, '/commission', { body: input, idempotent: true }),
    update: (id: number, input: CommissionUpdate) =>
      client.put(CommissionSchema, `/commission/${id}`, { body: input }),
  };
}
export type CommissionsApi = ReturnType<typeof commissionsApi>;
