import { describe, expect, it } from 'vitest';
import {
  arrivalOf,
  netOfCommission,
  PAYOUT_DELAY_DAYS,
  payoutsOf,
  sumArrived,
} from '../../../../src/domain/payouts/earnings';

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);

describe('netOfCommission', () => {
  it.each([
    [10_000, 0, 10_000],
    [10_000, 15, 8_500],
    [10_000, 20, 8_000],
    [10_000, 100, 0],
    [15_005, 20, 12_004], // commission 3,001
    [15_005, 50, 7_502], // commission 7,502.5 rounds to 7,503
    [999, 33.33, 666], // commission 332.97 rounds to 333
    [10_000, 150, 0], // capped at 100
    [10_000, -5, 10_000], // never more than the price
    [0, 20, 0],
  ])('%i cents at %d%% leaves %i', (price, percent, net) => {
    expect(netOfCommission(price, percent)).toBe(net);
  });
});

describe('arrivalOf', () => {
  it(`is midnight UTC ${PAYOUT_DELAY_DAYS} days after the UTC day the appointment ended`, () => {
    expect(arrivalOf(at('2026-03-07T23:59:59Z'))).toBe(at('2026-03-09T00:00:00Z'));
    expect(arrivalOf(at('2026-03-08T00:00:00Z'))).toBe(at('2026-03-10T00:00:00Z'));
    // Across the end of a month and a US DST change: UTC days, no zone involved.
    expect(arrivalOf(at('2026-02-28T12:00:00Z'))).toBe(at('2026-03-02T00:00:00Z'));
  });
});

describe('payoutsOf', () => {
  it('is empty without completed appointments', () => {
    expect(payoutsOf([])).toEqual([]);
  });

  it('pays one payout per arrival day, newest first, in cents and unix seconds', () => {
    const payouts = payoutsOf([
      { endMs: at('2026-03-01T10:00:00Z'), priceInCents: 10_000, commissionPercent: 20 },
      { endMs: at('2026-03-01T22:00:00Z'), priceInCents: 5_000, commissionPercent: 0 },
      { endMs: at('2026-03-05T09:00:00Z'), priceInCents: 20_000, commissionPercent: 15 },
    ]);
    expect(payouts).toEqual([
      { amount: 17_000, arrival_date: at('2026-03-07T00:00:00Z') / 1000 },
      { amount: 13_000, arrival_date: at('2026-03-03T00:00:00Z') / 1000 },
    ]);
  });

  it('leaves out a day that pays nothing (a full commission)', () => {
    expect(
      payoutsOf([{ endMs: at('2026-03-01T10:00:00Z'), priceInCents: 10_000, commissionPercent: 100 }]),
    ).toEqual([]);
  });
});

describe('sumArrived', () => {
  const now = at('2026-03-31T12:00:00Z');
  const payouts = [
    { amount: 1, arrival_date: (now + DAY) / 1000 }, // not arrived yet
    { amount: 10, arrival_date: (now - DAY) / 1000 },
    { amount: 100, arrival_date: (now - 30 * DAY) / 1000 }, // on the window's first instant
    { amount: 1_000, arrival_date: (now - 31 * DAY) / 1000 },
  ];
  it('sums what arrived in the window, or since the first payout', () => {
    expect(sumArrived(payouts, now - 30 * DAY, now)).toBe(110);
    expect(sumArrived(payouts, null, now)).toBe(1_110);
    expect(sumArrived([], null, now)).toBe(0);
  });
});
