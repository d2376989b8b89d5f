import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeTokenClaims,
  isTokenLive,
  needsRefreshSoon,
  parseStoredSession,
  restoreSession,
} from '../../../src/domain/auth/session';

const NOW = 1_750_000_000_000;

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** An unsigned JWT with this payload (the console never checks signatures). */
function fakeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.`;
}

describe('decodeTokenClaims', () => {
  it('reads uid, email, role and expiry (seconds → milliseconds) from a Firebase ID token', () => {
    const token = fakeToken({
      user_id: 'abc',
      sub: 'abc',
      email: 'ada@upkeep.test',
      role: 'admin',
      exp: 1_750_003_600,
    });
    expect(decodeTokenClaims(token)).toEqual({
      uid: 'abc',
      email: 'ada@upkeep.test',
      role: 'admin',
      expiresAt: 1_750_003_600_000,
    });
  });

  it('falls back to sub, and keeps a missing email and role as such', () => {
    expect(decodeTokenClaims(fakeToken({ sub: 'x', exp: 1 }))).toEqual({
      uid: 'x',
      email: null,
      role: undefined,
      expiresAt: 1000,
    });
  });

  it('decodes non-ASCII text', () => {
    expect(decodeTokenClaims(fakeToken({ sub: 'x', exp: 1, email: 'zoë@upkeep.test' }))?.email).toBe(
      'zoë@upkeep.test',
    );
  });

  it.each([
    ['empty', ''],
    ['two parts', 'a.b'],
    ['not base64 JSON', 'a.!!!.c'],
    ['JSON that is not an object', `a.${base64Url('42')}.c`],
    ['no subject', fakeToken({ exp: 1 })],
    ['empty subject', fakeToken({ sub: '', exp: 1 })],
    ['no expiry', fakeToken({ sub: 'x' })],
    ['expiry as text', fakeToken({ sub: 'x', exp: '1' })],
  ])('%s → null', (_, token) => {
    expect(decodeTokenClaims(token)).toBeNull();
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const claims = decodeTokenClaims(text);
        expect(claims === null || typeof claims.uid === 'string').toBe(true);
      }),
    );
  });
});

describe('isTokenLive and needsRefreshSoon', () => {
  it.each([
    [NOW + 1, true],
    [NOW, false],
    [NOW - 1, false],
    [Number.NaN, false],
  ])('expiring at %d is live at NOW: %s', (expiresAt, live) => {
    expect(isTokenLive(expiresAt, NOW)).toBe(live);
  });

  it.each([
    [NOW + 300_000, true],
    [NOW + 300_001, false],
    [NOW + 10, true],
    [NOW + 3_600_000, false],
  ])('expiring at %d needs a refresh at sign-in: %s', (expiresAt, soon) => {
    expect(needsRefreshSoon(expiresAt, NOW)).toBe(soon);
  });

  it('a live token either needs a refresh soon or has more than 5 minutes left', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (expiresAt, now) => {
        if (!isTokenLive(expiresAt, now)) return;
        expect(needsRefreshSoon(expiresAt, now)).toBe(expiresAt - now <= 300_000);
      }),
    );
  });
});

describe('parseStoredSession', () => {
  it('keeps a well-formed slice', () => {
    expect(parseStoredSession({ uid: 'u', isAdmin: true, viewAsProvider: true, providerId: 3 })).toEqual({
      uid: 'u',
      isAdmin: true,
      viewAsProvider: true,
      providerId: 3,
    });
  });
  it.each([null, 1, 'x', {}, { uid: 5 }])('%j → null', (value) => {
    expect(parseStoredSession(value)).toBeNull();
  });
  it('tolerates odd field values', () => {
    expect(parseStoredSession({ uid: 'u', viewAsProvider: 'yes', providerId: 1.5 })).toEqual({
      uid: 'u',
      isAdmin: false,
      viewAsProvider: false,
      providerId: null,
    });
  });
});

describe('restoreSession', () => {
  const admin = fakeToken({ sub: 'a1', email: 'ada@upkeep.test', role: 'admin', exp: 1_750_003_600 });
  const provider = fakeToken({ sub: 'p1', role: 'provider', exp: 1_750_003_600 });

  it('restores nothing without a readable token', () => {
    expect(restoreSession(null, { uid: 'a1' }, NOW)).toBeNull();
    expect(restoreSession('garbage', { uid: 'a1' }, NOW)).toBeNull();
  });

  it('restores the user from the token and their view state when the slice is theirs', () => {
    expect(
      restoreSession(admin, { uid: 'a1', isAdmin: true, viewAsProvider: true, providerId: 2 }, NOW),
    ).toEqual({
      user: {
        uid: 'a1',
        email: 'ada@upkeep.test',
        role: 'admin',
        expiresAt: 1_750_003_600_000,
        idToken: admin,
      },
      viewAsProvider: true,
      providerId: 2,
      now: NOW,
    });
  });

  it("ignores another user's view state", () => {
    expect(restoreSession(admin, { uid: 'someone', viewAsProvider: true, providerId: 2 }, NOW)).toMatchObject(
      { viewAsProvider: false, providerId: null },
    );
  });

  it('a provider is never restored as viewing as provider', () => {
    expect(restoreSession(provider, { uid: 'p1', viewAsProvider: true, providerId: 5 }, NOW)).toMatchObject({
      viewAsProvider: false,
      providerId: 5,
    });
  });

  it('restores an expired token as it is: the session decides it is not signed in', () => {
    expect(restoreSession(admin, null, 1_750_003_600_000)?.user.expiresAt).toBe(1_750_003_600_000);
  });
});
