import type { ApiClient } from '../client';
import {
  OnboardingLinkSchema,
  PayoutListSchema,
  SettlementAccountDeletedSchema,
  SettlementAccountDetailSchema,
  type AttachSettlementAccountInput,
  type OnboardingLinkInput,
} from '../contract/payouts';

/** Settlement accounts (02 §7: /settlement-accounts). The bank account is sent as its token only. */
export function payoutsApi(client: ApiClient) {
  return {
    createLink: (input: OnboardingLinkInput) =>
      client.post(OnboardingLinkSchema, '/settlement-accounts/onboarding-link', { body: input }),
    link: (id: string) => client.get(OnboardingLinkSchema, `/settlement-accounts/onboarding-link/${id}`),
    account: (id: string) => client.get(SettlementAccountDetailSchema, `/settlement-accounts/${id}`),
    attach: (input: AttachSettlementAccountInput) =>
      client.post(SettlementAccountDetailSchema, '/settlement-accounts/', { body: input, idempotent: true }),
    remove: (id: string) => client.delete(SettlementAccountDeletedSchema, `/settlement-accounts/${id}`),
    connectBank: (id: string, bankAccountToken: string) =>
      client.post(SettlementAccountDetailSchema, `/settlement-accounts/bank-account/${id}`, {
        body: { bankAccountToken },
      }),
    payouts: (id: string) => client.get(PayoutListSchema, `/settlement-accounts/payouts/${id}`),
  };
}
export type PayoutsApi = ReturnType<typeof payoutsApi>;
