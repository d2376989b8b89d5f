/**
 * The local Booker stand-in: the parts of Booker's API the client uses, on the vendor's paths, headers and
 * JSON shapes, mounted at /standins/booker wherever the sandboxes are (never in production unless
 * DEMO_SANDBOXES=true). The partner tokens it issues live in the database (`booker_standin_tokens`, a
 * SHA-256 of each), so a restart and every API instance agree.
 *
 * - Every request needs `Ocp-Apim-Subscription-Key` (BOOKER_STANDIN_SUBSCRIPTION_KEY): else 401 with the
 *   gateway's body `{ statusCode, message }`.
 * - POST v5/auth/connect/token, a form `grant_type=client_credentials&client_id&client_secret&scope=merchant`:
 *   `{ access_token, expires_in, token_type, scope }`. A wrong client id or secret 400 `invalid_client`, another
 *   grant 400 `unsupported_grant_type`, another scope 400 `invalid_scope` (OAuth 2 error bodies).
 * - POST v4.1/merchant/locations and v4.1/merchant/treatments (`LocationID`), JSON bodies paged by
 *   `PageNumber` (from 1) and `PageSize` (1–100): `{ IsSuccess, Results | Treatments, TotalResultsCount }`.
 *   The token comes as the body's `access_token` or as `Authorization: Bearer`; unknown or expired: 401
 *   `{ IsSuccess: false, ErrorCode, ErrorMessage: 'invalid access token' }`; a location the account does not
 *   reach 404, bad paging 400, in the same body.
 * What it does not imitate is listed in server/README.md.
 */
import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Db } from '../../db/client';
import { bookerStandinTokens } from '../../db/schema';
import { faultSwitch, secretHash, type StandinFaults } from '../standin';
import { STANDIN_LOCATIONS, STANDIN_TREATMENTS } from './standin-data';
import {
  BOOKER_STANDIN_CLIENT_ID,
  BOOKER_STANDIN_CLIENT_SECRET,
  BOOKER_STANDIN_SUBSCRIPTION_KEY,
  GRANT_TYPE,
  HEADER,
  PAGE,
  SCOPE,
} from './wire';

export interface BookerStandinOptions {
  db: Db;
  now?: () => Date;
  /** How long an issued token answers. */
  tokenLifeMs?: number;
  faults?: StandinFaults;
}

/** A partner token answers an hour (expires_in 3600). */
export const BOOKER_TOKEN_LIFE_MS = 60 * 60_000;
/** Tokens expired for this long are deleted when the next one is issued. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

type Status = 400 | 401 | 404 | 429 | 500;

const v4Error = (c: Context, status: Status, code: number, message: string) =>
  c.json({ IsSuccess: false, ErrorCode: code, ErrorMessage: message }, status);
const oauthError = (c: Context, error: string, description: string) =>
  c.json({ error, error_description: description }, 400);

/** A JSON or form body's fields (strings, numbers and booleans); undefined when it is neither. */
async function fields(c: Context): Promise<Record<string, unknown> | undefined> {
  const type = c.req.header('Content-Type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(await c.req.text()));
  }
  const body: unknown = await c.req.json().catch(() => undefined);
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

const whole = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value)
    ? value
    : typeof value === 'string' && /^\d{1,9}$/.test(value)
      ? Number(value)
      : Number.NaN;

