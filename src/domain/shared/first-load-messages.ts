/**
 * The catalogue texts the first load needs (sign-in, session notices, toast durations), in a module of their
 * own so the sign-in page does not download the whole catalogue. `messages.ts` re-exports them: import from
 * there as everywhere else, or from here in code on the first load.
 */

/** Sign-in (toast, 2 seconds). Keyed by identity error code. */
export const SIGN_IN_MESSAGES = {
  'auth/unauthorized': 'You must be an Admin to access dashboard.',
  'auth/invalid-email': 'Invalid email provided.',
  'auth/user-not-found': 'User does not exist.',
  'auth/wrong-password': 'Password does not match the one in our records.',
  'auth/authorization-denied': 'Unauthorized.',
} as const;

/** Toast durations of the catalogue, in milliseconds. */
export const TOAST_DURATIONS = {
  signInError: 2_000,
  reset: 5_000,
  serviceItem: 1_000,
} as const;

/** Shown on the sign-in page when a session ends without the user asking (not in the spec's catalogue). */
export const SESSION_NOTICES = {
  expired: 'Your session has expired. Please sign in again.',
  refreshFailed: 'Your session could not be renewed. Please sign in again.',
  roleRevoked: 'Your account no longer has access to the console. Please sign in again.',
  /** The API refused the token: the role changed, the account was deleted, or it signed out elsewhere. */
  accessChanged: 'Your access has changed. Please sign in again.',
} as const;

/** Shown when an admin viewing as provider opens an admin-only page (not in the spec's catalogue). */
export const VIEW_AS_NOTICES = {
  leftForAdminPage: 'You left viewing as provider to open an admin page.',
} as const;
