/**
 * The Square stand-in's authorisation page, in place of Square's (GET oauth2/authorize?client_id=&scope=
 * &session=&state=&redirect_uri=). It lists the requested scopes with Allow and Deny; Allow returns (303) to
 * the console's redirect_uri with a one-time `code` (kept hashed in the database, 5 minutes) and `state`,
 * Deny with `error=access_denied`, `error_description` and `state`. The redirect_uri must be on a console
 * origin (else 400), and the state one the API issued to a signed-in session (POST oauth2/state, 30
 * minutes; else 403, no code): the page stands in for a seller signed in to Square, which only someone
 * signed in to the console may be here.
 */
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { Allow } from '../../http/auth';
import { escape, linkRefused, page } from '../../http/sandbox-page';
import { isSandboxState, issueSandboxState } from '../../http/sandbox-state';
import type { HonoEnv } from '../../http/types';
import { SANDBOX_MERCHANT_ID } from './standin-data';
import { issueCode } from './standin-grants';

export const SQUARE_DENIED_DESCRIPTION = 'The Square account owner did not allow Upkeep to connect.';

/** A Square state proves a signed-in session asked for it; it names no record of ours. */
const SQUARE_SUBJECT = 'square';

const isConsoleUrl = (url: string, origins: readonly string[]) => {
  try {
    return origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function squareAuthorizePage(deps: {
  db: Db;
  now: () => Date;
  consoleOrigins: readonly string[];
  allow: Allow;
}) {
  const { db, now, consoleOrigins, allow } = deps;
  const app = new Hono<HonoEnv>();
  const notConsole = () =>
    page('Square sandbox: bad request', '<p>redirect_uri is not a console address.</p>');

  app.post('/oauth2/state', allow('admin', 'provider'), (c) =>
    c.json({ state: issueSandboxState('square-authorize', SQUARE_SUBJECT) }, 201),
  );
  app.get('/oauth2/authorize', (c) => {
    const q = (name: string) => c.req.query(name) ?? '';
    const redirectUri = q('redirect_uri');
    if (!isConsoleUrl(redirectUri, consoleOrigins)) return c.html(notConsole(), 400);
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
  app.post('/oauth2/authorize', async (c) => {
    const form = await c.req.parseBody();
    const redirectUri = text(form.redirect_uri);
    if (!isConsoleUrl(redirectUri, consoleOrigins)) return c.html(notConsole(), 400);
    if (!isSandboxState('square-authorize', SQUARE_SUBJECT, form.state)) return linkRefused(c);
    const back = new URL(redirectUri);
    if (form.decision === 'allow') {
      back.searchParams.set('code', await issueCode(db, SANDBOX_MERCHANT_ID, now()));
    } else {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', SQUARE_DENIED_DESCRIPTION);
    }
    back.searchParams.set('state', text(form.state));
    return c.redirect(back.toString(), 303);
  });
  return app;
}
