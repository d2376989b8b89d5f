/**
 * The hand-over to the external admin site the provider sidebar links to (01 §2: Manage payouts →
 * /payouts/bank-account, Update address → /provider/locations, each with the query `id`). The console never
 * puts the session's token in the link: it asks for a one-time code (codes.ts) and the link carries that.
 * - POST /codes `{ page, id }` (admin, provider; the record must be the caller's): `{ code, expiresAt }`.
 * - POST /redeem `{ code }` (public: the code is the credential): who it was issued to and for what; the
 *   real site asks this once per link.
 * - GET /payouts/bank-account, GET /provider/locations `?id=&code=`: a local stand-in for the real site
 *   (VITE_EXTERNAL_ADMIN_URL), mounted with the other sandboxes (`standIn`). It takes the code and says
 *   what the real page would manage.
 */
import { Hono } from 'hono';
import {
  ExternalAdminCodeInputSchema,
  ExternalAdminRedeemInputSchema,
} from '../../src/api/contract/external-admin';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer } from '../http/result';
import type { HonoEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { escape, page } from '../http/sandbox-page';
import { issueCode, redeemCode } from './codes';

/** A Map, not a plain object: a path like "constructor" or "__proto__" must find nothing. */
const PAGES = new Map<string, string>(
  Object.entries({
    'payouts/bank-account': 'Manage payouts: the bank account that receives this location’s payouts',
    'provider/locations': 'Update address: this provider location’s address',
  }),
);

const TITLE = 'External admin site (local stand-in)';

export function externalAdminRoutes({ db, allow, standIn }: { db: Db; allow: Allow; standIn: boolean }) {
  const app = new Hono<HonoEnv>()
    .post('/codes', allow('admin', 'provider'), jsonBody(ExternalAdminCodeInputSchema), async (c) =>
      answer(c, await issueCode(db, c.get('caller'), c.req.valid('json'), new Date()), 201),
    )
    .post('/redeem', jsonBody(ExternalAdminRedeemInputSchema), async (c) =>
      answer(c, await redeemCode(db, c.req.valid('json').code, new Date())),
    );
  if (!standIn) return app;
  return app.get('/*', async (c) => {
    const path = c.req.path.replace(/^\/external-admin\/?/, '');
    const purpose = PAGES.get(path);
    if (!purpose) {
      return c.html(page('Not found', '<p>The external admin site has no such page.</p>'), 404);
    }
    const id = c.req.query('id') ?? '';
    const code = c.req.query('code') ?? '';
    const session = code === '' ? undefined : await redeemCode(db, code, new Date());
    // The code names its page and record: it opens that one only.
    if (!session?.ok || session.value.page !== path || session.value.id !== id) {
      return c.html(
        page(
          TITLE,
          '<p role="alert">This link has expired or was already used: follow it from the console again.</p>',
        ),
        401,
      );
    }
    const who = session.value.email ?? session.value.uid;
    return c.html(
      page(
        TITLE,
        `<p>${escape(purpose)}.</p><dl><dt>Location id</dt><dd>${escape(id)}</dd><dt>Signed in as</dt><dd>${escape(who)}</dd><dt>Role</dt><dd>${escape(session.value.role)}</dd></dl>
<p>In production this link opens the real admin site configured by VITE_EXTERNAL_ADMIN_URL.</p>`,
      ),
    );
  });
}
