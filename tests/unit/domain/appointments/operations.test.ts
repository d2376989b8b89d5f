/** What cancelling does to the customer's money, and the statuses a person may set. */
import { describe, expect, it } from 'vitest';
import {
  cancellationOutcome,
  LATE_CANCEL_FEE_PERCENT,
  SETTABLE_STATUSES,
} from '../../../../src/domain/appointments/operations';

describe('cancellationOutcome', () => {
  it.each([
    [
      20_000,
      true,
      'REFUND',
      'LATE_CANCELLED',
      10_000,
      10_000,
      0,
      'The customer is refunded $100.00 and charged a $100.00 late fee.',
    ],
    [
      20_000,
      false,
      'REFUND',
      'CANCELLED',
      0,
      20_000,
      0,
      'The customer is refunded $200.00 and charged no late fee.',
    ],
    [
      20_000,
      true,
      'NO_REFUND',
      'LATE_CANCELLED',
      10_000,
      0,
      0,
      'The customer is not refunded and charged a $100.00 late fee.',
    ],
    [
      20_000,
      false,
      'CREDIT_POINTS',
      'CANCELLED',
      0,
      0,
      200,
      'The customer receives 200 credit points in their account and charged no late fee.',
    ],
    [
      12_345,
      true,
      'CREDIT_POINTS',
      'LATE_CANCELLED',
      6_173,
      0,
      61,
      'The customer receives 61 credit points in their account and charged a $61.73 late fee.',
    ],
    [
      0,
      true,
      'REFUND',
      'LATE_CANCELLED',
      0,
      0,
      0,
      'The customer is refunded $0.00 and charged a $0.00 late fee.',
    ],
  ] as const)(
    '%i cents, fee %s, %s → %s',
    (
      priceInCents,
      lateCancelFee,
      refundOption,
      status,
      lateFeeInCents,
      refundInCents,
      creditPoints,
      summary,
    ) => {
      expect(cancellationOutcome({ priceInCents, lateCancelFee, refundOption })).toEqual({
        status,
        lateFeeInCents,
        refundInCents,
        creditPoints,
        summary,
      });
    },
  );

  it('never refunds more than was paid, nor a negative amount', () => {
    for (const price of [-500, 0, 1, 99, 101, 999_999]) {
      for (const lateCancelFee of [true, false]) {
        const out = cancellationOutcome({ priceInCents: price, lateCancelFee, refundOption: 'REFUND' });
        expect(out.refundInCents).toBeGreaterThanOrEqual(0);
        expect(out.refundInCents + out.lateFeeInCents).toBe(Math.max(0, price));
      }
    }
    expect(LATE_CANCEL_FEE_PERCENT).toBe(50);
  });

  it('a person may set COMPLETED, ACTIVE and FILMING only', () => {
    expect(SETTABLE_STATUSES).toEqual(['COMPLETED', 'ACTIVE', 'FILMING']);
  });
});
