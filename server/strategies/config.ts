/**
 * Which scheduling-system implementation answers each strategy: SCHEDULING_SYSTEMS in server/env.ts.
 *
 * `sandbox` (the default) composes one adapter per strategy: MINDBODY, BOULEVARD and SQUARE are their real
 * clients (server/outside/<vendor>/client.ts), talking to <VENDOR>_API_URL, by default the local stand-ins
 * mounted on this API (server/outside/<vendor>/standin.routes.ts); BOOKER is still the local sandbox
 * (sandbox.ts). The next vendor's client replaces its sandbox
 * entry here the same way (`OutsideSystemsOptions` gains its options, `composeSchedulingSystems` its line,
 * `outsideSystemsOptions` its settings).
 *
 * `live` needs a real client for every strategy: until BOOKER has one, a full set is given to
 * createApp as `schedulingSystems`; asked for without it, start-up stops and says so.
 */
import { createBoulevardClient, type BoulevardClientOptions } from '../outside/boulevard/client';
import {
  BOULEVARD_STANDIN_API_KEY,
  BOULEVARD_STANDIN_API_SECRET,
  BOULEVARD_STANDIN_PATH,
} from '../outside/boulevard/wire';
import type { OutsideEnv } from '../outside/env';
import type { Fetch } from '../outside/http';
import { createMindbodyClient, type MindbodyClientOptions } from '../outside/mindbody/client';
import { MINDBODY_STANDIN_API_KEY, MINDBODY_STANDIN_PATH } from '../outside/mindbody/wire';
import { createSquareClient, type SquareClientOptions } from '../outside/square/client';
import {
  SQUARE_STANDIN_APPLICATION_ID,
  SQUARE_STANDIN_APPLICATION_SECRET,
  SQUARE_STANDIN_PATH,
} from '../outside/square/wire';
import type { Log } from '../http/log';
import type { SchedulingSystems } from './scheduling-system';
import { createSandboxSchedulingSystems, type SandboxSchedulingSystems } from './sandbox';

export type SchedulingSystemsKind = 'sandbox' | 'live';

/** The outside systems' clients' settings (server/env.ts, composed in server/app.ts). */
export interface OutsideSystemsOptions {
  /** Each vendor's client settings; without them (a test that builds its own set) its sandbox answers. */
  mindbody?: MindbodyClientOptions;
  boulevard?: BoulevardClientOptions;
  square?: SquareClientOptions;
}

export const DEFAULT_OUTSIDE_TIMEOUT_MS = 5000;

/**
 * The clients' settings from the environment: each vendor at its URL, else at the stand-in on this API, called
 * at `selfUrl` once the API listens, or through `appFetch` in process (no socket) before or without one.
 */
export function outsideSystemsOptions(
  env: Partial<OutsideEnv>,
  deps: { log: Log; selfUrl: (() => string) | undefined; inProcessOrigin: string; appFetch: Fetch },
): OutsideSystemsOptions {
  const { log, selfUrl, inProcessOrigin, appFetch } = deps;
  const standin = (url: string | undefined, path: string) => ({
    baseUrl: () => url ?? `${selfUrl?.() ?? inProcessOrigin}${path}`,
    log,
    ...(!url && !selfUrl && { fetch: appFetch }),
  });
  return {
    mindbody: {
      ...standin(env.MINDBODY_API_URL, MINDBODY_STANDIN_PATH),
      apiKey: env.MINDBODY_API_KEY ?? MINDBODY_STANDIN_API_KEY,
      timeoutMs: env.MINDBODY_TIMEOUT_MS ?? DEFAULT_OUTSIDE_TIMEOUT_MS,
    },
    boulevard: {
      ...standin(env.BOULEVARD_API_URL, BOULEVARD_STANDIN_PATH),
      apiKey: env.BOULEVARD_API_KEY ?? BOULEVARD_STANDIN_API_KEY,
      apiSecret: env.BOULEVARD_API_SECRET ?? BOULEVARD_STANDIN_API_SECRET,
      timeoutMs: env.BOULEVARD_TIMEOUT_MS ?? DEFAULT_OUTSIDE_TIMEOUT_MS,
    },
    square: {
      ...standin(env.SQUARE_API_URL, SQUARE_STANDIN_PATH),
      applicationId: env.SQUARE_APPLICATION_ID ?? SQUARE_STANDIN_APPLICATION_ID,
      applicationSecret: env.SQUARE_APPLICATION_SECRET ?? SQUARE_STANDIN_APPLICATION_SECRET,
      timeoutMs: env.SQUARE_TIMEOUT_MS ?? DEFAULT_OUTSIDE_TIMEOUT_MS,
    },
  };
}

/** The strategies with a real client, each from its options; the rest from the local sandboxes. */
export function composeSchedulingSystems(outside: OutsideSystemsOptions): SandboxSchedulingSystems {
  const sandboxes = createSandboxSchedulingSystems();
  return {
    ...sandboxes,
    ...(outside.mindbody && { MINDBODY: createMindbodyClient(outside.mindbody) }),
    ...(outside.boulevard && { BOULEVARD: createBoulevardClient(outside.boulevard) }),
    ...(outside.square && { SQUARE: createSquareClient(outside.square) }),
  };
}

export function createSchedulingSystems(
  kind: SchedulingSystemsKind,
  outside?: OutsideSystemsOptions,
  live?: SchedulingSystems,
): SchedulingSystems {
  if (kind === 'sandbox') {
    return outside ? composeSchedulingSystems(outside) : createSandboxSchedulingSystems();
  }
  if (!live || live.name !== 'live') {
    throw new Error(
      'SCHEDULING_SYSTEMS=live needs the live scheduling-system clients for every strategy. MINDBODY ' +
        '(MINDBODY_API_URL, MINDBODY_API_KEY), BOULEVARD (BOULEVARD_API_URL, BOULEVARD_API_KEY, ' +
        'BOULEVARD_API_SECRET) and SQUARE (SQUARE_API_URL, SQUARE_APPLICATION_ID, SQUARE_APPLICATION_SECRET) ' +
        'have one; BOOKER does not yet, so a full set (an implementation of ' +
        'server/strategies/scheduling-system.ts for each) must be passed to createApp as schedulingSystems; ' +
        'none were given. Unset SCHEDULING_SYSTEMS to use the MINDBODY, BOULEVARD and SQUARE clients with the ' +
        'local sandbox for BOOKER.',
    );
  }
  return live;
}
