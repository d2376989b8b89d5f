/**
 * The OAuth state parameter across the authorisation round trip: made from random bytes, kept in this tab's
 * session storage until the return reads it once.
 */
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
