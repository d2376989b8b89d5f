import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checklistOf,
  isAvailabilityDone,
  isCoverDone,
  isPaymentsDone,
  OPENING_HOURS_FIELDS,
  TOLERATED_REQUIREMENTS,
} from '../../../../src/domain/dashboard/checklist';
import { activityLines } from '../../../../src/domain/dashboard/activity';

const allHours = Object.fromEntries(
  OPENING_HOURS_FIELDS.map((field) => [field, field.endsWith('open') ? '8:00am' : '6:00pm']),
);

const account = (charges: boolean, payouts: boolean, due: string[] = []) => ({
  charges_enabled: charges,
  payouts_enabled: payouts,
  requirements: { currently_due: due },
});

describe('availability item', () => {
  it('needs all 14 open and close fields', () => {
    expect(OPENING_HOURS_FIELDS).toHaveLength(14);
    expect(isAvailabilityDone(allHours)).toBe(true);
    expect(isAvailabilityDone(null)).toBe(false);
  });

  it.each(OPENING_HOURS_FIELDS)('is not done when %s is missing or blank', (field) => {
    expect(isAvailabilityDone({ ...allHours, [field]: null })).toBe(false);
    expect(isAvailabilityDone({ ...allHours, [field]: '  ' })).toBe(false);
  });
});

describe('payments item', () => {
  it.each([
    ['no account', null, false],
    ['charges and payouts enabled', account(true, true), true],
    ['only charges enabled', account(true, false), false],
    ['only payouts enabled', account(false, true), false],
    ['nothing enabled, nothing due', account(false, false), false],
    ['only the business url due', account(false, false, ['business_profile.url']), true],
    [
      'every tolerated requirement due',
      account(false, false, [
        'business_profile.url',
        'company.name',
        'company.tax_id',
        'tos_acceptance.date',
        'tos_acceptance.ip',
      ]),
      true,
    ],
    ['the bank account due', account(false, false, ['external_account']), false],
    ['a tolerated and another due', account(false, false, ['company.name', 'individual.dob.day']), false],
  ])('%s → %s', (_name, value, done) => {
    expect(isPaymentsDone(value)).toBe(done);
  });

  it('any mix of tolerated requirements alone is done', () => {
    fc.assert(
      fc.property(fc.subarray([...TOLERATED_REQUIREMENTS], { minLength: 1 }), (due) => {
        expect(isPaymentsDone(account(false, false, due))).toBe(true);
      }),
    );
  });
});

describe('cover and the whole checklist', () => {
  it.each([
    [null, false],
    ['', false],
    ['/uploads/cover.jpg', true],
  ])('cover %s → %s', (url, done) => {
    expect(isCoverDone(url)).toBe(done);
  });

  it('is complete only when every item is done; verified is always done', () => {
    const none = checklistOf({ location: null, settlementAccount: null, coverImageURL: null });
    expect(none.items.map((i) => [i.id, i.done])).toEqual([
      ['availability', false],
      ['payments', false],
      ['verified', true],
      ['cover', false],
    ]);
    expect(none).toMatchObject({ doneCount: 1, percent: 25, complete: false });
    const all = checklistOf({
      location: allHours,
      settlementAccount: account(true, true),
      coverImageURL: '/c.jpg',
    });
    expect(all).toMatchObject({ doneCount: 4, percent: 100, complete: true });
    for (const item of all.items) expect(item.href).toMatch(/^\/provider\//);
  });
});

describe('activity', () => {
  it('shows cents as dollars with 2 decimals', () => {
    expect(
      activityLines({ bookingsPast30Days: 7, payoutsPast30DaysInCents: 123456, lifetimePayoutsInCents: 5 }),
    ).toEqual([
      { label: 'Bookings in the past 30 days', value: '7' },
      { label: 'Payouts in the past 30 days', value: '$1,234.56' },
      { label: 'Lifetime payouts', value: '$0.05' },
    ]);
  });
});
