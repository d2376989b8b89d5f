/**
 * Appointment operations' vocabulary and money rules (02 §3, §4, §9), shared by the console and the API:
 * the statuses a person may set, the cancel options, the recipients of a receipt, the payment methods, and
 * what cancelling does to the customer's money.
 */
import { formatDollars } from '../shared/money';

/** From the list a user may set these; CANCELLED and LATE_CANCELLED come only from the cancel dialog. */
export const SETTABLE_STATUSES = ['COMPLETED', 'ACTIVE', 'FILMING'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/** Cancel options: refund, no refund, or credit points in account. */
export const CANCEL_REFUND_OPTIONS = ['REFUND', 'NO_REFUND', 'CREDIT_POINTS'] as const;
export type CancelRefundOption = (typeof CANCEL_REFUND_OPTIONS)[number];

export const RECIPIENT_TYPES = ['CUSTOMER', 'PROVIDER', 'UPKEEP_SUPPORT'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

export const PAYMENT_METHODS = ['SAVED_CARD', 'INVOICE', 'FREE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Why a time is not open (the slot engine's explainer). */
export const EXPLANATION_CODES = [
  'in-the-past',
  'before-earliest-day',
  'off-grid',
  'no-availability',
  'closed-day',
  'outside-hours',
  'special-date',
  'holiday',
  'taken',
] as const;
export type ExplanationCode = (typeof EXPLANATION_CODES)[number];

/** Late-cancel threshold (02 §9): under 24 hours before the start. */
export const LATE_CANCEL_HOURS = 24;
/** The late-cancel fee: this share of the booking's price is kept when the fee is charged. */
export const LATE_CANCEL_FEE_PERCENT = 50;
/** Credit points in account: one point per whole dollar that would have been refunded. */
export const CREDIT_POINTS_PER_DOLLAR = 1;

export interface CancellationOutcome {
  status: 'CANCELLED' | 'LATE_CANCELLED';
  lateFeeInCents: number;
  refundInCents: number;
  creditPoints: number;
  summary: string;
}

/**
 * What cancelling a booking that cost `priceInCents` does: with the late fee on, the status is
 * LATE_CANCELLED and the fee is kept from the price; the rest is refunded to the card (REFUND), kept
 * (NO_REFUND), or given back as points in the customer's account (CREDIT_POINTS).
 */
export function cancellationOutcome(input: {
  priceInCents: number;
  lateCancelFee: boolean;
  refundOption: CancelRefundOption;
}): CancellationOutcome {
  const price = Math.max(0, Math.trunc(input.priceInCents));
  const lateFeeInCents = input.lateCancelFee ? Math.round((price * LATE_CANCEL_FEE_PERCENT) / 100) : 0;
  const rest = price - lateFeeInCents;
  const refundInCents = input.refundOption === 'REFUND' ? rest : 0;
  const creditPoints =
    input.refundOption === 'CREDIT_POINTS' ? Math.floor(rest / 100) * CREDIT_POINTS_PER_DOLLAR : 0;
  const parts: string[] = [];
  if (input.refundOption === 'REFUND') parts.push(`The customer is refunded ${formatDollars(refundInCents)}`);
  else if (input.refundOption === 'CREDIT_POINTS')
    parts.push(`The customer receives ${creditPoints} credit points in their account`);
  else parts.push('The customer is not refunded');
  parts.push(
    input.lateCancelFee ? `charged a ${formatDollars(lateFeeInCents)} late fee` : 'charged no late fee',
  );
  return {
    status: input.lateCancelFee ? 'LATE_CANCELLED' : 'CANCELLED',
    lateFeeInCents,
    refundInCents,
    creditPoints,
    summary: `${parts.join(' and ')}.`,
  };
}
