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

export const PAYOUT_INTERVALS = ['daily', 'weekly', 'monthly', 'manual'] as const;

/** The bank payouts are paid into, as the payment provider shows it: never more than its last four digits. */
export const ExternalBankSchema = v.object({
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  bank_name: v.nullable(v.string()),
});
export type ExternalBank = v.InferOutput<typeof ExternalBankSchema>;

/** When payouts are paid (Stripe's settings.payouts.schedule). */
export const PayoutScheduleSchema = v.object({
  interval: v.picklist(PAYOUT_INTERVALS),
  delay_days: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** monday … sunday, for a weekly schedule. */
  weekly_anchor: v.nullable(v.string()),
  /** The day of the month, for a monthly schedule. */
  monthly_anchor: v.nullable(v.pipe(v.number(), v.integer())),
});
export type PayoutSchedule = v.InferOutput<typeof PayoutScheduleSchema>;

/**
 * One settlement account read from the payment provider (GET /settlement-accounts/{id}, an attach, a bank
 * connect): its status with the bank it pays into and its payout schedule (null until it has them).
 */
export const SettlementAccountDetailSchema = v.object({
  ...SettlementAccountSchema.entries,
  external_account: v.nullable(ExternalBankSchema),
  payout_schedule: v.nullable(PayoutScheduleSchema),
});
export type SettlementAccountDetail = v.InferOutput<typeof SettlementAccountDetailSchema>;

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

/**
 * The API's local Stripe stand-in (server/outside/stripe/): its mount point below the API and the
 * publishable key it accepts, the browser tokeniser's defaults when VITE_STRIPE_API_URL and
 * VITE_STRIPE_PUBLISHABLE_KEY are unset.
 */
export const STRIPE_STANDIN_PATH = '/standins/stripe';
export const STRIPE_STANDIN_PUBLISHABLE_KEY = 'pk_test_standin_upkeep_console';
