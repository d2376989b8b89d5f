/**
 * The payments interface: what the API needs from a card payment provider for payouts (Stripe Connect's
 * shape). Two implementations: the local sandbox (sandbox.ts, the default, state in its own tables) and
 * Stripe (stripe.ts, chosen by STRIPE_SECRET_KEY). config.ts picks one.
 */
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Payout } from '../../src/api/contract/payouts';
import { OutsideServiceError } from '../http/outside';

export interface PaymentAccount {
  accountId: string;
  details_submitted: boolean;
  requirements: { currently_due: string[] };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  business_profile: { name: string | null };
}

export interface OnboardingUrls {
  /** Where the hosted onboarding returns to when done. */
  returnUrl: string;
  /** Where it sends the user when the link has expired. */
  refreshUrl: string;
  /** The API's own origin, for the sandbox's hosted page. */
  apiOrigin: string;
}

export type AttachBankResult = { ok: true } | { ok: false; reason: 'invalid-token' | 'no-account' };

export interface PaymentsService {
  readonly name: 'sandbox' | 'stripe';
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
    const answer = 'The payment provider did not answer; try again';
    super(
      'Payments',
      { status: 502, code: API_ERROR_CODES.paymentsUnavailable, message: answer },
      message,
      options,
    );
  }
}
