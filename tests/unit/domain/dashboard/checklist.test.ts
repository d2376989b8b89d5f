import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checklistOf,
  isAvailabilityDone,
  isCoverDone,
  isPaymentsDone,
  listOfNames,
  missingAvailability,
  missingCover,
  missingPayments,
  OPENING_HOURS_FIELDS,
  TOLERATED_REQUIREMENTS,
} from '../../../../src/domain/dashboard/checklist';
import { activityLines, payoutsNotice } from '../../../../src/domain/dashboard/activity';
import { PROVIDER_MESSAGES } from '../../../../src/domain/shared/messages';

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
    const none = checklistOf({
      strategy: 'BOOKER',
      location: null,
      settlementAccount: null,
      coverImageURL: null,
    });
    expect(none.items.map((i) => [i.id, i.done])).toEqual([
      ['availability', false],
      ['payments', false],
      ['verified', true],
      ['cover', false],
    ]);
    expect(none).toMatchObject({ doneCount: 1, percent: 25, complete: false });
    const all = checklistOf({
      strategy: 'BOOKER',
      location: allHours,
      settlementAccount: account(true, true),
      coverImageURL: '/c.jpg',
    });
    expect(all).toMatchObject({ doneCount: 4, percent: 100, complete: true });
    for (const item of all.items) expect(item.missing).toBeNull();
  });

  it('names the scheduling system in the verified item, and leaves it out for MANUAL', () => {
    const labels = (strategy: 'MANUAL' | 'MINDBODY' | 'BOOKER' | 'BOULEVARD' | 'SQUARE') =>
      checklistOf({ strategy, location: null, settlementAccount: null, coverImageURL: null }).items.map(
        (i) => i.label,
      );
    expect(labels('MINDBODY')).toContain('Verified MINDBODY connection');
    expect(labels('BOOKER')).toContain('Verified Booker connection');
    expect(labels('BOULEVARD')).toContain('Verified Boulevard connection');
    expect(labels('SQUARE')).toContain('Verified Square connection');
    expect(labels('MANUAL')).toEqual(['Availability', 'Connect to payment provider', 'Cover photo']);
    const manual = checklistOf({
      strategy: 'MANUAL',
      location: allHours,
      settlementAccount: account(true, true),
      coverImageURL: '/c.jpg',
    });
    expect(manual).toMatchObject({ doneCount: 3, percent: 100, complete: true });
    const manualNone = checklistOf({
      strategy: 'MANUAL',
      location: null,
      settlementAccount: null,
      coverImageURL: null,
    });
    expect(manualNone).toMatchObject({ doneCount: 0, percent: 0, complete: false });
  });

  it('links each item to the page and section that completes it', () => {
    const none = checklistOf({
      strategy: 'BOOKER',
      location: null,
      settlementAccount: null,
      coverImageURL: null,
    });
    expect(Object.fromEntries(none.items.map((i) => [i.id, i.link]))).toEqual({
      availability: { to: '/provider/profile', hash: 'hours' },
      payments: { to: '/provider/onboarding/stripe' },
      verified: { to: '/provider/profile' },
      cover: { to: '/provider/profile', hash: 'cover' },
    });
  });
});

describe('what each item says is missing', () => {
  const closedOn = (...days: number[]) =>
    Object.fromEntries(
      Object.entries(allHours).map(([field, value]) => [
        field,
        days.some((day) => field.startsWith(`day${day}`)) ? null : value,
      ]),
    );

  it.each([
    ['closed on Sunday', closedOn(7), 'Set opening and closing times for Sunday'],
    ['closed at the weekend', closedOn(6, 7), 'Set opening and closing times for Saturday and Sunday'],
    ['closed three days', closedOn(1, 2, 7), 'Set opening and closing times for Monday, Tuesday and Sunday'],
    ['Friday without a closing time', { ...allHours, day5close: '' }, 'Set a closing time for Friday'],
    ['Monday without an opening time', { ...allHours, day1open: null }, 'Set an opening time for Monday'],
    [
      'a mix',
      { ...closedOn(7), day1open: ' ', day5close: null },
      'Set opening and closing times for Sunday, an opening time for Monday and a closing time for Friday',
    ],
    ['no hours at all', closedOn(1, 2, 3, 4, 5, 6, 7), 'Set opening and closing times for every day'],
    ['no location', null, 'Add a location, then set opening and closing times for every day'],
  ])('availability, %s', (_name, location, text) => {
    expect(missingAvailability(location)).toBe(text);
    const item = checklistOf({ strategy: 'MANUAL', location, settlementAccount: null, coverImageURL: null })
      .items[0];
    expect(item).toMatchObject({ id: 'availability', done: false, missing: text });
  });

  it('says nothing is missing exactly when the availability item is done', () => {
    const hours = fc.record(
      Object.fromEntries(
        OPENING_HOURS_FIELDS.map((field) => [field, fc.constantFrom(null, '', ' ', '9:00am')]),
      ),
    );
    fc.assert(
      fc.property(hours, (location) => {
        const missing = missingAvailability(location);
        expect(missing === null).toBe(isAvailabilityDone(location));
        // It names exactly the days with a time missing.
        const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
        const lacking = days.filter((_day, index) =>
          [`day${index + 1}open`, `day${index + 1}close`].some((field) => !(location[field] ?? '').trim()),
        );
        const named = missing?.includes('every day') ? days : days.filter((day) => missing?.includes(day));
        expect(named).toEqual(lacking);
      }),
    );
  });

  it.each([
    ['no account', null, 'Connect a Stripe account to get paid'],
    [
      'the bank account due',
      account(false, false, ['external_account']),
      'Connect a bank account to your Stripe account',
    ],
    [
      'other details due',
      account(false, false, ['individual.dob.day']),
      'Finish your Stripe account details',
    ],
    ['charges and payouts enabled', account(true, true), null],
  ])('payments, %s', (_name, value, text) => {
    expect(missingPayments(value)).toBe(text);
  });

  it('cover and the lists of names', () => {
    expect(missingCover(null)).toBe('Upload a cover photo');
    expect(missingCover('/uploads/c.png')).toBeNull();
    expect(listOfNames([])).toBe('');
    expect(listOfNames(['Sunday'])).toBe('Sunday');
    expect(listOfNames(['a', 'b', 'c'])).toBe('a, b and c');
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
    expect(
      payoutsNotice({ bookingsPast30Days: 7, payoutsPast30DaysInCents: 0, lifetimePayoutsInCents: 0 }),
    ).toBeNull();
  });

  it('the payment provider did not answer: the bookings, and its message in place of the payouts', () => {
    const figures = {
      bookingsPast30Days: 7,
      payouts: 'unavailable',
      payoutsPast30DaysInCents: null,
      lifetimePayoutsInCents: null,
      activityWindowDays: 7,
    } as const;
    expect(activityLines(figures)).toEqual([{ label: 'Bookings in the past 7 days', value: '7' }]);
    expect(payoutsNotice(figures)).toBe(PROVIDER_MESSAGES.paymentsUnavailable);
    expect(payoutsNotice(figures)).toBe('The payment provider did not answer; try again');
  });
});
