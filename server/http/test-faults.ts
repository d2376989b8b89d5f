/**
 * Test mode only: the X-Test-Fault header (a comma list of credentials, location, provider, registration,
 * appointment, settlement-account or user) makes the matching create or update fail with a 500, so browser
 * tests can prove the onboarding rollback (and the walks' failures) against the real server. A target with a
 * method, `location:DELETE`, fails that method instead (GET, POST, PUT or DELETE), so the undo of a failed
 * creation can fail too. Outside APP_ENV=test the header is refused with a 400 and nothing runs.
 */
import type { MiddlewareHandler } from 'hono';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { TEST_FAULT_HEADER, type TestFaultTarget } from '../../src/api/contract/onboarding';
import { fail } from './errors';
import type { HonoEnv } from './types';

/** One appointment's own paths: not the lists and tools that sit beside them under /appointments. */
const ONE_APPOINTMENT =
  /^\/appointments\/(?!(?:receipts|availability|calendar|activity|reschedule)(?:\/|$))[^/]+(?:\/cancellation)?\/?$/;

const TARGET_PATHS: Record<TestFaultTarget, RegExp> = {
  credentials: /^\/credentials(\/\d+)?\/?$/,
  location: /^\/locations(\/\d+)?\/?$/,
  provider: /^\/providers(\/\d+)?\/?$/,
  /** Registration with an invite (POST /provider/invite/user), for the registration walk. */
  registration: /^\/provider\/invite\/user\/?$/,
  /**
   * One appointment, for the status and cancel walk: PUT /appointments/{id} (its status), and with a method
   * GET /appointments/{groupId}/cancellation (`appointment:GET`, the preview) or DELETE
   * /appointments/{groupId} (`appointment:DELETE`, the cancel). The lists and tools beside them are not hit.
   */
  appointment: ONE_APPOINTMENT,
  /**
   * The payouts onboarding's calls to the payment provider (/settlement-accounts and below): POST (a link, an
   * existing account attached, a bank connected) alone, GET (an account, a link) and DELETE with a method.
   */
  'settlement-account': /^\/settlement-accounts(\/.*)?$/,
  /**
   * One user and what hangs off it (GET, PUT and DELETE /user/{uid}, /user/appointments, /user/{uid}/credits),
   * for the user drawer's walk; never the list (GET /user).
   */
  user: /^\/user\/.+$/,
};

export function testFaults(enabled: boolean): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const wanted = c.req.header(TEST_FAULT_HEADER);
    if (wanted === undefined) return next();
    if (!enabled) {
      return fail(c, 400, API_ERROR_CODES.badRequest, `${TEST_FAULT_HEADER} is only honoured in test mode`);
    }
    const method = c.req.method;
    const hit = wanted.split(',').some((entry) => {
      const [target = '', only] = entry.trim().split(':');
      const path = Object.hasOwn(TARGET_PATHS, target) ? TARGET_PATHS[target as TestFaultTarget] : null;
      const methods = only ? [only.toUpperCase()] : ['POST', 'PUT'];
      return path !== null && path.test(c.req.path) && methods.includes(method);
    });
    if (hit) {
      return fail(c, 500, API_ERROR_CODES.testFault, 'This request failed on purpose (test mode)');
    }
    return next();
  };
}
