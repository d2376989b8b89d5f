/**
 * The local Square stand-in: the parts of Square's API the client uses, on the vendor's paths, headers and
 * JSON shapes, mounted at /standins/square wherever the sandboxes are (never in production unless
 * DEMO_SANDBOXES=true), with its authorisation page (standin-page.ts). What it issued lives in the database
 * (standin-grants.ts), so a restart and every API instance agree.
 *
 * - POST oauth2/token `{ client_id, client_secret, grant_type, code | refresh_token }`: `{ access_token,
 *   token_type, expires_at, merchant_id, refresh_token, short_lived }`. A wrong application id or secret, a
 *   code unknown, expired or already redeemed, or an unknown refresh token: 401 UNAUTHORIZED; a revoked
 *   refresh token 401 ACCESS_TOKEN_REVOKED; a missing field 400 MISSING_REQUIRED_PARAMETER.
 * - POST oauth2/revoke (`Authorization: Client <secret>`) `{ client_id, access_token | merchant_id }`: the
 *   seller's authorisation withdrawn, `{ success: true }`.
 * - GET v2/locations, v2/merchants/me, v2/catalog/list?types=&cursor= (pages of `catalogPageSize`, 100 as
 *   Square's): `Authorization: Bearer <access token>` it issued (else 401 UNAUTHORIZED; past its 30 days 401
 *   ACCESS_TOKEN_EXPIRED; revoked 401 ACCESS_TOKEN_REVOKED).
 * Every refusal is Square's error body `{ errors: [{ category, code, detail, field? }] }`. What it does not
 * imitate is listed in server/README.md.
 */
import { Hono, type Context } from 'hono';
import type { Db } from '../../db/client';
import type { Allow } from '../../http/auth';
import { faultSwitch, type StandinFaults } from '../standin';
import { STANDIN_CATALOG, STANDIN_MERCHANTS, type StandinMerchant } from './standin-data';
import { checkToken, issueTokens, redeemCode, revokeMerchant, type TokenRefusal } from './standin-grants';
import { squareAuthorizePage } from './standin-page';
import {
  CATALOG_PAGE,
  HEADER,
  SQUARE_STANDIN_APPLICATION_ID,
  SQUARE_STANDIN_APPLICATION_SECRET,
} from './wire';

export interface SquareStandinOptions {
  db: Db;
  now?: () => Date;
  faults?: StandinFaults;
  /** Catalogue objects per page (Square's is 100). */
  catalogPageSize?: number;
  /** The authorisation page: the console's origins (its only return addresses) and the sign-in check. */
  page?: { consoleOrigins: readonly string[]; allow: Allow };
}

interface SquareEnv {
  Variables: { merchant: StandinMerchant };
}

type Status = 400 | 401 | 404 | 429 | 500;
const CATEGORY: Record<Status, string> = {
  400: 'INVALID_REQUEST_ERROR',
  401: 'AUTHENTICATION_ERROR',
  404: 'INVALID_REQUEST_ERROR',
  429: 'RATE_LIMIT_ERROR',
  500: 'API_ERROR',
};

export const squareError = (c: Context, status: Status, code: string, detail: string, field?: string) =>
  c.json({ errors: [{ category: CATEGORY[status], code, detail, ...(field && { field }) }] }, status);

const REFUSAL_DETAIL: Record<TokenRefusal, string> = {
  UNAUTHORIZED: 'This request could not be authorized.',
  ACCESS_TOKEN_EXPIRED: 'The access token has expired.',
  ACCESS_TOKEN_REVOKED: 'The access token has been revoked.',
};

/** A JSON object body's string fields; undefined when the body is not a JSON object. */
async function fields(c: Context): Promise<Record<string, string> | undefined> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

const cursorOf = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
function offsetOf(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return 0;
  const match = /^offset:(\d{1,6})$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : undefined;
}

