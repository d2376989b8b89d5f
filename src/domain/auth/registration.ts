/**
 * Invite registration rules (01 §5, §8): the Create Your Account form's field rules and messages, word for
 * word, and what a failed registration shows. Pure.
 */
import { PASSWORD_MIN_LENGTH } from '../shared/constants';
import { REGISTRATION_MESSAGES } from '../shared/messages';
import { normaliseEmail } from './sign-in';

export interface RegistrationValues {
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegistrationField = keyof RegistrationValues;
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export const REGISTRATION_FIELDS: readonly RegistrationField[] = ['email', 'password', 'confirmPassword'];

/**
 * - email: required → 'Email required' (whitespace does not count);
 * - password: required, at least 8 characters → 'Password needs 8 characters';
 * - confirm password: required, at least 8 characters, equal to the password → 'Password does not match'.
 */
export function registrationErrors(values: RegistrationValues): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (normaliseEmail(values.email) === '') errors.email = REGISTRATION_MESSAGES.emailRequired;
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = REGISTRATION_MESSAGES.passwordLength;
  if (values.confirmPassword.length < PASSWORD_MIN_LENGTH || values.confirmPassword !== values.password)
    errors.confirmPassword = REGISTRATION_MESSAGES.passwordMismatchField;
  return errors;
}

export function hasRegistrationErrors(values: RegistrationValues): boolean {
  return Object.keys(registrationErrors(values)).length > 0;
}

/** Both passwords typed and different: on submit this shows the mismatch message. */
export function passwordsMismatch(values: Pick<RegistrationValues, 'password' | 'confirmPassword'>): boolean {
  return (
    values.password !== '' && values.confirmPassword !== '' && values.password !== values.confirmPassword
  );
}

export type RegistrationFailure =
  | { kind: 'userExists'; message: string }
  | { kind: 'invalidInvite'; message: string }
  | { kind: 'failed'; message: string };

/** What a failed registration shows, by the API's error code. */
export function registrationFailure(code: string | undefined): RegistrationFailure {
  if (code === 'provider/invite/register/user-exists')
    return { kind: 'userExists', message: REGISTRATION_MESSAGES.userExists };
  if (code === 'provider/invite/invalid')
    return { kind: 'invalidInvite', message: REGISTRATION_MESSAGES.invalidInvite };
  return { kind: 'failed', message: REGISTRATION_MESSAGES.failed };
}
