/**
 * The local payments sandbox's own pages and calls, mounted at /payments-sandbox only when the sandbox is
 * the payments implementation:
 * - GET/POST /onboarding/{accountId}: the hosted onboarding page (Stripe's hosted onboarding stand-in). It
 *   lists the requirements due; submitting completes all but the external account and returns to the
 *   console (return_url, only on a console origin). Opened without a token, like Stripe's page, so it acts
 *   only with the `state` the onboarding link carries (http/sandbox-state.ts): issued to a session that may use
 *   the account, for that account, for 30 minutes. Without it (an account id alone) the page is a 403.
 * - POST /tokens: the console's sandbox tokeniser (Stripe.js's createToken stand-in). It receives the last
 *   four digits of the account and routing numbers only, never the numbers.
 * - POST /faults/attach (APP_ENV=test only, admin): the next PUT /locations/{locationId} that attaches a
 *   settlement account fails with a 500, so a test can prove the created account is deleted again.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { SandboxBankTokenInputSchema, SettlementAccountIdSchema } from '../../src/api/contract/payouts';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { completeSandboxOnboarding, createSandboxBankToken, findSandboxAccount } from './sandbox';
import { linkRefused, page, escape } from '../http/sandbox-page';
import { isSandboxState } from '../http/sandbox-state';

/** The test fault switch: location ids whose next settlement attach fails. */
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

/** In front of PUT /locations/{id}: fails an armed location's settlement attach (test mode only). */
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

/** The page without its link's state: nothing is shown or changed. */
const isConsoleUrl = (url: string, origins: readonly string[]) => {
  try {
    return origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
};

export function paymentsSandboxRoutes(deps: {
  db: Db;
  allow: Allow;
  consoleOrigins: readonly string[];
  faults?: AttachFaults;
}) {
  const { db, allow, consoleOrigins, faults } = deps;
  const app = new Hono<HonoEnv>();
  app.get('/onboarding/:accountId', async (c) => {
    const accountId = c.req.param('accountId');
    const state = c.req.query('state') ?? '';
    if (!isSandboxState('payments-onboarding', accountId, state)) return linkRefused(c);
    const account = v.is(SettlementAccountIdSchema, accountId)
      ? await findSandboxAccount(db, accountId)
      : undefined;
    if (!account) return c.html(page('Not found', '<p>No such account in the payments sandbox.</p>'), 404);
    const returnUrl = c.req.query('return_url') ?? '';
    const due = account.currentlyDue.map((name) => `<li>${escape(name)}</li>`).join('');
    return c.html(
      page(
        'Payments sandbox: account onboarding',
        `<p>This local page stands in for the payment provider's hosted onboarding of account <code>${escape(account.id)}</code>.</p>
<h2>Requirements due</h2>${due ? `<ul>${due}</ul>` : '<p>None.</p>'}
<form method="post"><input type="hidden" name="return_url" value="${escape(returnUrl)}"><input type="hidden" name="state" value="${escape(state)}">
<label for="business_name">Business name</label><input id="business_name" name="business_name" value="${escape(account.businessName ?? '')}" required maxlength="200">
<button type="submit">Submit details</button></form>`,
      ),
    );
  });
  app.post('/onboarding/:accountId', async (c) => {
    const accountId = c.req.param('accountId');
    const form = await c.req.parseBody();
    if (!isSandboxState('payments-onboarding', accountId, form.state)) return linkRefused(c);
    const name = typeof form.business_name === 'string' ? form.business_name.trim().slice(0, 200) : '';
    const done = v.is(SettlementAccountIdSchema, accountId)
      ? await completeSandboxOnboarding(db, accountId, name)
      : undefined;
    if (!done) return c.html(page('Not found', '<p>No such account in the payments sandbox.</p>'), 404);
    const returnUrl = typeof form.return_url === 'string' ? form.return_url : '';
    if (isConsoleUrl(returnUrl, consoleOrigins)) return c.redirect(returnUrl, 303);
    return c.html(page('Details submitted', '<p>You can close this page and return to the console.</p>'));
  });
  app.post('/tokens', allow('admin', 'provider'), jsonBody(SandboxBankTokenInputSchema), async (c) =>
    c.json(await createSandboxBankToken(db, c.req.valid('json')), 201),
  );
  if (faults) {
    app.post(
      '/faults/attach',
      allow('admin'),
      jsonBody(v.object({ locationId: v.pipe(v.number(), v.integer(), v.minValue(1)) })),
      (c) => {
        faults.arm(c.req.valid('json').locationId);
        return c.json({ armed: true }, 201);
      },
    );
  }
  return app;
}
