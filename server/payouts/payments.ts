/**
 * The payments interface: what the API needs from a card payment provider for payouts (Stripe Connect's
 * shape). One implementation, Stripe through its official SDK (stripe.ts), talking to STRIPE_API_URL or by
 * default to the local Stripe stand-in on this API (server/outside/stripe/); config.ts builds it.
 */
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { ExternalBank, Payout, PayoutSchedule } from '../../src/api/contract/payouts';
import { PROVIDER_MESSAGES } from '../../src/domain/shared/messages';
import { OutsideServiceError } from '../http/outside';

export interface PaymentAccount {
  accountId: string;
  details_submitted: boolean;
  requirements: { currently_due: string[] };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  business_profile: { name: string | null };
  /** The bank payouts go to (its last four digits and bank name), once one is attached. */
  external_account: ExternalBank | null;
  /** settings.payouts.schedule; null when the provider does not say. */
  payout_schedule: PayoutSchedule | null;
}

export interface OnboardingUrls {
  /** Where the hosted onboarding returns to when done. */
  returnUrl: string;
  /** Where it sends the user when the link has expired. */
  refreshUrl: string;
}

export type AttachBankResult = { ok: true } | { ok: false; reason: 'invalid-token' | 'no-account' };

export interface PaymentsService {
  readonly name: 'stripe';
  createAccount(input: { businessName: string | null }): Promise<PaymentAccount>;
  /** undefined when the provider has no such account. */
  retrieveAccount(accountId: string): Promise<PaymentAccount | undefined>;
  deleteAccount(accountId: string): Promise<void>;
  createOnboardingLink(accountId: string, urls: OnboardingUrls): Promise<{ url: string }>;
  /** Attaches the tokenised bank account as the account's external account. */
  attachBankAccount(accountId: string, bankAccountToken: string): Promise<AttachBankResult>;
  listPayouts(accountId: string): Promise<Payout[]>;
}

/** The payment provider failed or could not be reached: 502 `payments/unavailable`. */
export class PaymentsUnavailableError extends OutsideServiceError {
  override name = 'PaymentsUnavailableError';
  constructor(message: string, options?: ErrorOptions) {
    super(
      'Payments',
      {
        status: 502,
        code: API_ERROR_CODES.paymentsUnavailable,
        message: PROVIDER_MESSAGES.paymentsUnavailable,
      },
      message,
      options,
    );
  }
}
