/**
 * Payouts (spec 02 §3, §7): settlement accounts as the payment provider describes them (Stripe Connect's
 * field names), onboarding links and payouts. Shared by the console client and the reference API.
 */
import * as v from 'valibot';
import { idField } from './primitives';

/** A settlement account id: the payment provider's account id (acct_…). */
export const SettlementAccountIdSchema = v.pipe(
  v.string(),
  v.regex(/^acct_[A-Za-z0-9_]{1,64}$/, 'The settlement account id must look like acct_…'),
);

export const SettlementAccountSchema = v.object({
  id: v.string(),
  accountId: v.string(),
  details_submitted: v.boolean(),
  requirements: v.object({ currently_due: v.array(v.string()) }),
  charges_enabled: v.boolean(),
  payouts_enabled: v.boolean(),
  business_profile: v.object({ name: v.nullable(v.string()) }),
});
export type SettlementAccount = v.InferOutput<typeof SettlementAccountSchema>;

export const OnboardingLinkInputSchema = v.object({
  locationId: idField('locationId'),
  /** Where the hosted onboarding returns to; an origin the API allows (CORS_ORIGINS). */
  returnUrl: v.optional(v.pipe(v.string(), v.url('returnUrl must be a URL'), v.maxLength(2_000))),
});
export type OnboardingLinkInput = v.InferInput<typeof OnboardingLinkInputSchema>;

export const OnboardingLinkSchema = v.object({ id: v.string(), accountId: v.string(), url: v.string() });
export type OnboardingLink = v.InferOutput<typeof OnboardingLinkSchema>;

export const AttachSettlementAccountInputSchema = v.object({
  stripeAccountId: v.pipe(
    v.string('stripeAccountId is required'),
    v.trim(),
    v.regex(/^acct_[A-Za-z0-9_]{1,64}$/, 'stripeAccountId must look like acct_…'),
  ),
  locationId: idField('locationId'),
});
export type AttachSettlementAccountInput = v.InferInput<typeof AttachSettlementAccountInputSchema>;

/** Only the token of the bank account: raw account and routing numbers never reach the API. */
export const BankAccountInputSchema = v.strictObject(
  {
    bankAccountToken: v.pipe(
      v.string('bankAccountToken is required'),
      v.regex(/^btok_[A-Za-z0-9_]{1,128}$/, 'bankAccountToken must be a bank account token (btok_…)'),
    ),
  },
  'Only bankAccountToken may be sent',
);

export const BankAccountConnectedSchema = v.object({ id: v.string(), connected: v.literal(true) });

export const PayoutSchema = v.object({
  /** In cents. */
  amount: v.pipe(v.number(), v.integer()),
  /** Unix seconds. */
  arrival_date: v.pipe(v.number(), v.integer()),
});
export type Payout = v.InferOutput<typeof PayoutSchema>;
export const PayoutListSchema = v.array(PayoutSchema);

export const SettlementAccountDeletedSchema = v.object({ id: v.string(), deleted: v.literal(true) });

/** The local payments sandbox's bank token (what Stripe.js's createToken answers with, in the sandbox). */
export const SandboxBankTokenInputSchema = v.strictObject({
  country: v.literal('US'),
  currency: v.literal('usd'),
  /** Only the last four digits leave the browser. */
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/, 'last4 must be 4 digits')),
  routingLast4: v.pipe(v.string(), v.regex(/^\d{4}$/, 'routingLast4 must be 4 digits')),
});
export const SandboxBankTokenSchema = v.object({ id: v.string() });
