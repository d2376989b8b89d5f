import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { payoutsApi } from '../../api/payouts/payouts';
import { providersApi } from '../../api/providers/providers';
import type { BankTokeniser } from '../../api/payouts/tokeniser';
import type { ConnectBankInput } from './payouts-onboarding.machine';

/** Payouts onboarding's side effects: the settlement account calls, the location attach, the tokeniser. */
export function createPayoutsOnboardingActors(api: ApiClient, tokenise: BankTokeniser) {
  const payouts = payoutsApi(api);
  const providers = providersApi(api);
  /**
   * Sets the one field this flow owns, on the location as it is now: the version is read just before the
   * write (the person edits nothing else of the location here); a save in between answers 409, a failure.
   */
  const setLocationAccount = async (locationId: number, accountId: string | null) => {
    const location = (await providers.locations()).find((found) => found.id === locationId);
    if (!location) throw new Error(`Location ${locationId} was not found`);
    return providers.updateLocation(locationId, {
      settlementAccount: accountId === null ? null : { id: accountId },
      version: location.version,
    });
  };
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
