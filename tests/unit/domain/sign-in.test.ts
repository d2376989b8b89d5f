import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '../../../src/domain/shared/messages';
import {
  landingAfterSignIn,
  normaliseEmail,
  safeRedirect,
  signInFailure,
} from '../../../src/domain/auth/sign-in';

describe('normaliseEmail', () => {
  it('strips whitespace anywhere', () => {
    expect(normaliseEmail('  admin@upkeep.test \t')).toBe('admin@upkeep.test');
    expect(normaliseEmail('ad min@upkeep .test')).toBe('admin@upkeep.test');
  });
  it('leaves no whitespace and keeps every other character in order', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = normaliseEmail(text);
        expect(/\s/.test(result)).toBe(false);
        expect(result).toBe([...text].filter((c) => !/\s/.test(c)).join(''));
      }),
    );
  });
});

describe('signInFailure', () => {
  it.each([
    ['auth/unauthorized', SIGN_IN_MESSAGES['auth/unauthorized']],
    ['auth/invalid-email', 'Invalid email provided.'],
    ['auth/user-not-found', 'User does not exist.'],
    ['auth/wrong-password', 'Password does not match the one in our records.'],
    ['auth/invalid-credential', 'Password does not match the one in our records.'],
    ['auth/invalid-login-credentials', 'Password does not match the one in our records.'],
  ])('%s → catalogue text', (code, message) => {
    expect(signInFailure(code, 'raw')).toMatchObject({ message, logged: false });
  });

  it('shows any other message raw, and marks it to be logged', () => {
    expect(
      signInFailure('auth/network-request-failed', 'Firebase: Error (auth/network-request-failed).'),
    ).toEqual({
      code: 'auth/network-request-failed',
      message: 'Firebase: Error (auth/network-request-failed).',
      logged: true,
    });
    expect(signInFailure(undefined, 'boom')).toMatchObject({
      code: 'unknown',
      message: 'boom',
      logged: true,
    });
  });
});

describe('landing after sign-in', () => {
  it('sends a provider to their overview with fromProvider, anyone else to /services', () => {
    expect(landingAfterSignIn('provider', undefined)).toEqual({
      to: '/provider/overview',
      fromProvider: true,
    });
    expect(landingAfterSignIn('admin', undefined)).toEqual({ to: '/services', fromProvider: false });
  });
  it('goes back where a guard sent them from', () => {
    expect(landingAfterSignIn('admin', '/users?q=ann')).toEqual({ to: '/users?q=ann', fromProvider: false });
  });
  it.each(['https://evil.test/', '//evil.test', '/\\evil.test', '/login', '/login?redirect=/x', 'users'])(
    'never follows %s',
    (target) => {
      expect(safeRedirect(target)).toBeUndefined();
    },
  );
});
