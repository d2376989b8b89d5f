/**
 * Square's OAuth authorisation (spec 02 §4, Square): the scopes the console asks for (customers,
 * appointments, merchant profile, orders and items; read and write), the authorisation URL, and what the
 * return to the console carries.
 */
export const SQUARE_SCOPES = [
  'CUSTOMERS_READ',
  'CUSTOMERS_WRITE',
  'APPOINTMENTS_READ',
  'APPOINTMENTS_WRITE',
  'MERCHANT_PROFILE_READ',
  'MERCHANT_PROFILE_WRITE',
  'ORDERS_READ',
  'ORDERS_WRITE',
  'ITEMS_READ',
  'ITEMS_WRITE',
] as const;

/** Where the authorisation page sends the browser: the page, its application, scopes, state and return. */
export function squareAuthorizeUrl(options: {
  authorizeUrl: string;
  clientId: string;
  state: string;
  redirectUri: string;
}): string {
  const url = new URL(options.authorizeUrl);
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('scope', SQUARE_SCOPES.join(' '));
  url.searchParams.set('session', 'false');
  url.searchParams.set('state', options.state);
  url.searchParams.set('redirect_uri', options.redirectUri);
  return url.toString();
}

/** The query the authorisation page returns with: a code, or an error and its description; the state. */
export interface OAuthReturn {
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

/** Shown when the return's state is not the one this browser sent (a forged or stale return). */
export const SQUARE_STATE_MISMATCH = 'The Square authorization could not be verified. Please connect again.';
