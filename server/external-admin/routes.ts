/**
 * A local stand-in for the external admin site the provider sidebar links to (Manage payouts →
 * /payouts/bank-account, Update address → /provider/locations, each with query `id` and `token`). The real
 * site is configuration (VITE_EXTERNAL_ADMIN_URL); this one only proves the hand-over: it checks the token
 * and says what the real page would manage. Public route: the token in the query is what it verifies.
 */
import { Hono } from 'hono';
import type { HonoEnv } from '../http/types';
import { InvalidTokenError, type Identity } from '../identity';

/** A Map, not a plain object: a path like "constructor" or "__proto__" must find nothing. */
const PAGES = new Map<string, string>(
  Object.entries({
    'payouts/bank-account': 'Manage payouts: the bank account that receives this location’s payouts',
    'provider/locations': 'Update address: this provider location’s address',
  }),
);

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a202c}</style>
</head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

export function externalAdminRoutes({ identity }: { identity: Identity }) {
  return new Hono<HonoEnv>().get('/*', async (c) => {
    const path = c.req.path.replace(/^\/external-admin\/?/, '');
    const purpose = PAGES.get(path);
    if (!purpose) {
      return c.html(page('Not found', '<p>The external admin site has no such page.</p>'), 404);
    }
    const id = c.req.query('id') ?? '';
    const token = c.req.query('token') ?? '';
    let who: string;
    try {
      const caller = await identity.verifyIdToken(token);
      who = caller.email ?? caller.uid;
    } catch (error) {
      if (!(error instanceof InvalidTokenError) && token !== '') throw error;
      return c.html(
        page(
          'External admin site (local stand-in)',
          '<p role="alert">The session token is missing or invalid: sign in to the console again and follow the link from there.</p>',
        ),
        401,
      );
    }
    return c.html(
      page(
        'External admin site (local stand-in)',
        `<p>${escape(purpose)}.</p><dl><dt>Location id</dt><dd>${escape(id || '(none)')}</dd><dt>Signed in as</dt><dd>${escape(who)}</dd></dl>
<p>In production this link opens the real admin site configured by VITE_EXTERNAL_ADMIN_URL.</p>`,
      ),
    );
  });
}
