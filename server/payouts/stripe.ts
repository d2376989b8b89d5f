/**
 * The payments interface on Stripe Connect through the official SDK: Express accounts in the US; onboarding
 * through Stripe's hosted account links; the bank account arrives as a token the browser made with the
 * publishable key (src/api/payouts/tokeniser.ts). The SDK talks to STRIPE_API_URL, by default the local
 * Stripe stand-in (config.ts). tests/api/stripe-client.test.ts runs it against the stand-in,
 * tests/unit/server/payouts-stripe.test.ts checks the requests it makes.
 */
import Stripe from 'stripe';
import type { PayoutSchedule } from '../../src/api/contract/payouts';
import { PAYOUT_INTERVALS } from '../../src/api/contract/payouts';
import type { PaymentAccount, PaymentsService } from './payments';
import { PaymentsUnavailableError } from './payments';

type StripeAccount = Awaited<ReturnType<Stripe['accounts']['retrieve']>>;

const scheduleOf = (account: StripeAccount): PayoutSchedule | null => {
  const schedule = account.settings?.payouts?.schedule;
  const interval = PAYOUT_INTERVALS.find((known) => known === schedule?.interval);
  if (!schedule || !interval) return null;
  return {
    interval,
    delay_days: schedule.delay_days,
    weekly_anchor: schedule.weekly_anchor ?? null,
    monthly_anchor: schedule.monthly_anchor ?? null,
  };
};

const bankOf = (account: StripeAccount): PaymentAccount['external_account'] => {
  const banks = (account.external_accounts?.data ?? []).filter(
    (external): external is Stripe.BankAccount => external.object === 'bank_account',
  );
  const bank = banks.find((candidate) => candidate.default_for_currency) ?? banks[0];
  return bank ? { last4: bank.last4, bank_name: bank.bank_name ?? null } : null;
};

export const fromStripeAccount = (account: StripeAccount): PaymentAccount => ({
  accountId: account.id,
  details_submitted: account.details_submitted ?? false,
  requirements: { currently_due: account.requirements?.currently_due ?? [] },
  charges_enabled: account.charges_enabled ?? false,
  payouts_enabled: account.payouts_enabled ?? false,
  business_profile: { name: account.business_profile?.name ?? null },
  external_account: bankOf(account),
  payout_schedule: scheduleOf(account),
});

/** Stripe has no such account (or no longer lets the platform see it). */
const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.code === 'resource_missing' || error.statusCode === 404 || error.code === 'account_invalid');

const unavailable = (error: Stripe.errors.StripeError) =>
  new PaymentsUnavailableError(`Stripe: ${error.type} ${error.code ?? ''} ${error.statusCode ?? ''}`.trim(), {
    cause: error,
  });

/** Runs a call; Stripe failing becomes `payments/unavailable`, a missing account `missing()` when given. */
async function guard<T>(call: () => Promise<T>, missing?: () => T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (missing && isMissing(error)) return missing();
    if (error instanceof Stripe.errors.StripeError) throw unavailable(error);
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
    retrieveAccount: (accountId) =>
      guard<PaymentAccount | undefined>(
        async () => fromStripeAccount(await client.accounts.retrieve(accountId)),
        () => undefined,
      ),
    deleteAccount: (accountId) =>
      // An account Stripe no longer has is as deleted as it gets.
      guard(
        async () => {
          await client.accounts.del(accountId);
        },
        () => undefined,
      ),
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
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const noAccount = error.statusCode === 404 || error.code === 'account_invalid';
          return { ok: false, reason: noAccount ? 'no-account' : 'invalid-token' };
        }
        if (error instanceof Stripe.errors.StripeError) throw unavailable(error);
        throw error;
      }
    },
    listPayouts: (accountId) =>
      guard(
        async () => {
          // Every page (lifetime payouts add them all), up to a bound no real account reaches.
          const list = await client.payouts
            .list({ limit: 100 }, { stripeAccount: accountId })
            .autoPagingToArray({ limit: 10_000 });
          return list.map((payout) => ({ amount: payout.amount, arrival_date: payout.arrival_date }));
        },
        // An account Stripe does not have has paid nothing out.
        () => [],
      ),
  };
}
