/** Reset password rules (01 §2, §5, §8). Pure. */
import { SIGN_IN_MESSAGES } from '../shared/messages';
import { normaliseEmail } from './sign-in';

/** The Reset button is disabled while the email is empty (whitespace does not count). */
export function canRequestReset(email: string): boolean {
  return normaliseEmail(email) !== '';
}

/**
 * A failed request shows the error's message: the catalogue's words for the identity codes it has, the
 * service's own message otherwise.
 */
export function resetFailureMessage(code: string | undefined, rawMessage: string): string {
  switch (code) {
    case 'auth/invalid-email':
    case 'auth/missing-email':
      return SIGN_IN_MESSAGES['auth/invalid-email'];
    case 'auth/user-not-found':
      return SIGN_IN_MESSAGES['auth/user-not-found'];
    default:
      return rawMessage;
  }
}
