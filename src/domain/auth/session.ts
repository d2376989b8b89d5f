/**
 * Session rules (01 §4, §6, §9): what the stored ID token says, whether it may still be used, and when it
 * must be refreshed. Pure: "now" is always an argument (epoch milliseconds).
 */
import { TOKEN_REFRESH_WITHIN_MS } from '../shared/constants';

/** What the console reads from an ID token's payload. The signature is the API's business, not ours. */
export interface TokenClaims {
  uid: string;
  email: string | null;
  /** The `role` custom claim, as issued (may be anything; only admin and provider may use the console). */
  role: unknown;
  /** When the token expires, in epoch milliseconds (the `exp` claim is in seconds). */
  expiresAt: number;
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The claims of a JWT-shaped ID token, or null when the text is not one (wrong shape, bad encoding, no
 * subject, no numeric expiry). Nothing here trusts the token: the API verifies it on every call.
 */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const claims = payload as Record<string, unknown>;
  const uid = typeof claims['user_id'] === 'string' ? claims['user_id'] : claims['sub'];
  const exp = claims['exp'];
  if (typeof uid !== 'string' || uid === '') return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  return {
    uid,
    email: typeof claims['email'] === 'string' ? claims['email'] : null,
    role: claims['role'],
    expiresAt: exp * 1000,
  };
}

/** A token is usable only strictly before its expiry: an expired token never counts as signed in. */
export function isTokenLive(expiresAt: number, now: number): boolean {
  return Number.isFinite(expiresAt) && now < expiresAt;
}

/** At sign-in (or restore), a token that expires within 5 minutes is refreshed straight away. */
export function needsRefreshSoon(
  expiresAt: number,
  now: number,
  withinMs: number = TOKEN_REFRESH_WITHIN_MS,
): boolean {
  return expiresAt - now <= withinMs;
}

/** The session's slice of the stored state: whose it is and how they were viewing the console. */
export interface StoredSession {
  uid: string;
  isAdmin: boolean;
  viewAsProvider: boolean;
  /** The provider whose console is shown (a provider's chosen one, or the one an admin views as). */
  providerId: number | null;
}

export const SESSION_SLICE = 'session';

/** The stored session slice, or null when it is missing or not the expected shape. */
export function parseStoredSession(value: unknown): StoredSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const slice = value as Record<string, unknown>;
  const providerId = slice['providerId'];
  if (typeof slice['uid'] !== 'string') return null;
  return {
    uid: slice['uid'],
    isAdmin: slice['isAdmin'] === true,
    viewAsProvider: slice['viewAsProvider'] === true,
    providerId: typeof providerId === 'number' && Number.isInteger(providerId) ? providerId : null,
  };
}

export interface RestoredSession {
  user: TokenClaims & { idToken: string };
  viewAsProvider: boolean;
  providerId: number | null;
  /** When the restore was read: the session decides with it whether the token is still usable. */
  now: number;
}

/**
 * What a reload brings back: the user from the stored token's claims (whatever they are: the session
 * decides whether they may stay signed in), and their view state when the stored slice is theirs. Only an
 * admin can be viewing as a provider.
 */
export function restoreSession(
  idToken: string | null,
  sessionSlice: unknown,
  now: number,
): RestoredSession | null {
  if (!idToken) return null;
  const claims = decodeTokenClaims(idToken);
  if (!claims) return null;
  const stored = parseStoredSession(sessionSlice);
  const mine = stored !== null && stored.uid === claims.uid;
  return {
    user: { ...claims, idToken },
    viewAsProvider: mine && claims.role === 'admin' && stored.viewAsProvider,
    providerId: mine ? stored.providerId : null,
    now,
  };
}

/** The session's slice to store, or null when nobody is signed in (the slice is then removed). */
export function toStoredSession(session: {
  user: { uid: string } | null;
  isAdmin: boolean;
  viewAsProvider: boolean;
  providerId: number | null;
}): StoredSession | null {
  if (!session.user) return null;
  return {
    uid: session.user.uid,
    isAdmin: session.isAdmin,
    viewAsProvider: session.isAdmin && session.viewAsProvider,
    providerId: session.providerId,
  };
}
