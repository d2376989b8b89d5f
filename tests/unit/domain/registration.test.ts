import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasRegistrationErrors,
  passwordsMismatch,
  registrationErrors,
  registrationFailure,
} from '../../../src/domain/auth/registration';
import { canRequestReset, resetFailureMessage } from '../../../src/domain/auth/reset-password';
import { inviteFormErrors, looksLikeEmail } from '../../../src/domain/providers/invites';

describe('registration field rules (01 §5)', () => {
  it.each([
    [
      { email: '', password: '', confirmPassword: '' },
      {
        email: 'Email required',
        password: 'Password needs 8 characters',
        confirmPassword: 'Password does not match',
      },
    ],
    [
      { email: '  ', password: '1234567', confirmPassword: '1234567' },
      {
        email: 'Email required',
        password: 'Password needs 8 characters',
        confirmPassword: 'Password does not match',
      },
    ],
    [{ email: 'a@b.co', password: '12345678', confirmPassword: '12345678' }, {}],
    [
      { email: 'a@b.co', password: '12345678', confirmPassword: '12345679' },
      {
        confirmPassword: 'Password does not match',
      },
    ],
    [
      { email: 'a@b.co', password: '1234567', confirmPassword: '12345678' },
      {
        password: 'Password needs 8 characters',
        confirmPassword: 'Password does not match',
      },
    ],
  ])('%j → %j', (values, errors) => {
    expect(registrationErrors(values)).toEqual(errors);
  });

  it('a form is valid exactly when both passwords are equal, 8+ characters, and there is an email', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (email, password, confirmPassword) => {
        const valid =
          email.replace(/\s+/g, '') !== '' && password.length >= 8 && confirmPassword === password;
        expect(hasRegistrationErrors({ email, password, confirmPassword })).toBe(!valid);
      }),
    );
  });

  it('passwordsMismatch only when both are typed and differ', () => {
    expect(passwordsMismatch({ password: 'a', confirmPassword: 'b' })).toBe(true);
    expect(passwordsMismatch({ password: 'a', confirmPassword: '' })).toBe(false);
    expect(passwordsMismatch({ password: '', confirmPassword: '' })).toBe(false);
    expect(passwordsMismatch({ password: 'abc', confirmPassword: 'abc' })).toBe(false);
  });

  it.each([
    ['provider/invite/register/user-exists', 'userExists', "Looks like there's an existing account"],
    ['provider/invite/invalid', 'invalidInvite', 'The invite code provided is either expired or invalid.'],
    [
      'server/internal',
      'failed',
      'Could not create account successfully. Please try again by refreshing the page.',
    ],
    [undefined, 'failed', 'Could not create account successfully. Please try again by refreshing the page.'],
  ])('failure %s → %s', (code, kind, message) => {
    expect(registrationFailure(code)).toEqual({ kind, message });
  });
});

describe('reset password rules', () => {
  it.each([
    ['', false],
    ['  ', false],
    ['a', true],
  ])('%j may be sent: %s', (email, ok) => {
    expect(canRequestReset(email)).toBe(ok);
  });
  it.each([
    ['auth/invalid-email', 'Invalid email provided.'],
    ['auth/missing-email', 'Invalid email provided.'],
    ['auth/user-not-found', 'User does not exist.'],
    ['auth/too-many-requests', 'raw'],
    [undefined, 'raw'],
  ])('%s → %s', (code, message) => {
    expect(resetFailureMessage(code, 'raw')).toBe(message);
  });
});

describe('invite form rules', () => {
  const messages = { emailRequired: 'R', emailInvalid: 'I', providersRequired: 'P' };
  it.each([
    [
      { email: '', providerIds: [] },
      { email: 'R', providerIds: 'P' },
    ],
    [{ email: 'nope', providerIds: [1] }, { email: 'I' }],
    [{ email: ' a@b.co ', providerIds: [1] }, {}],
  ])('%j → %j', (form, errors) => {
    expect(inviteFormErrors(form, messages)).toEqual(errors);
  });
  it('looksLikeEmail', () => {
    expect(looksLikeEmail('a@b.co')).toBe(true);
    expect(looksLikeEmail('a@b')).toBe(false);
    expect(looksLikeEmail('a b@c.co')).toBe(false);
  });
});
