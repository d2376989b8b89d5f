import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { LocationSchema } from '../../api/contract/provider';
import { payoutsApi } from '../../api/payouts/payouts';
import type { BankTokeniser } from '../../api/payouts/tokeniser';
import type { ConnectBankInput } from './payouts-onboarding.machine';

/** Payouts onboarding's side effects: the settlement account calls, the location attach, the tokeniser. */
export function createPayoutsOnboardingActors(api: ApiClient, tokenise: BankTokeniser) {
  const payouts = payoutsApi(api);
  const setLocationAccount = (locationId: number, accountId: string | null) =>
    api.put(LocationSchema, `/locations/${locationId}`, {
      body: { settlementAccount: accountId === null ? null : { id: accountId } },
    });
  return {
    loadAccount: fromPromise(({ input }: { input: { settlementAccountId: string | null } }) =>
      input.settlementAccountId === null ? Promise.resolve(null) : payouts.account(input.settlementAccountId),
    ),
    createLink: fromPromise(({ input }: { input: { locationId: number } }) =>
      payouts.createLink({ locationId: input.locationId, returnUrl: window.location.href }),
    ),
    fetchLink: fromPromise(({ input }: { input: { accountId: string } }) => payouts.link(input.accountId)),
    attachToLocation: fromPromise<unknown, { locationId: number; accountId: string }>(
      ({ input }: { input: { locationId: number; accountId: string } }) =>
        setLocationAccount(input.locationId, input.accountId),
    ),
    deleteAccount: fromPromise<unknown, { accountId: string }>(
      ({ input }: { input: { accountId: string } }) => payouts.remove(input.accountId),
    ),
    attachExisting: fromPromise(
      async ({ input }: { input: { locationId: number; stripeAccountId: string } }) => {
        const account = await payouts.attach(input);
        await setLocationAccount(input.locationId, account.id);
        return account;
      },
    ),
    connectBank: fromPromise(async ({ input }: { input: ConnectBankInput }) => {
      const token = await tokenise(input.bank);
      return payouts.connectBank(input.accountId, token);
    }),
    resetProgress: fromPromise<unknown, { locationId: number; accountId: string | null }>(
      async ({ input }: { input: { locationId: number; accountId: string | null } }) => {
        if (input.accountId === null) await setLocationAccount(input.locationId, null);
        else await payouts.remove(input.accountId);
      },
    ),
  };
}
