/**
 * Which scheduling-system implementation answers each strategy: SCHEDULING_SYSTEMS in server/env.ts.
 *
 * `sandbox` (the default) composes one adapter per strategy: MINDBODY is its real client
 * (server/outside/mindbody/client.ts), talking to MINDBODY_API_URL, by default the local stand-in mounted on
 * this API (server/outside/mindbody/standin.routes.ts); BOOKER, BOULEVARD and SQUARE are still the local
 * sandboxes (sandbox.ts), whose pages are served at /scheduling-sandbox. The next vendor's client replaces its
 * sandbox entry here the same way (`outside` gains its options, `composeSchedulingSystems` its line).
 *
 * `live` needs a real client for every strategy: until BOOKER, BOULEVARD and SQUARE have one, they are given
 * to createApp as `schedulingSystems`; asked for without them, start-up stops and says so.
 */
import { createMindbodyClient, type MindbodyClientOptions } from '../outside/mindbody/client';
import type { SchedulingSystems } from './scheduling-system';
import { createSandboxSchedulingSystems, type SandboxSchedulingSystems } from './sandbox';

export type SchedulingSystemsKind = 'sandbox' | 'live';

/** The outside systems' clients' settings (server/env.ts, composed in server/app.ts). */
export interface OutsideSystemsOptions {
  mindbody: MindbodyClientOptions;
}

/** The strategies with a real client, each from its options; the rest from the local sandboxes. */
export function composeSchedulingSystems(outside: OutsideSystemsOptions): SandboxSchedulingSystems {
  const sandboxes = createSandboxSchedulingSystems();
  return { ...sandboxes, MINDBODY: createMindbodyClient(outside.mindbody) };
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
      'SCHEDULING_SYSTEMS=live needs the live scheduling-system clients for every strategy. MINDBODY has one ' +
        '(MINDBODY_API_URL, MINDBODY_API_KEY); BOOKER, BOULEVARD and SQUARE do not yet, so a full set (an ' +
        'implementation of server/strategies/scheduling-system.ts for each) must be passed to createApp as ' +
        'schedulingSystems; none were given. Unset SCHEDULING_SYSTEMS to use the MINDBODY client with the ' +
        'local sandboxes for the others.',
    );
  }
  return live;
}
