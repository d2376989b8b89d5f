/**
 * The OAuth state parameter across the authorisation round trip: made from random bytes, kept in this tab's
 * session storage until the return reads it once.
 */
import type { OAuthReturn } from '../domain/connections/square';

const KEY = 'upkeep.oauthState';

export function newOAuthState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const state = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  sessionStorage.setItem(KEY, state);
  return state;
}

/** Keeps a state the API issued (the local Square sandbox's page asks for one), as newOAuthState keeps its own. */
export function keepOAuthState(state: string): string {
  sessionStorage.setItem(KEY, state);
  return state;
}

/** The state sent, once: reading it forgets it, so a return cannot be replayed in this tab. */
export function takeOAuthState(): string | null {
  const state = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return state;
}

const RETURN_PARAMS = ['code', 'state', 'error', 'error_description'] as const;

/** The OAuth return a page's query carries (code and state, or error and its description), or null. */
export function oauthReturnIn(search: string): OAuthReturn | null {
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const error = query.get('error');
  if (code === null && error === null) return null;
  return { code, state: query.get('state'), error, errorDescription: query.get('error_description') };
}

/** A page's address (path and query) without the OAuth return: where the authorisation page sends it back. */
export function withoutOAuthReturn(location: { pathname: string; search: string }): string {
  const query = new URLSearchParams(location.search);
  for (const name of RETURN_PARAMS) query.delete(name);
  const rest = query.toString();
  return rest ? `${location.pathname}?${rest}` : location.pathname;
}
