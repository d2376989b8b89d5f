/**
 * The browser's part of the scheduling-system connections, shared by the wizard's connection step and a
 * provider's connection settings: the Boulevard install page's address, and Square's authorisation round
 * trip (a state kept in this tab, then the authorisation page, which returns to `redirectUri`): Square's own
 * with VITE_SQUARE_AUTHORIZE_URL, else the API's local Square stand-in's.
 */
import { useEffect, useState } from 'react';
import type { AppContext } from '../../app/context';
import { keepOAuthState, newOAuthState } from '../../app/oauth-state';
import { connectionsApi } from '../../api/connections/connections';
import { SQUARE_SCOPES, squareAuthorizeUrl } from '../../domain/connections/square';
import type { SquareBrowser } from '../../machines/connections/connections.actors';

type Api = AppContext['api'];
type Env = AppContext['env'];

/**
 * The Boulevard install page for the business. The real one is configuration; the local stand-in's page
 * installs only with a state the API gives this session for that business, asked for once the
 * instructions show (the link names the business once the state is in hand).
 */
export function useBoulevardInstallUrl(api: Api, env: Env, businessId: string, shown: boolean): string {
  const sandbox = env.VITE_BOULEVARD_INSTALL_URL === undefined;
  const [issued, setIssued] = useState<{ businessId: string; state: string } | null>(null);
  useEffect(() => {
    if (!sandbox || !shown || businessId === '') return;
    let current = true;
    connectionsApi(api)
      .boulevardInstallState(businessId)
      .then(
        ({ state }) => current && setIssued({ businessId, state }),
        () => current && setIssued(null),
      );
    return () => {
      current = false;
    };
  }, [api, sandbox, shown, businessId]);
  const url = new URL(
    env.VITE_BOULEVARD_INSTALL_URL ?? `${env.VITE_API_URL}/scheduling-sandbox/boulevard/install`,
  );
  if (!sandbox) url.searchParams.set('businessId', businessId);
  else if (issued?.businessId === businessId) {
    url.searchParams.set('businessId', businessId);
    url.searchParams.set('state', issued.state);
  }
  return url.toString();
}

/** The permissions as read: "customers", "appointments", "merchant profile", "orders", "items". */
export const SQUARE_SCOPE_NAMES = [
  ...new Set(
    SQUARE_SCOPES.map((scope) =>
      scope
        .replace(/_(READ|WRITE)$/, '')
        .replace(/_/g, ' ')
        .toLowerCase(),
    ),
  ),
];

/** Square's round trip in this browser, coming back to `redirectUri()` (read when Connect is pressed). */
export function squareBrowser(api: Api, env: Env, redirectUri: () => string): SquareBrowser {
  return {
    // The local stand-in's page acts only with a state the API issued to this session.
    newState: async () =>
      env.VITE_SQUARE_AUTHORIZE_URL === undefined
        ? keepOAuthState((await connectionsApi(api).squareStandinState()).state)
        : newOAuthState(),
    authorize: async (state) => {
      window.location.assign(
        squareAuthorizeUrl({
          authorizeUrl:
            env.VITE_SQUARE_AUTHORIZE_URL ?? `${env.VITE_API_URL}/standins/square/oauth2/authorize`,
          clientId: env.VITE_SQUARE_APPLICATION_ID ?? 'sandbox-upkeep-console',
          state,
          redirectUri: redirectUri(),
        }),
      );
      // The page is leaving: nothing more happens here.
      await new Promise<never>(() => undefined);
    },
  };
}