export function squareStandinRoutes(options: SquareStandinOptions) {
  const { db, faults, catalogPageSize = CATALOG_PAGE } = options;
  const now = options.now ?? (() => new Date());
  const app = new Hono<SquareEnv>();

  if (options.page) app.route('/', squareAuthorizePage({ db, now, ...options.page }));

  const faulty = faultSwitch(faults, {
    error: (c) => squareError(c, 500, 'INTERNAL_SERVER_ERROR', 'An internal error has occurred.'),
    throttle: (c) => squareError(c, 429, 'RATE_LIMITED', 'Too many requests; slow down.'),
  });
  app.use('/oauth2/token', faulty);
  app.use('/oauth2/revoke', faulty);
  app.use('/v2/*', faulty);
  app.use('*', async (c, next) => {
    const version = c.req.header(HEADER.version);
    if (version !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(version)) {
      return squareError(
        c,
        400,
        'INVALID_VALUE',
        'Square-Version must be a date, YYYY-MM-DD.',
        HEADER.version,
      );
    }
    await next();
  });

  app.post('/oauth2/token', async (c) => {
    const body = await fields(c);
    if (!body) return squareError(c, 400, 'EXPECTED_JSON_BODY', 'The body must be a JSON object.');
    for (const name of ['client_id', 'grant_type']) {
      if (!body[name]) return squareError(c, 400, 'MISSING_REQUIRED_PARAMETER', `${name} is required.`, name);
    }
    if (
      body['client_id'] !== SQUARE_STANDIN_APPLICATION_ID ||
      body['client_secret'] !== SQUARE_STANDIN_APPLICATION_SECRET
    ) {
      return squareError(c, 401, 'UNAUTHORIZED', 'The client_id or client_secret is not valid.');
    }
    const at = now();
    if (body['grant_type'] === 'authorization_code') {
      if (!body['code'])
        return squareError(c, 400, 'MISSING_REQUIRED_PARAMETER', 'code is required.', 'code');
      const merchantId = await redeemCode(db, body['code'], at);
      if (!merchantId) {
        return squareError(
          c,
          401,
          'UNAUTHORIZED',
          'The authorization code is not valid, has expired or was already redeemed.',
        );
      }
      return c.json(tokenAnswer(merchantId, await issueTokens(db, merchantId, at)));
    }
    if (body['grant_type'] === 'refresh_token') {
      const refreshToken = body['refresh_token'];
      if (!refreshToken) {
        return squareError(
          c,
          400,
          'MISSING_REQUIRED_PARAMETER',
          'refresh_token is required.',
          'refresh_token',
        );
      }
      const known = await checkToken(db, refreshToken, 'refresh', at);
      if (!known.ok) return squareError(c, 401, known.refusal, REFUSAL_DETAIL[known.refusal]);
      // The code flow's refresh token stays the same; a new access token is issued.
      return c.json(tokenAnswer(known.merchantId, await issueTokens(db, known.merchantId, at, refreshToken)));
    }
    return squareError(
      c,
      400,
      'INVALID_VALUE',
      'grant_type must be authorization_code or refresh_token.',
      'grant_type',
    );
  });

  app.post('/oauth2/revoke', async (c) => {
    if (c.req.header(HEADER.authorization) !== `Client ${SQUARE_STANDIN_APPLICATION_SECRET}`) {
      return squareError(c, 401, 'UNAUTHORIZED', 'This request could not be authorized.');
    }
    const body = await fields(c);
    if (!body) return squareError(c, 400, 'EXPECTED_JSON_BODY', 'The body must be a JSON object.');
    const at = now();
    let merchantId = body['merchant_id'];
    if (body['access_token']) {
      const known = await checkToken(db, body['access_token'], 'access', at);
      merchantId = known.ok ? known.merchantId : undefined;
    }
    if (!merchantId || !STANDIN_MERCHANTS.has(merchantId)) {
      return squareError(c, 404, 'NOT_FOUND', 'No authorization for that token or merchant.');
    }
    await revokeMerchant(db, merchantId, at);
    return c.json({ success: true });
  });

  app.use('/v2/*', async (c, next) => {
    const sent = /^Bearer\s+(\S+)$/.exec(c.req.header(HEADER.authorization) ?? '');
    if (!sent) {
      return squareError(
        c,
        401,
        'UNAUTHORIZED',
        'The Authorization http header of your request was malformed: expected "Bearer TOKEN".',
      );
    }
    const known = await checkToken(db, sent[1]!, 'access', now());
    if (!known.ok) return squareError(c, 401, known.refusal, REFUSAL_DETAIL[known.refusal]);
    const merchant = STANDIN_MERCHANTS.get(known.merchantId);
    if (!merchant) return squareError(c, 401, 'UNAUTHORIZED', REFUSAL_DETAIL.UNAUTHORIZED);
    c.set('merchant', merchant);
    await next();
  });

  app.get('/v2/locations', (c) => c.json({ locations: c.get('merchant').locations }));
  app.get('/v2/merchants/me', (c) => {
    const merchant = c.get('merchant');
    return c.json({
      merchant: {
        id: merchant.id,
        business_name: merchant.businessName,
        country: 'US',
        language_code: 'en-US',
        currency: 'USD',
        status: 'ACTIVE',
        main_location_id: merchant.locations[0]?.id,
      },
    });
  });
  app.get('/v2/catalog/list', (c) => {
    const types = (c.req.query('types') ?? '')
      .split(',')
      .map((type) => type.trim().toUpperCase())
      .filter(Boolean);
    const offset = offsetOf(c.req.query('cursor'));
    if (offset === undefined)
      return squareError(c, 400, 'INVALID_CURSOR', 'The cursor is not valid.', 'cursor');
    const all = STANDIN_CATALOG.filter((object) => types.length === 0 || types.includes(object.type));
    const objects = all.slice(offset, offset + catalogPageSize);
    const next = offset + catalogPageSize;
    return c.json({ objects, ...(next < all.length && { cursor: cursorOf(next) }) });
  });

  return app;
}

const tokenAnswer = (
  merchantId: string,
  tokens: { accessToken: string; refreshToken: string; expiresAt: Date },
) => ({
  access_token: tokens.accessToken,
  token_type: 'bearer',
  expires_at: tokens.expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  merchant_id: merchantId,
  refresh_token: tokens.refreshToken,
  short_lived: false,
});
