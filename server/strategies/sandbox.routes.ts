/**
 * The scheduling-system sandboxes' own pages, mounted at /scheduling-sandbox only when the sandboxes are the
 * scheduling systems (config.ts) and sandboxes are allowed (not production unless DEMO_SANDBOXES=true).
 * (Boulevard's install page is its stand-in's: server/outside/boulevard/standin-install.routes.ts.)
 * - POST /square/state (admin, provider): `{ state }` for the authorisation page, issued to a signed-in
 *   session (30 minutes); the console sends it as the OAuth `state` and checks it on the way back.
 * - GET/POST /square/oauth2/authorize: Square's authorisation page. Allow returns to the console's
 *   redirect_uri with `code` and `state`; Deny with `error=access_denied`, `error_description` and `state`.
 *   The redirect_uri must be on a console origin, and the state one the API issued (else 403, no code).
 */
import { Hono } from 'hono';
import { escape, linkRefused, page } from '../http/sandbox-page';
import { isSandboxState, issueSandboxState } from '../http/sandbox-state';
import type { Allow } from '../http/auth';
import type { HonoEnv } from '../http/types';
import type { SchedulingSandboxState } from './sandbox';

export const SQUARE_DENIED_DESCRIPTION = 'The Square account owner did not allow Upkeep to connect.';

const isConsoleUrl = (url: string, origins: readonly string[]) => {
  try {
    return origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
};

/** A Square state proves a signed-in session asked for it; it names no record of ours. */
const SQUARE_SUBJECT = 'square';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function schedulingSandboxRoutes(deps: {
  state: SchedulingSandboxState;
  consoleOrigins: readonly string[];
  allow: Allow;
}) {
  const { state, consoleOrigins, allow } = deps;
  const app = new Hono<HonoEnv>();

  app.post('/square/state', allow('admin', 'provider'), (c) =>
    c.json({ state: issueSandboxState('square-authorize', SQUARE_SUBJECT) }, 201),
  );
  app.get('/square/oauth2/authorize', (c) => {
    const q = (name: string) => c.req.query(name) ?? '';
    const redirectUri = q('redirect_uri');
    if (!isConsoleUrl(redirectUri, consoleOrigins)) {
      return c.html(
        page('Square sandbox: bad request', '<p>redirect_uri is not a console address.</p>'),
        400,
      );
    }
    if (!isSandboxState('square-authorize', SQUARE_SUBJECT, q('state'))) return linkRefused(c);
    const scopes = q('scope')
      .split(/[\s+]+/)
      .filter(Boolean)
      .map((scope) => `<li>${escape(scope)}</li>`)
      .join('');
    const hidden = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${escape(value)}">`;
    return c.html(
      page(
        'Square sandbox: authorize Upkeep',
        `<p>This local page stands in for Square's authorization page. Upkeep (application <code>${escape(q('client_id'))}</code>) asks for:</p>
<ul aria-label="Requested permissions">${scopes}</ul>
<form method="post">${hidden('redirect_uri', redirectUri)}${hidden('state', q('state'))}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" style="background:#718096;margin-left:.5rem">Deny</button></form>`,
      ),
    );
  });
  app.post('/square/oauth2/authorize', async (c) => {
    const form = await c.req.parseBody();
    const redirectUri = text(form.redirect_uri);
    if (!isConsoleUrl(redirectUri, consoleOrigins)) {
      return c.html(
        page('Square sandbox: bad request', '<p>redirect_uri is not a console address.</p>'),
        400,
      );
    }
    if (!isSandboxState('square-authorize', SQUARE_SUBJECT, form.state)) return linkRefused(c);
    const back = new URL(redirectUri);
    if (form.decision === 'allow') {
      back.searchParams.set('code', state.issueCode());
    } else {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', SQUARE_DENIED_DESCRIPTION);
    }
    back.searchParams.set('state', text(form.state));
    return c.redirect(back.toString(), 303);
  });
  return app;
}
