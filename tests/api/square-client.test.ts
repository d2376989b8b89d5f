/**
 * Contract tests of the Square client (server/outside/square/client.ts) against its local stand-in
 * (standin.routes.ts, whose codes and tokens live in the database: both engines): the code from the
 * authorisation page exchanged, locations, the merchant and the catalogue read to its last page, a token
 * expired at the vendor renewed by refresh (and one renewed before it expires), each refusal, 429 with
 * Retry-After, and two stand-ins on one database agreeing on a code and a token. Vendor-shaped fixtures:
 * square-client-vendor.test.ts.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import {
  SQUARE_CODE_REFUSED,
  SQUARE_NOT_CONNECTED,
  SQUARE_TOKEN_REFUSED,
  SQUARE_UNAVAILABLE,
} from '../../server/outside/square/client';
import type { StandinFaults } from '../../server/outside/standin';
import { SANDBOX_MERCHANT_ID } from '../../server/outside/square/standin-data';
import {
  SQUARE_STANDIN_APPLICATION_ID,
  SQUARE_STANDIN_APPLICATION_SECRET,
  SQUARE_STANDIN_PATH,
  SQUARE_VERSION,
} from '../../server/outside/square/wire';
import { SANDBOX_SERVICE_ITEMS } from '../../server/strategies/sandbox-catalogue';
import type { OAuthTokens } from '../../server/strategies/scheduling-system';
import { allowOnPage, DAY, squareClient, squareStandin, type Sent } from './square-support';
import { captureLog, engines, openTestDatabase, type CapturedLog, type TestDatabase } from './support';

const refusal = (kind: string, message: string) => ({ ok: false, failure: { kind, message } });

describe.each(engines)('the Square client against its stand-in on %s', (engine) => {
  let database: TestDatabase;
  let standinNow = Date.now();
  const faults: StandinFaults = { next: [] };
  let log: CapturedLog;
  let sent: Sent[];
  let sleeps: number[];

  const standin = (catalogPageSize?: number) =>
    squareStandin({
      db: database.handle.db,
      now: () => new Date(standinNow),
      faults,
      ...(catalogPageSize && { catalogPageSize }),
    });
  const client = (app = standin(), options: Parameters<typeof squareClient>[4] = {}) =>
    squareClient(app, log, sent, sleeps, options);

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const fresh = () => {
    log = captureLog();
    sent = [];
    sleeps = [];
    faults.next = [];
    delete faults.always;
    standinNow = Date.now();
  };
  /** Tokens for the sandbox merchant, from the page's code. */
  const connect = async (app = standin()) => {
    const exchanged = await client(app).exchangeOAuthCode(await allowOnPage(app));
    if (!exchanged.ok) throw new Error(JSON.stringify(exchanged));
    return exchanged.value;
  };

  it("exchanges the page's code and reads the seller's locations, merchant and catalogue; keeps only hashes", async () => {
    fresh();
    const tokens = await connect();
    expect(tokens).toMatchObject({ tokenType: 'bearer', merchantId: SANDBOX_MERCHANT_ID });
    expect(tokens.accessToken.startsWith('EAAAsandbox-')).toBe(true);
    expect(tokens.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    const square = client();
    const connection = { accessToken: tokens.accessToken };
    const locations = await square.fetchLocations(connection);
    // The inactive pop-up (sq-loc-9) is left out.
    expect(locations).toEqual({
      ok: true,
      value: [
        {
          id: 'sq-loc-1',
          name: 'Square Sandbox Medspa',
          streetAddress: '101 Market St',
          addressLine2: null,
          city: 'San Francisco',
          state: 'CA',
          zip: '94105',
          country: 'US',
          coordinates: { lat: 37.7936, lng: -122.3958 },
          timezone: 'America/Los_Angeles',
        },
        expect.objectContaining({ id: 'sq-loc-2', zip: '94103' }),
      ],
    });
    expect(await square.fetchProviders(connection)).toEqual({
      ok: true,
      value: [{ id: SANDBOX_MERCHANT_ID, name: 'Square Sandbox Medspa' }],
    });
    expect(await square.fetchServiceItems(connection, null)).toEqual({
      ok: true,
      value: [...SANDBOX_SERVICE_ITEMS.SQUARE],
    });
    expect(sent.every((one) => one.version === SQUARE_VERSION)).toBe(true);
    expect(sent.filter((one) => one.path.startsWith('/v2/')).map((one) => one.authorization)).toEqual(
      Array(4).fill(`Bearer ${tokens.accessToken}`),
    );
    const rows = await database.handle.db
      .select()
      .from(t.squareStandinGrants)
      .where(eq(t.squareStandinGrants.merchantId, SANDBOX_MERCHANT_ID));
    expect(rows.map((row) => row.kind)).toEqual(expect.arrayContaining(['access', 'refresh']));
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.secretHash))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(tokens.accessToken);
    expect(log.raw.join('\n')).not.toContain(tokens.accessToken);
  });

  it('reads the catalogue page after page by cursor, to the last', async () => {
    fresh();
    const { accessToken } = await connect();
    sent = [];
    const items = await client(standin(5)).fetchServiceItems({ accessToken }, null);
    expect(items.ok && items.value.map((item) => item.id)).toEqual(
      SANDBOX_SERVICE_ITEMS.SQUARE.map((item) => item.id),
    );
    const asked = sent.map((one) => [one.query['types'], one.query['cursor'] ?? null]);
    // 17 items on four pages, then the five categories on one.
    expect(asked.map(([type]) => type)).toEqual(['ITEM', 'ITEM', 'ITEM', 'ITEM', 'CATEGORY']);
    expect(asked[0]![1]).toBeNull();
    expect(new Set(asked.slice(1, 4).map(([, cursor]) => cursor)).size).toBe(3);
  });

  it('a code is exchanged once; a made-up, expired or foreign-application code is refused', async () => {
    fresh();
    const app = standin();
    const code = await allowOnPage(app);
    expect((await client(app).exchangeOAuthCode(code)).ok).toBe(true);
    expect(await client(app).exchangeOAuthCode(code)).toEqual(refusal('rejected', SQUARE_CODE_REFUSED));
    expect(await client(app).exchangeOAuthCode('sq0cgp-made-up')).toEqual(
      refusal('rejected', SQUARE_CODE_REFUSED),
    );
    const late = await allowOnPage(app);
    standinNow += 6 * 60_000;
    expect(await client(app).exchangeOAuthCode(late)).toEqual(refusal('rejected', SQUARE_CODE_REFUSED));
    standinNow = Date.now();
    const foreign = await allowOnPage(app);
    expect(await client(app, { applicationSecret: 'not-the-secret' }).exchangeOAuthCode(foreign)).toEqual(
      refusal('rejected', SQUARE_CODE_REFUSED),
    );
    const codes = log.lines.filter((line) => line['msg'] === 'Outside system refused the request');
    expect(codes.map((line) => [line['status'], line['code']])).toEqual(Array(4).fill([401, 'UNAUTHORIZED']));
    expect(log.raw.join('\n')).not.toMatch(new RegExp(`${code}|not-the-secret`));
  });

  it('renews a token the vendor refuses as expired, once, and one nearing its expiry before using it', async () => {
    fresh();
    const tokens = await connect();
    const kept: OAuthTokens[] = [];
    const saved = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      renewed: async (renewed: OAuthTokens) => {
        kept.push(renewed);
      },
    };
    // Past its 30 days at the vendor; the client does not know its expiry.
    standinNow += 31 * DAY;
    sent = [];
    expect((await client().fetchLocations(saved)).ok).toBe(true);
    expect(sent.map((one) => one.path)).toEqual(['/v2/locations', '/oauth2/token', '/v2/locations']);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.accessToken).not.toBe(tokens.accessToken);
    // The code flow's refresh token stays; the new access token answers 30 days from the renewal.
    expect(kept[0]!.refreshToken).toBe(tokens.refreshToken);
    expect(kept[0]!.expiresAt.getTime()).toBeGreaterThan(standinNow + 29 * DAY);
    expect(log.lines.some((line) => line['msg'] === 'Outside system refused the request')).toBe(false);

    // Fewer than 23 of its 30 days left: renewed first (Square: every 7 days or less).
    sent = [];
    const aging = { ...saved, accessToken: kept[0]!.accessToken, expiresAt: new Date(Date.now() + 20 * DAY) };
    expect((await client().fetchLocations(aging)).ok).toBe(true);
    expect(sent.map((one) => one.path)).toEqual(['/oauth2/token', '/v2/locations']);
    expect(kept).toHaveLength(2);

    // An expired token without a refresh token (typed in) is refused.
    expect(await client().fetchLocations({ accessToken: tokens.accessToken })).toEqual(
      refusal('rejected', SQUARE_TOKEN_REFUSED),
    );
  });

  it('refuses an unknown token, says a revoked one is no longer connected, and a failing vendor did not answer', async () => {
    fresh();
    const tokens = await connect();
    const square = client();
    expect(await square.fetchLocations({ accessToken: 'EAAAsandbox-made-up' })).toEqual(
      refusal('rejected', SQUARE_TOKEN_REFUSED),
    );
    expect(await square.fetchServiceItems({ accessToken: ' ' }, null)).toEqual(
      refusal('rejected', SQUARE_TOKEN_REFUSED),
    );
    const app = standin();
    const revoked = await app.request(`${SQUARE_STANDIN_PATH}/oauth2/revoke`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Client ${SQUARE_STANDIN_APPLICATION_SECRET}`,
      },
      body: JSON.stringify({ client_id: SQUARE_STANDIN_APPLICATION_ID, access_token: tokens.accessToken }),
    });
    expect(await revoked.json()).toEqual({ success: true });
    expect(await square.fetchLocations({ accessToken: tokens.accessToken })).toEqual(
      refusal('not-connected', SQUARE_NOT_CONNECTED),
    );
    standinNow += 31 * DAY;
    expect(
      await square.fetchLocations({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
    ).toEqual(refusal('not-connected', SQUARE_NOT_CONNECTED));
    const codes = log.lines.filter((line) => line['msg'] === 'Outside system refused the request');
    expect(codes.map((line) => line['code'])).toEqual([
      'UNAUTHORIZED',
      'ACCESS_TOKEN_REVOKED',
      'ACCESS_TOKEN_REVOKED',
    ]);

    fresh();
    faults.always = 'error';
    expect(await client().fetchLocations({ accessToken: 'EAAAsandbox-any' })).toEqual(
      refusal('unavailable', SQUARE_UNAVAILABLE),
    );
    expect(sent).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(await client().exchangeOAuthCode('sq0cgp-any')).toEqual(
      refusal('unavailable', SQUARE_UNAVAILABLE),
    );
    expect(sent).toHaveLength(4);
    expect(log.lines.filter((line) => line['msg'] === 'Outside system did not answer')).toHaveLength(2);
  });

  it('waits as Retry-After says after a 429 on a read, then answers; a throttled exchange is not repeated', async () => {
    fresh();
    const { accessToken } = await connect();
    sent = [];
    faults.next = ['throttle'];
    expect((await client().fetchLocations({ accessToken })).ok).toBe(true);
    expect(sleeps).toEqual([1000]);
    expect(sent.map((one) => one.path)).toEqual(['/v2/locations', '/v2/locations']);

    fresh();
    const app = standin();
    const code = await allowOnPage(app);
    faults.next = ['throttle'];
    expect(await client(app).exchangeOAuthCode(code)).toEqual(refusal('unavailable', SQUARE_UNAVAILABLE));
    expect(sent).toHaveLength(1);
    expect(sleeps).toEqual([]);
    // The code was not spent: asked again, it is exchanged.
    expect((await client(app).exchangeOAuthCode(code)).ok).toBe(true);
  });

  it('two stand-ins over one database agree on a code and a token (a restart forgets none)', async () => {
    fresh();
    const one = standin();
    const other = standin();
    const code = await allowOnPage(one);
    const exchanged = await client(other).exchangeOAuthCode(code);
    expect(exchanged.ok).toBe(true);
    const accessToken = exchanged.ok ? exchanged.value.accessToken : '';
    expect((await client(one).fetchLocations({ accessToken })).ok).toBe(true);
    const forged = await one.request(`${SQUARE_STANDIN_PATH}/v2/locations`, {
      headers: { Authorization: `Bearer EAAAsandbox-${'f'.repeat(48)}` },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({
      errors: [
        {
          category: 'AUTHENTICATION_ERROR',
          code: 'UNAUTHORIZED',
          detail: 'This request could not be authorized.',
        },
      ],
    });
    const [stored] = await database.handle.db.select({ n: count() }).from(t.squareStandinGrants);
    expect(stored?.n).toBeGreaterThan(0);
  });
});
