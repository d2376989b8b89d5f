/**
 * The Boulevard stand-in's install page, where a business owner installs the Upkeep app (on Boulevard: from
 * its marketplace), mounted at /scheduling-sandbox/boulevard wherever the sandboxes are (not production unless
 * DEMO_SANDBOXES=true). An install is a row of `boulevard_standin_installs`, which the stand-in's Admin API
 * reads (standin.routes.ts), so the API instance that verifies need not be the one that installed.
 * - POST /install-state `{ businessId }` (admin, provider): the state the install page needs for that
 *   business, issued to the session onboarding it (http/sandbox-state.ts, 30 minutes).
 * - GET/POST /install?businessId=&state=: the install step. Until its Install button was pressed for a
 *   business, verifying that business fails ("not yet installed"). Opened without a token, so without a valid
 *   state for the business the page is a 403 and installs nothing.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../../db/client';
import type { Allow } from '../../http/auth';
import { escape, linkRefused, page } from '../../http/sandbox-page';
import { isSandboxState, issueSandboxState } from '../../http/sandbox-state';
import type { HonoEnv } from '../../http/types';
import { jsonBody } from '../../http/validate';
import { BOULEVARD_BUSINESS } from './standin-data';
import { installBoulevardApp } from './standin.routes';

const InstallStateInput = v.object({
  businessId: v.pipe(
    v.string('businessId must be a string'),
    v.trim(),
    v.regex(BOULEVARD_BUSINESS, 'businessId must be a Boulevard sandbox business id (blvd-sandbox-…)'),
  ),
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function boulevardInstallRoutes(deps: { db: Db; allow: Allow }) {
  const { db, allow } = deps;
  const app = new Hono<HonoEnv>();

  app.post('/install-state', allow('admin', 'provider'), jsonBody(InstallStateInput), (c) =>
    c.json({ state: issueSandboxState('boulevard-install', c.req.valid('json').businessId) }, 201),
  );
  app.get('/install', (c) => {
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
  app.post('/install', async (c) => {
    const form = await c.req.parseBody();
    const businessId = text(form.businessId).trim();
    if (!isSandboxState('boulevard-install', businessId, form.state)) return linkRefused(c);
    if (!(await installBoulevardApp(db, businessId))) {
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
