/**
 * Which scheduling-system implementation answers each strategy: SCHEDULING_SYSTEMS in server/env.ts.
 *
 * `sandbox` (the default) composes one adapter per strategy: MINDBODY and SQUARE are their real clients
 * (server/outside/<vendor>/client.ts), talking to MINDBODY_API_URL and SQUARE_API_URL, by default the local
 * stand-ins mounted on this API (server/outside/<vendor>/standin.routes.ts); BOOKER and BOULEVARD are still
 * the local sandboxes (sandbox.ts), whose pages are served at /scheduling-sandbox. The next vendor's client
 * replaces its sandbox entry here the same way (`outside` gains its options, `composeSchedulingSystems` its
 * line).
 *
 * `live` needs a real client for every strategy: until BOOKER and BOULEVARD have one, a full set is given to
 * createApp as `schedulingSystems`; asked for without it, start-up stops and says so.
 */
import { createMindbodyClient, type MindbodyClientOptions } from '../outside/mindbody/client';
import { createSquareClient, type SquareClientOptions } from '../outside/square/client';
import type { SchedulingSystems } from './scheduling-system';
import { createSandboxSchedulingSystems, type SandboxSchedulingSystems } from './sandbox';

export type SchedulingSystemsKind = 'sandbox' | 'live';

/** The outside systems' clients' settings (server/env.ts, composed in server/app.ts). */
export interface OutsideSystemsOptions {
  mindbody: MindbodyClientOptions;
  /** Absent (a test composing MINDBODY alone): the sandbox's SQUARE. */
  square?: SquareClientOptions;
}

/** The strategies with a real client, each from its options; the rest from the local sandboxes. */
export function composeSchedulingSystems(outside: OutsideSystemsOptions): SandboxSchedulingSystems {
  const sandboxes = createSandboxSchedulingSystems();
  return {
    ...sandboxes,
    MINDBODY: createMindbodyClient(outside.mindbody),
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
        '(MINDBODY_API_URL, MINDBODY_API_KEY) and SQUARE (SQUARE_API_URL, SQUARE_APPLICATION_ID, ' +
        'SQUARE_APPLICATION_SECRET) have one; BOOKER and BOULEVARD do not yet, so a full set (an ' +
        'implementation of server/strategies/scheduling-system.ts for each) must be passed to createApp as ' +
        'schedulingSystems; none were given. Unset SCHEDULING_SYSTEMS to use the MINDBODY and Square clients ' +
        'with the local sandboxes for the others.',
    );
  }
  return live;
}
