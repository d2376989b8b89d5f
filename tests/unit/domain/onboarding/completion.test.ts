import { describe, expect, it } from 'vitest';
import { OPENING_HOURS_FIELDS } from '../../../../src/domain/dashboard/checklist';
import {
  categoriesWithTimeSlots,
  completionSummary,
  type CompletionInput,
} from '../../../../src/domain/onboarding/completion';

const allHours = Object.fromEntries(
  OPENING_HOURS_FIELDS.map((field) => [field, field.endsWith('open') ? '7:00am' : '8:00pm']),
);
const base: CompletionInput = {
  provider: { name: 'Bloom', coverImageURL: '/uploads/cover.png', strategy: 'MANUAL' },
  location: { ...allHours, fullAddress: '500 Ocean Ave, Santa Monica, CA 90402, US' },
  settlementAccount: null,
  services: { kind: 'timeSlots', count: 2 },
};

describe('the completion screen', () => {
  it('says what was set up: the business, its location and its services', () => {
    expect(completionSummary(base).setUp).toEqual([
      { id: 'business', label: 'Business', detail: 'Bloom' },
      { id: 'location', label: 'Location', detail: '500 Ocean Ave, Santa Monica, CA 90402, US' },
      { id: 'services', label: 'Services', detail: 'Time slots for 2 service categories' },
    ]);
    expect(
      completionSummary({ ...base, services: { kind: 'mappings', count: 1 } }).setUp.at(-1)?.detail,
    ).toBe('1 service item mapped to Upkeep service items');
  });

  it('lists payouts as left until the account is connected, with where to do it', () => {
    expect(completionSummary(base).left).toEqual([
      {
        id: 'payments',
        label: 'Payouts',
        missing: 'Connect a Stripe account to get paid',
        action: 'Set up payouts',
        link: { to: '/provider/onboarding/stripe' },
      },
    ]);
    const connected = completionSummary({
      ...base,
      settlementAccount: {
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { currently_due: [] },
      },
    });
    expect(connected.left).toEqual([]);
  });

  it('lists the days without hours, a missing cover and services not chosen yet', () => {
    const summary = completionSummary({
      ...base,
      provider: { name: 'Bloom', coverImageURL: null, strategy: 'MANUAL' },
      location: { ...allHours, day7open: null, day7close: null, fullAddress: null },
      services: { kind: 'timeSlots', count: 0 },
    });
    expect(summary.setUp.map((item) => item.id)).toEqual(['business']);
    expect(summary.left.map((item) => item.action)).toEqual([
      'Back to services',
      'Open the hours editor',
      'Set up payouts',
      'Upload a cover photo',
    ]);
    expect(summary.left.map((item) => [item.id, item.missing, item.link])).toEqual([
      [
        'services',
        'Choose your services and the time slots you are available',
        { to: '/provider/onboarding/location', step: 2 },
      ],
      [
        'availability',
        'Set opening and closing times for Sunday',
        { to: '/provider/profile', hash: 'hours' },
      ],
      ['payments', 'Connect a Stripe account to get paid', { to: '/provider/onboarding/stripe' }],
      ['cover', 'Upload a cover photo', { to: '/provider/profile', hash: 'cover' }],
    ]);
  });

  it('counts the categories with a time slot offered', () => {
    const day = (checked: boolean) => [{ time: '09:00', checked }];
    expect(
      categoriesWithTimeSlots([
        { timeslots: { Monday: day(true), Tuesday: day(false) } },
        { timeslots: { Monday: day(false), Sunday: [] } },
        { timeslots: { Sunday: day(true) } },
      ]),
    ).toBe(2);
  });

  it('a strategy whose step 2 saves nothing here says nothing of services', () => {
    const summary = completionSummary({ ...base, services: null });
    expect(summary.setUp.map((item) => item.id)).toEqual(['business', 'location']);
    expect(summary.left.map((item) => item.id)).toEqual(['payments']);
  });
});
