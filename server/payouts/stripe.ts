/**
 * The payments interface on Stripe Connect through the official SDK (chosen by STRIPE_SECRET_KEY). Express
 * accounts in the US; onboarding through Stripe's hosted account links; the bank account arrives as a token
 * made by Stripe.js in the browser. tests/unit/server/payouts-stripe.test.ts checks the requests it makes.
 */
import Stripe from 'stripe';
import type { PaymentAccount, PaymentsService } from './payments';
import { PaymentsUnavailableError } from './payments';

type StripeAccount = Awaited<ReturnType<Stripe['accounts']['retrieve']>>;

export const fromStripeAccount = (account: StripeAccount): PaymentAccount => ({
  accountId: account.id,
  details_submitted: account.details_submitted ?? false,
  requirements: { currently_due: account.requirements?.currently_due ?? [] },
  charges_enabled: account.charges_enabled ?? false,
  payouts_enabled: account.payouts_enabled ?? false,
  business_profile: { name: account.business_profile?.name ?? null },
});

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.code === 'resource_missing' || error.statusCode === 404 || error.code === 'account_invalid');

async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError && !isMissing(error))
      throw new PaymentsUnavailableError(`Stripe: ${error.type} ${error.code ?? ''}`.trim());
    throw error;
  }
}

export function createStripePayments(client: Stripe): PaymentsService {
  return {
    name: 'stripe',
    createAccount: ({ businessName }) =>
      guard(async () =>
        fromStripeAccount(
          await client.accounts.create({
            type: 'express',
            country: 'US',
            capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
            ...(businessName ? { business_profile: { name: businessName } } : {}),
          }),
        ),
      ),
    async retrieveAccount(accountId) {
      try {
        return await guard(async () => fromStripeAccount(await client.accounts.retrieve(accountId)));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    deleteAccount: (accountId) =>
      guard(async () => {
        await client.accounts.del(accountId);
      }),
    createOnboardingLink: (accountId, { returnUrl, refreshUrl }) =>
      guard(async () => {
        const link = await client.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: returnUrl,
          refresh_url: refreshUrl,
        });
        return { url: link.url };
      }),
    async attachBankAccount(accountId, bankAccountToken) {
      // A refused token (invalid request) is the caller's; anything else is the provider failing.
      try {
        await client.accounts.createExternalAccount(accountId, {
          external_account: bankAccountToken,
          default_for_currency: true,
        });
        return { ok: true };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return { ok: false, reason: 'invalid-token' };
        if (error instanceof Stripe.errors.StripeError)
          throw new PaymentsUnavailableError(`Stripe: ${error.type} ${error.code ?? ''}`.trim());
        throw error;
      }
    },
    listPayouts: (accountId) =>
      guard(async () => {
        // Every page (lifetime payouts add them all), up to a bound no real account reaches.
        const list = await client.payouts
          .list({ limit: 100 }, { stripeAccount: accountId })
          .autoPagingToArray({ limit: 10_000 });
        return list.map((payout) => ({ amount: payout.amount, arrival_date: payout.arrival_date }));
      }),
  };
}
