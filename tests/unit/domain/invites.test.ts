import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inviteExpiresAt, invitePath, inviteStatus, sameEmail } from '../../../src/domain/providers/invites';

const NOW = 1_750_000_000_000;
const DAY = 86_400_000;
const invite = { email: 'New@Example.com', expiresAt: NOW + DAY, usedAt: null };

describe('inviteStatus', () => {
  it.each([
    ['valid', invite, 'new@example.com', NOW],
    ['valid', invite, '  NEW@example.COM ', NOW + DAY - 1],
    ['expired', invite, 'new@example.com', NOW + DAY],
    ['used', { ...invite, usedAt: NOW - 1 }, 'new@example.com', NOW],
    ['wrong-email', invite, 'other@example.com', NOW],
    ['unknown', null, 'new@example.com', NOW],
    ['unknown', undefined, 'new@example.com', NOW],
  ] as const)('%s', (status, facts, email, now) => {
    expect(inviteStatus(facts, email, now)).toBe(status);
  });

  it('a valid invite becomes expired at its expiry and stays so', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * DAY, max: 10 * DAY }), (offset) => {
        const status = inviteStatus(invite, invite.email, invite.expiresAt + offset);
        expect(status).toBe(offset < 0 ? 'valid' : 'expired');
      }),
    );
  });
});

describe('inviteExpiresAt', () => {
  it('is 7 days after creation by default', () => {
    expect(inviteExpiresAt(NOW)).toBe(NOW + 7 * DAY);
    expect(inviteExpiresAt(NOW, 1)).toBe(NOW + DAY);
  });
});

describe('sameEmail and invitePath', () => {
  it('compares emails without case or surrounding space', () => {
    expect(sameEmail(' A@b.co', 'a@B.CO ')).toBe(true);
    expect(sameEmail('a@b.co', 'a@b.com')).toBe(false);
  });
  it('builds the registration page path with the email in the query', () => {
    expect(invitePath('abc_-1', 'new+1@example.com')).toBe(
      '/provider/invite/abc_-1?email=new%2B1%40example.com',
    );
  });
});
