/**
 * The payouts onboarding's test fault switch, beside the Stripe stand-in (APP_ENV=test only):
 * POST /standins/stripe/faults/attach `{ locationId }` (an admin) makes the next PUT /locations/{locationId}
 * that attaches a settlement account fail with a 500, so a test can prove the account just created at the
 * payment provider is deleted again (spec 02 §4). Nothing reachable outside test mode arms it.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { API_ERROR_CODES } from '../../../src/api/contract/error-codes';
import type { Allow } from '../../http/auth';
import { fail } from '../../http/errors';
import type { HonoEnv } from '../../http/types';
import { jsonBody } from '../../http/validate';

/** Location ids whose next settlement attach fails. */
export class AttachFaults {
  private readonly armed = new Set<number>();
  arm(locationId: number) {
    this.armed.add(locationId);
  }
  isArmed(locationId: number): boolean {
    return this.armed.has(locationId);
  }
  /** True once per arming. */
  take(locationId: number): boolean {
    return this.armed.delete(locationId);
  }
}

/** In front of PUT /locations/{id}: fails an armed location's settlement attach. */
export function attachFaultGuard(faults: AttachFaults): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const id = Number(c.req.param('id'));
    if (c.req.method === 'PUT' && faults.isArmed(id)) {
      // Read as text (cached for the route's own validation), then parsed here.
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        body = undefined;
      }
      const attaches =
        typeof body === 'object' &&
        body !== null &&
        Boolean((body as Record<string, unknown>).settlementAccount);
      if (attaches && faults.take(id))
        return fail(c, 500, API_ERROR_CODES.internal, 'Test fault: attaching the settlement account failed');
    }
    await next();
  };
}

export function attachFaultRoutes(deps: { allow: Allow; faults: AttachFaults }) {
  return new Hono<HonoEnv>().post(
    '/faults/attach',
    deps.allow('admin'),
    jsonBody(v.object({ locationId: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
    (c) => {
      deps.faults.arm(c.req.valid('json').locationId);
      return c.json({ armed: true }, 201);
    },
  );
}
