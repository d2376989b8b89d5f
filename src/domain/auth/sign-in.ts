/** Sign-in rules (01 §2, §4, §5, §8): pure functions, no clock, no I/O. */
import { SIGN_IN_MESSAGES } from '../shared/first-load-messages';
import { roleMayOpen } from './access';
import type { ConsoleRole } from './roles';

/** Whitespace is stripped from the email, wherever it is; there is no client-side required check. */
export function normaliseEmail(email: string): string {
  return email.replace(/\s+/g, '');
}

export interface SignInFailure {
  code: string;
  message: string;
  /** A message not in the catalogue is shown raw and also logged. */
  logged: boolean;
}

/**
 * Identity error codes, including the newer ones the identity service answers with when it will not say
 * whether an account exists, mapped onto the catalogue codes.
 */
const CODE_ALIASES: Record<string, keyof typeof SIGN_IN_MESSAGES> = {
  'auth/invalid-credential': 'auth/wrong-password',
  'auth/invalid-login-credentials': 'auth/wrong-password',
  'auth/invalid-password': 'auth/wrong-password',
  'auth/user-disabled': 'auth/user-not-found',
};

export function signInFailure(code: string | undefined, rawMessage: string): SignInFailure {
  const key = code ? (CODE_ALIASES[code] ?? code) : undefined;
  if (key && key in SIGN_IN_MESSAGES) {
    return { code: key, message: SIGN_IN_MESSAGES[key as keyof typeof SIGN_IN_MESSAGES], logged: false };
  }
  return { code: code ?? 'unknown', message: rawMessage, logged: true };
}

export const ROLE_REJECTED: SignInFailure = {
  code: 'auth/authorization-denied',
  message: SIGN_IN_MESSAGES['auth/authorization-denied'],
  logged: false,
};

/** Only same-site paths are followed after sign-in: never another origin, never back to /login. */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return undefined;
  if (target === '/login' || target.startsWith('/login?')) return undefined;
  return target;
}

export interface Landing {
  to: string;
  /** Navigation state: a provider arrives with fromProvider = true. */
  fromProvider: boolean;
}

/**
 * Where a user goes after signing in: back where a guard sent them from (when their role may open it),
 * else by role.
 */
export function landingAfterSignIn(role: ConsoleRole, redirect: string | undefined): Landing {
  const target = safeRedirect(redirect);
  const back = target !== undefined && roleMayOpen(role, target) ? target : undefined;
  if (role === 'provider') return { to: back ?? '/provider/overview', fromProvider: true };
  return { to: back ?? '/services', fromProvider: false };
}
