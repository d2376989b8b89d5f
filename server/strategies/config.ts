/**
 * Which scheduling-system implementation answers each strategy: SCHEDULING_SYSTEMS in server/env.ts.
 *
 * Both kinds compose one real client per strategy (server/outside/<vendor>/client.ts): MINDBODY, BOOKER,
 * BOULEVARD and SQUARE, each talking to <VENDOR>_API_URL, by default the local stand-ins mounted on this API
 * (server/outside/<vendor>/standin.routes.ts). `sandbox` (the default) is that set outside production;
 * `live` is the same four clients named live, which production requires (server/env.ts), with each vendor's
 * URL and keys set in .env. A vendor client is added here the same way (`OutsideSystemsOptions` gains its
 * options, `composeSchedulingSystems` its line, `outsideSystemsOptions` its settings).
 *
 * The local sandboxes (sandbox.ts) answer only a strategy whose options a test leaves out.
 */
import { createBookerClient, type BookerClientOptions } from '../outside/booker/client';
import {
  BOOKER_STANDIN_CLIENT_ID,
  BOOKER_STANDIN_CLIENT_SECRET,
  BOOKER_STANDIN_PATH,
  BOOKER_STANDIN_SUBSCRIPTION_KEY,
} from '../outside/booker/wire';
import { createBoulevardClient, type BoulevardClientOptions } from '../outside/boulevard/client';
import {
  BOULEVARD_STANDIN_API_KEY,
  BOULEVARD_STANDIN_API_SECRET,
  BOULEVARD_STANDIN_PATH,
} from '../outside/boulevard/wire';
import type { OutsideEnv } from '../outside/env';
import type { Fetch } from '../outside/http';
import { standinTarget } from '../outside/standin';
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
  booker?: BookerClientOptions;
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
  // Each client: at its URL, else at its stand-in on this API, with its time limit or the default.
  const target = (url: string | undefined, path: string, timeoutMs: number | undefined) => ({
    ...standinTarget(url, path, deps),
    log: deps.log,
    timeoutMs: timeoutMs ?? DEFAULT_OUTSIDE_TIMEOUT_MS,
  });
  return {
    mindbody: {
      ...target(env.MINDBODY_API_URL, MINDBODY_STANDIN_PATH, env.MINDBODY_TIMEOUT_MS),
      apiKey: env.MINDBODY_API_KEY ?? MINDBODY_STANDIN_API_KEY,
    },
    booker: {
      ...target(env.BOOKER_API_URL, BOOKER_STANDIN_PATH, env.BOOKER_TIMEOUT_MS),
      clientId: env.BOOKER_CLIENT_ID ?? BOOKER_STANDIN_CLIENT_ID,
      clientSecret: env.BOOKER_CLIENT_SECRET ?? BOOKER_STANDIN_CLIENT_SECRET,
      subscriptionKey: env.BOOKER_SUBSCRIPTION_KEY ?? BOOKER_STANDIN_SUBSCRIPTION_KEY,
    },
    boulevard: {
      ...target(env.BOULEVARD_API_URL, BOULEVARD_STANDIN_PATH, env.BOULEVARD_TIMEOUT_MS),
      apiKey: env.BOULEVARD_API_KEY ?? BOULEVARD_STANDIN_API_KEY,
      apiSecret: env.BOULEVARD_API_SECRET ?? BOULEVARD_STANDIN_API_SECRET,
    },
    square: {
      ...target(env.SQUARE_API_URL, SQUARE_STANDIN_PATH, env.SQUARE_TIMEOUT_MS),
      applicationId: env.SQUARE_APPLICATION_ID ?? SQUARE_STANDIN_APPLICATION_ID,
      applicationSecret: env.SQUARE_APPLICATION_SECRET ?? SQUARE_STANDIN_APPLICATION_SECRET,
    },
  };
}

/** The strategies with a real client, each from its options; the rest from the local sandboxes. */
export function composeSchedulingSystems(outside: OutsideSystemsOptions): SandboxSchedulingSystems {
  const sandboxes = createSandboxSchedulingSystems();
  return {
    ...sandboxes,
    ...(outside.mindbody && { MINDBODY: createMindbodyClient(outside.mindbody) }),
    ...(outside.booker && { BOOKER: createBookerClient(outside.booker) }),
    ...(outside.boulevard && { BOULEVARD: createBoulevardClient(outside.boulevard) }),
    ...(outside.square && { SQUARE: createSquareClient(outside.square) }),
  };
}

const STRATEGY_OPTIONS = ['mindbody', 'booker', 'boulevard', 'square'] as const;

/**
 * `sandbox`: the real clients composed from `outside` (without it, the local sandboxes: tests only). `live`:
 * the four real clients, which need every vendor's settings; asked for without them, start-up stops and says
 * which are missing.
 */
export function createSchedulingSystems(
  kind: SchedulingSystemsKind,
  outside?: OutsideSystemsOptions,
): SchedulingSystems {
  if (kind === 'sandbox') {
    return outside ? composeSchedulingSystems(outside) : createSandboxSchedulingSystems();
  }
  const missing = STRATEGY_OPTIONS.filter((vendor) => !outside?.[vendor]);
  if (missing.length > 0) {
    throw new Error(
      'SCHEDULING_SYSTEMS=live needs the live scheduling-system clients for every strategy: MINDBODY ' +
        '(MINDBODY_API_URL, MINDBODY_API_KEY), BOOKER (BOOKER_API_URL, BOOKER_CLIENT_ID, BOOKER_CLIENT_SECRET, ' +
        'BOOKER_SUBSCRIPTION_KEY), BOULEVARD (BOULEVARD_API_URL, BOULEVARD_API_KEY, BOULEVARD_API_SECRET) and ' +
        'SQUARE (SQUARE_API_URL, SQUARE_APPLICATION_ID, SQUARE_APPLICATION_SECRET); no settings were given for ' +
        `${missing.map((vendor) => vendor.toUpperCase()).join(', ')}.`,
    );
  }
  return { ...composeSchedulingSystems(outside ?? {}), name: 'live' };
}
