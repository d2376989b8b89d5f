/**
 * The local MINDBODY stand-in: the parts of the Public API v6 the client uses, on the vendor's paths,
 * headers and JSON shapes, mounted at /standins/mindbody/public/v6 wherever the sandboxes are (never in
 * production unless DEMO_SANDBOXES=true). The tokens it issues live in the database
 * (`mindbody_standin_tokens`, a SHA-256 of each), so a restart and every API instance agree.
 *
 * - Every request needs `Api-Key` (MINDBODY_STANDIN_API_KEY) and `SiteId` (a site it knows: -99): else 401
 *   `DeniedAccess` / 400 `InvalidSiteId`, with the vendor's error body `{ Error: { Message, Code } }`.
 * - POST usertoken/issue `{ Username, Password }`: `{ TokenType, AccessToken, Expires, User }`; a wrong login
 *   401 `DeniedAccess`.
 * - GET site/sites, site/locations, site/sessiontypes: `{ PaginationResponse, <list> }`, paged by
 *   `request.limit` (1–200, default 100) and `request.offset`. An `Authorization` token, when sent, must be
 *   one it issued for that site and not expired (else 401 `DeniedAccess`).
 * What it does not imitate is listed in server/README.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Db } from '../../db/client';
import { mindbodyStandinTokens } from '../../db/schema';
import { faultSwitch, type StandinFaults } from '../standin-faults';
import { STANDIN_SITES, type StandinSite } from './standin-data';
import { HEADER, MINDBODY_STANDIN_API_KEY, PAGE } from './wire';

export type { StandinFault, StandinFaults } from '../standin-faults';

export interface MindbodyStandinOptions {
  db: Db;
  now?: () => Date;
  /** How long an issued token answers. */
  tokenLifeMs?: number;
  faults?: StandinFaults;
}

const DEFAULT_TOKEN_LIFE_MS = 24 * 60 * 60_000;
/** Tokens expired for this long are deleted when the next one is issued. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

interface StandinEnv {
  Variables: { standinSite: StandinSite; standinSiteId: string };
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

const vendorError = (c: Context<StandinEnv>, status: 400 | 401, code: string, message: string) =>
  c.json({ Error: { Message: message, Code: code } }, status);

function paged<T>(c: Context<StandinEnv>, list: readonly T[], name: string) {
  const limitText = c.req.query(PAGE.limit) ?? String(PAGE.default);
  const offsetText = c.req.query(PAGE.offset) ?? '0';
  const limit = /^\d{1,4}$/.test(limitText) ? Number(limitText) : Number.NaN;
  const offset = /^\d{1,9}$/.test(offsetText) ? Number(offsetText) : Number.NaN;
  if (!(limit >= 1 && limit <= PAGE.max) || !(offset >= 0)) {
    return vendorError(
      c,
      400,
      'InvalidParameter',
      `${PAGE.limit} must be 1 to ${PAGE.max} and ${PAGE.offset} 0 or more.`,
    );
  }
  const items = list.slice(offset, offset + limit);
  return c.json({
    PaginationResponse: {
      RequestedLimit: limit,
      RequestedOffset: offset,
      PageSize: items.length,
      TotalResults: list.length,
    },
    [name]: items,
  });
}

export function mindbodyStandinRoutes(options: MindbodyStandinOptions) {
  const { db, faults, tokenLifeMs = DEFAULT_TOKEN_LIFE_MS } = options;
  const now = options.now ?? (() => new Date());
  const app = new Hono<StandinEnv>();

  app.use(
    '*',
    faultSwitch(faults, {
      error: (c) => c.json({ Error: { Message: 'An internal error occurred.', Code: 'InternalError' } }, 500),
      throttle: (c) => c.json({ Error: { Message: 'Too many requests.', Code: 'TooManyRequests' } }, 429),
    }),
  );
  app.use('*', async (c, next) => {
    if (c.req.header(HEADER.apiKey) !== MINDBODY_STANDIN_API_KEY) {
      return vendorError(c, 401, 'DeniedAccess', 'The Api-Key header is missing or not a valid API key.');
    }
    const siteId = c.req.header(HEADER.siteId)?.trim() ?? '';
    const site = STANDIN_SITES.get(siteId);
    if (!site) return vendorError(c, 400, 'InvalidSiteId', 'The SiteId header names no site you may access.');
    c.set('standinSite', site);
    c.set('standinSiteId', siteId);
    // A token, when sent, must be one issued for this site and still valid.
    const sent = c.req
      .header(HEADER.authorization)
      ?.replace(/^Bearer\s+/i, '')
      .trim();
    if (sent && !c.req.path.endsWith('/usertoken/issue')) {
      const [row] = await db
        .select({ expiresAt: mindbodyStandinTokens.expiresAt })
        .from(mindbodyStandinTokens)
        .where(
          and(eq(mindbodyStandinTokens.tokenHash, hash(sent)), eq(mindbodyStandinTokens.siteId, siteId)),
        );
      if (!row) return vendorError(c, 401, 'DeniedAccess', 'The access token is not valid for this site.');
      if (row.expiresAt.getTime() <= now().getTime()) {
        return vendorError(c, 401, 'DeniedAccess', 'The access token has expired.');
      }
    }
    await next();
  });

  app.post('/usertoken/issue', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const field = (name: string) =>
      typeof body === 'object' && body !== null && typeof (body as Record<string, unknown>)[name] === 'string'
        ? ((body as Record<string, unknown>)[name] as string)
        : undefined;
    const username = field('Username');
    const password = field('Password');
    if (username === undefined || password === undefined) {
      return vendorError(c, 400, 'InvalidParameter', 'Username and Password are required.');
    }
    const site = c.get('standinSite');
    const staff = site.staff.find((one) => one.username === username && one.password === password);
    if (!staff) return vendorError(c, 401, 'DeniedAccess', 'Invalid username or password.');
    const token = randomBytes(32).toString('hex');
    const issuedAt = now();
    const expiresAt = new Date(issuedAt.getTime() + tokenLifeMs);
    await db
      .delete(mindbodyStandinTokens)
      .where(lt(mindbodyStandinTokens.expiresAt, new Date(issuedAt.getTime() - KEEP_EXPIRED_MS)));
    await db.insert(mindbodyStandinTokens).values({
      tokenHash: hash(token),
      siteId: c.get('standinSiteId'),
      username,
      createdAt: issuedAt,
      expiresAt,
    });
    return c.json({
      TokenType: 'Bearer',
      AccessToken: token,
      Expires: expiresAt.toISOString(),
      User: { Id: staff.id, FirstName: 'Site', LastName: 'Owner', Type: 'Owner' },
    });
  });

  app.get('/site/sites', (c) => {
    const wanted = (c.req.query('request.siteIds') ?? '').split(',').map((id) => id.trim());
    const site = c.get('standinSite');
    const all = wanted.includes(c.get('standinSiteId')) || wanted.join('') === '' ? [site.site] : [];
    return paged(c, all, 'Sites');
  });
  app.get('/site/locations', (c) => paged(c, c.get('standinSite').locations, 'Locations'));
  app.get('/site/sessiontypes', (c) => paged(c, c.get('standinSite').sessionTypes, 'SessionTypes'));

  return app;
}
