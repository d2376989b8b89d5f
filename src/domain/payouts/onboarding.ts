/**
 * Payouts onboarding rules (spec 02 §4, §5, §9): which of the 3 steps an account is on, and the bank form's
 * validation. Pure: the settlement account comes in as data.
 */
import { PROVIDER_MESSAGES } from '../shared/messages';

export interface AccountStatus {
  details_submitted: boolean;
  requirements: { currently_due: string[] };
}

/** 0 create or attach an account, 1 connect the bank account, 2 complete. */
export type OnboardingStep = 0 | 1 | 2;

const EXTERNAL_ACCOUNT = 'external_account';

/** Step 0 is done once nothing but the external (bank) account is outstanding. */
export function isAccountStepComplete(account: AccountStatus): boolean {
  return (
    account.details_submitted &&
    account.requirements.currently_due.every((requirement) => requirement === EXTERNAL_ACCOUNT)
  );
}

export function isBankConnected(account: AccountStatus): boolean {
  return isAccountStepComplete(account) && !account.requirements.currently_due.includes(EXTERNAL_ACCOUNT);
}

export function stepOf(account: AccountStatus | null): OnboardingStep {
  if (!account || !isAccountStepComplete(account)) return 0;
  return isBankConnected(account) ? 2 : 1;
}

export interface BankForm {
  routingNumber: string;
  accountNumber: string;
  confirmAccountNumber: string;
}

export type BankFormErrors = Partial<Record<keyof BankForm, string>>;

/** Routing: exactly 9 digits. Account and confirmation: 9 to 12 digits, and the same. */
export function bankFormErrors(form: BankForm): BankFormErrors {
  const errors: BankFormErrors = {};
  if (!/^\d{9}$/.test(form.routingNumber)) errors.routingNumber = PROVIDER_MESSAGES.routingNumber;
  if (!/^\d{9,12}$/.test(form.accountNumber)) errors.accountNumber = PROVIDER_MESSAGES.accountNumber;
  if (!/^\d{9,12}$/.test(form.confirmAccountNumber))
    errors.confirmAccountNumber = PROVIDER_MESSAGES.accountNumber;
  else if (form.confirmAccountNumber !== form.accountNumber)
    errors.confirmAccountNumber = PROVIDER_MESSAGES.accountMismatch;
  return errors;
}

/** The attach button is enabled only when an id is typed. */
export const hasTypedId = (text: string) => text.trim() !== '';

/** Bank tokenisation is for this country and currency (spec 02 §9). */
export const BANK_COUNTRY = 'US';
export const BANK_CURRENCY = 'usd';

/** Where the spec is silent. */
export const PAYOUTS_MESSAGES = {
  resetFailed: 'Failed to reset payouts onboarding.',
  noLocation: 'This provider has no location yet. Add a location first.',
  noProvider: 'Choose a provider first: open it under Providers, then Manage Stripe Account.',
  providersFailed: 'The providers could not be loaded. Reload the page to try again.',
} as const;
