import { describe, expect, it } from 'vitest';
import {
  inProse,
  notificationLink,
  notificationSentence,
  requirementWords,
} from '../../../src/domain/notifications/notifications';

const NOW = Date.parse('2026-03-12T12:00:00Z');
const ZONE = 'America/Los_Angeles';
const booking = {
  provider: 'Glow Studio',
  customer: 'Ines Inbox',
  start: '2026-03-04T18:00:00Z',
  timeZone: ZONE,
  day: '2026-03-04',
};

describe('notification sentences', () => {
  it('says each kind in plain words, with no raw names', () => {
    expect(
      notificationSentence(
        {
          kind: 'onboarding-stuck',
          params: { provider: 'Glow Studio', since: '2026-03-03T09:00:00Z', missing: ['hours', 'cover'] },
        },
        NOW,
        ZONE,
      ),
    ).toBe('Glow Studio has been onboarding for 9 days and still needs opening hours and a cover photo.');
    expect(
      notificationSentence(
        { kind: 'connection-down', params: { provider: 'Serenity', system: 'BOULEVARD' } },
        NOW,
        ZONE,
      ),
    ).toBe("Serenity's Boulevard connection stopped answering.");
    expect(
      notificationSentence(
        {
          kind: 'payouts-requirements',
          params: {
            provider: 'Bloom',
            requirements: ['external_account', 'individual.dob.day', 'individual.dob.month', 'company.phone'],
          },
        },
        NOW,
        ZONE,
      ),
    ).toBe("Bloom's payouts account needs more details: a bank account, date of birth and phone.");
    expect(
      notificationSentence(
        { kind: 'late-cancellation', params: { ...booking, lateFeeInCents: 5000 } },
        NOW,
        ZONE,
      ),
    ).toBe(
      'Ines Inbox cancelled late: the booking at Glow Studio on Mar 4, 2026, 10:00 AM ($50.00 late fee).',
    );
    expect(
      notificationSentence(
        { kind: 'receipt-failed', params: { ...booking, recipient: 'PROVIDER' } },
        NOW,
        ZONE,
      ),
    ).toBe(
      "The receipt to the provider for Ines Inbox's booking at Glow Studio on Mar 4, 2026, 10:00 AM could not be sent: there is no address to send it to.",
    );
  });

  it('joins lists as prose and names unknown requirements by their last part', () => {
    expect(inProse([])).toBe('');
    expect(inProse(['a'])).toBe('a');
    expect(inProse(['a', 'b', 'c'])).toBe('a, b and c');
    expect(requirementWords('company.tax_id')).toBe('tax id');
  });
});

describe('notification links', () => {
  it("opens a provider's manage view, or the booking's day in the appointments workspace", () => {
    expect(notificationLink({ recordType: 'provider', recordId: '12', providerId: 12, params: {} })).toEqual({
      href: '/providers?provider=12',
      label: 'Open provider',
    });
    expect(
      notificationLink({ recordType: 'appointment', recordId: 'g-1', providerId: 4, params: booking }),
    ).toEqual({
      href: '/appointments?provider=4&from=2026-03-04&to=2026-03-04',
      label: 'Open appointment',
    });
    expect(notificationLink({ recordType: 'other', recordId: 'x', providerId: null, params: {} })).toBeNull();
  });
});
