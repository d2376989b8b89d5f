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
import type { InstallLink } from '../../ui/connections/BoulevardConnection';

type Api = AppContext['api'];
type Env = AppContext['env'];

/**
 * The Boulevard install page for the business. The real one is configuration; the local stand-in's page
 * installs only with a state the API gives this session for that business, asked for once the
 * instructions show. The link is offered only once that state is in hand: opened without it, the page
 * would refuse the install.
 */
export function useBoulevardInstallUrl(api: Api, env: Env, businessId: string, shown: boolean): InstallLink {
  const sandbox = env.VITE_BOULEVARD_INSTALL_URL === undefined;
  const [issued, setIssued] = useState<{ businessId: string; state: string } | { failed: string } | null>(
    null,
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!sandbox || !shown || businessId === '') return;
    let current = true;
    setIssued(null);
    connectionsApi(api)
      .boulevardInstallState(businessId)
      .then(
        ({ state }) => current && setIssued({ businessId, state }),
        () => current && setIssued({ failed: businessId }),
      );
    return () => {
      current = false;
    };
  }, [api, sandbox, shown, businessId, attempt]);
  const url = new URL(
    env.VITE_BOULEVARD_INSTALL_URL ?? `${env.VITE_API_URL}/scheduling-sandbox/boulevard/install`,
  );
  url.searchParams.set('businessId', businessId);
  if (!sandbox) return { status: 'ready', url: url.toString() };
  if (issued !== null && 'failed' in issued && issued.failed === businessId) {
    return { status: 'failed', retry: () => setAttempt((n) => n + 1) };
  }
  if (issued === null || !('state' in issued) || issued.businessId !== businessId)
    return { status: 'preparing' };
  url.searchParams.set('state', issued.state);
  return { status: 'ready', url: url.toString() };
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
