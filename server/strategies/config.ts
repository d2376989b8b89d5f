/**
 * Which scheduling-system implementation the API uses: SCHEDULING_SYSTEMS in server/env.ts. `sandbox` (the
 * default) answers from the local sandboxes (sandbox.ts) and serves their pages at /scheduling-sandbox.
 * `live` is the slot for the real integrations: they are given to createApp as `schedulingSystems` (an
 * implementation of scheduling-system.ts per strategy); asked for without them, start-up stops and says so.
 */
import type { SchedulingSystems } from './scheduling-system';
import { createSandboxSchedulingSystems } from './sandbox';

export type SchedulingSystemsKind = 'sandbox' | 'live';

export function createSchedulingSystems(
  kind: SchedulingSystemsKind,
  live?: SchedulingSystems,
): SchedulingSystems {
  if (kind === 'sandbox') return createSandboxSchedulingSystems();
  if (!live || live.name !== 'live') {
    throw new Error(
      'SCHEDULING_SYSTEMS=live needs the live scheduling-system adapters (an implementation of ' +
        'server/strategies/scheduling-system.ts for MINDBODY, BOOKER, BOULEVARD and SQUARE) passed to ' +
        'createApp as schedulingSystems; none were given. Unset SCHEDULING_SYSTEMS to use the local sandboxes.',
    );
  }
  return live;
}