export function bookerStandinRoutes(options: BookerStandinOptions) {
  const { db, faults, tokenLifeMs = BOOKER_TOKEN_LIFE_MS } = options;
  const now = options.now ?? (() => new Date());
  const app = new Hono<{ Variables: { body: Record<string, unknown> } }>();

  app.use(
    '*',
    faultSwitch(faults, {
      error: (c) => v4Error(c, 500, 1, 'An unexpected error occurred.'),
      throttle: (c) =>
        c.json({ statusCode: 429, message: 'Rate limit is exceeded. Try again in 1 seconds.' }, 429),
    }),
  );
  app.use('*', async (c, next) => {
    if (c.req.header(HEADER.subscriptionKey) !== BOOKER_STANDIN_SUBSCRIPTION_KEY) {
      return c.json(
        {
          statusCode: 401,
          message:
            'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
        },
        401,
      );
    }
    await next();
  });

  app.post('/v5/auth/connect/token', async (c) => {
    const form = (await fields(c)) ?? {};
    if (form['grant_type'] !== GRANT_TYPE) {
      return oauthError(c, 'unsupported_grant_type', 'Only client_credentials is granted to this client.');
    }
    if (
      form['client_id'] !== BOOKER_STANDIN_CLIENT_ID ||
      form['client_secret'] !== BOOKER_STANDIN_CLIENT_SECRET
    ) {
      return oauthError(c, 'invalid_client', 'The client id or secret is not valid.');
    }
    const scope = form['scope'] === undefined || form['scope'] === '' ? SCOPE : form['scope'];
    if (scope !== SCOPE)
      return oauthError(c, 'invalid_scope', `The client may ask for the ${SCOPE} scope only.`);
    const token = randomBytes(32).toString('hex');
    const issuedAt = now();
    await db
      .delete(bookerStandinTokens)
      .where(lt(bookerStandinTokens.expiresAt, new Date(issuedAt.getTime() - KEEP_EXPIRED_MS)));
    await db.insert(bookerStandinTokens).values({
      tokenHash: secretHash(token),
      clientId: BOOKER_STANDIN_CLIENT_ID,
      scope,
      createdAt: issuedAt,
      expiresAt: new Date(issuedAt.getTime() + tokenLifeMs),
    });
    return c.json({
      access_token: token,
      expires_in: Math.floor(tokenLifeMs / 1000),
      token_type: 'Bearer',
      scope,
    });
  });

  // The v4.1 reads: a token it issued, not expired, in the body or the Authorization header.
  app.use('/v4.1/*', async (c, next) => {
    const body = await fields(c);
    if (!body) return v4Error(c, 400, 1000, 'The request body must be a JSON object.');
    const bearer = /^Bearer\s+(\S+)$/.exec(c.req.header(HEADER.authorization) ?? '')?.[1];
    const sent = typeof body['access_token'] === 'string' ? body['access_token'] : bearer;
    const [row] = sent
      ? await db
          .select({ expiresAt: bookerStandinTokens.expiresAt })
          .from(bookerStandinTokens)
          .where(eq(bookerStandinTokens.tokenHash, secretHash(sent)))
      : [];
    if (!row || row.expiresAt.getTime() <= now().getTime()) {
      return v4Error(c, 401, 401, 'invalid access token');
    }
    c.set('body', body);
    await next();
  });

  function paged<T>(
    c: Context<{ Variables: { body: Record<string, unknown> } }>,
    list: readonly T[],
    name: string,
  ) {
    const body = c.get('body');
    const size = whole(body['PageSize'] ?? 10);
    const number = whole(body['PageNumber'] ?? 1);
    if (!(size >= 1 && size <= PAGE.max) || !(number >= 1)) {
      return v4Error(c, 400, 1000, `PageSize must be 1 to ${PAGE.max} and PageNumber 1 or more.`);
    }
    const paging = body['UsePaging'] !== false && body['UsePaging'] !== 'false';
    const items = paging ? list.slice((number - 1) * size, number * size) : list;
    return c.json({ IsSuccess: true, [name]: items, TotalResultsCount: list.length });
  }

  app.post('/v4.1/merchant/locations', (c) => paged(c, STANDIN_LOCATIONS, 'Results'));
  app.post('/v4.1/merchant/treatments', (c) => {
    const locationId = whole(c.get('body')['LocationID']);
    if (!STANDIN_LOCATIONS.some((location) => location.ID === locationId)) {
      return v4Error(c, 404, 1100, 'No location with that LocationID is accessible to this token.');
    }
    return paged(c, STANDIN_TREATMENTS, 'Treatments');
  });

  return app;
}
