/**
 * Credits (01 §3, §5, §9): the form's rules. The total is typed in dollars and stored in cents, converted
 * as text so 19.99 becomes 1999 exactly; it is fixed once the credit exists.
 */
import { centsToDollarInput, parseDollars, type Cents } from '../shared/money';

/** The largest amount a credit or a promo code may carry: $1,000,000.00. */
export const MAX_AMOUNT_CENTS = 100_000_000;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2_000;

export const AMOUNT_ERRORS = {
  required: 'Enter an amount in dollars, e.g. 19.99',
  invalid: 'Enter dollars with at most two decimals, e.g. 19.99',
  negative: 'The amount cannot be negative',
  tooLarge: 'The amount can be at most $1,000,000.00',
} as const;

export type AmountResult = { ok: true; cents: Cents } | { ok: false; error: string };

/** A dollars field as typed → cents, or the reason it is not an amount. */
export function parseAmountInput(text: string): AmountResult {
  if (text.trim() === '') return { ok: false, error: AMOUNT_ERRORS.required };
  const cents = parseDollars(text);
  if (cents === undefined) return { ok: false, error: AMOUNT_ERRORS.invalid };
  if (cents < 0) return { ok: false, error: AMOUNT_ERRORS.negative };
  if (cents > MAX_AMOUNT_CENTS) return { ok: false, error: AMOUNT_ERRORS.tooLarge };
  return { ok: true, cents };
}

export interface CreditDraft {
  title: string;
  description: string;
  /** Dollars as typed. */
  total: string;
}

export interface CreditValues {
  title: string;
  description: string | null;
  totalInCents: number;
}

export type CreditField = keyof CreditDraft;
export type CreditErrors = Partial<Record<CreditField, string>>;

export const CREDIT_ERRORS = {
  titleRequired: 'Title is required',
  titleLong: `Title can have at most ${TITLE_MAX} characters`,
  descriptionLong: `Description can have at most ${DESCRIPTION_MAX} characters`,
} as const;

export const EMPTY_CREDIT_DRAFT: CreditDraft = { title: '', description: '', total: '' };

export function creditDraftFrom(credit: CreditValues): CreditDraft {
  return {
    title: credit.title,
    description: credit.description ?? '',
    total: centsToDollarInput(credit.totalInCents),
  };
}

export type CreditCheck = { ok: true; value: CreditValues } | { ok: false; errors: CreditErrors };

/**
 * Checks a draft. `fixedTotalInCents` is the saved total of an existing credit: the draft's total is then
 * ignored and the saved one kept, since it cannot be edited after creation.
 */
export function checkCreditDraft(draft: CreditDraft, fixedTotalInCents?: number): CreditCheck {
  const errors: CreditErrors = {};
  const title = draft.title.trim();
  if (title === '') errors.title = CREDIT_ERRORS.titleRequired;
  else if (title.length > TITLE_MAX) errors.title = CREDIT_ERRORS.titleLong;
  const description = draft.description.trim();
  if (description.length > DESCRIPTION_MAX) errors.description = CREDIT_ERRORS.descriptionLong;
  let totalInCents = fixedTotalInCents ?? 0;
  if (fixedTotalInCents === undefined) {
    const amount = parseAmountInput(draft.total);
    if (amount.ok) totalInCents = amount.cents;
    else errors.total = amount.error;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { title, description: description === '' ? null : description, totalInCents } };
}

/** Whether the draft differs from the saved credit (title and description; the total is fixed). */
export function isCreditDirty(draft: CreditDraft, saved: CreditValues | null): boolean {
  if (!saved) return draft.title !== '' || draft.description !== '' || draft.total !== '';
  return draft.title.trim() !== saved.title || draft.description.trim() !== (saved.description ?? '');
}

/**
 * A user credit taken back can be given back as it was only when nothing of it was spent: a new grant of the
 * same credit then holds what the removed one held. A credit partly spent cannot (its removal offers no Undo).
 */
export function isRestorable(userCredit: { spentInCents: number }): boolean {
  return userCredit.spentInCents === 0;
}
