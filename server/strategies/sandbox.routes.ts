/**
 * The scheduling-system sandboxes' own pages, mounted at /scheduling-sandbox only when the sandboxes are the
 * scheduling systems (config.ts) and sandboxes are allowed (not production unless DEMO_SANDBOXES=true).
 * - POST /boulevard/install-state `{ businessId }` (admin, provider): the state the install page needs for
 *   that business, issued to the session onboarding it (http/sandbox-state.ts, 30 minutes).
 * - GET/POST /boulevard/install?businessId=&state=: the Boulevard app-install step. Until its Install button
 *   was pressed for a business, verifying that business fails ("not yet installed"). Opened without a
 *   token, so without a valid state for the business the page is a 403 and installs nothing.
 * Square's authorisation page is its stand-in's (server/outside/square/standin-page.ts).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { escape, linkRefused, page } from '../http/sandbox-page';
import { isSandboxState, issueSandboxState } from '../http/sandbox-state';
import type { Allow } from '../http/auth';
import type { HonoEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { BOULEVARD_BUSINESS, type SchedulingSandboxState } from './sandbox';

const InstallStateInput = v.object({
  businessId: v.pipe(
    v.string('businessId must be a string'),
    v.trim(),
    v.regex(BOULEVARD_BUSINESS, 'businessId must be a Boulevard sandbox business id (blvd-sandbox-…)'),
  ),
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function schedulingSandboxRoutes(deps: { state: SchedulingSandboxState; allow: Allow }) {
  const { state, allow } = deps;
  const app = new Hono<HonoEnv>();

  app.post('/boulevard/install-state', allow('admin', 'provider'), jsonBody(InstallStateInput), (c) =>
    c.json({ state: issueSandboxState('boulevard-install', c.req.valid('json').businessId) }, 201),
  );
  app.get('/boulevard/install', (c) => {
    const businessId = c.req.query('businessId') ?? '';
    const installState = c.req.query('state') ?? '';
    if (!isSandboxState('boulevard-install', businessId, installState)) return linkRefused(c);
    return c.html(
      page(
        'Boulevard sandbox: install Upkeep',
        `<p>This local page stands in for installing the Upkeep app from the Boulevard marketplace.</p>
<form method="post"><label for="businessId">Business ID</label><input id="businessId" name="businessId" value="${escape(businessId)}" readonly>
<input type="hidden" name="state" value="${escape(installState)}">
<button type="submit">Install</button></form>`,
      ),
    );
  });
  app.post('/boulevard/install', async (c) => {
    const form = await c.req.parseBody();
    const businessId = text(form.businessId).trim();
    if (!isSandboxState('boulevard-install', businessId, form.state)) return linkRefused(c);
    if (!state.install(businessId)) {
      return c.html(
        page(
          'Boulevard sandbox: unknown business',
          `<p>No business <code>${escape(businessId)}</code> in the Boulevard sandbox (its ids start with blvd-sandbox-).</p>`,
        ),
        404,
      );
    }
    return c.html(
      page(
        'Upkeep installed',
        `<p role="status">The Upkeep app is installed for business <code>${escape(businessId)}</code>. You can return to the console.</p>`,
      ),
    );
  });

  return app;
}
