/**
 * Contract tests of the Booker client (server/outside/booker/client.ts) against its local stand-in
 * (standin.routes.ts, whose partner tokens live in the database: both engines) and against vendor-shaped
 * fixtures: success, pagination over several pages, each refusal (subscription key, client, token), a shape
 * the client cannot read, 429 with Retry-After then success, an expired token renewed, and two stand-in
 * instances agreeing on a token.
 */
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import {
  BOOKER_UNAVAILABLE,
  createBookerClient,
  type BookerClientOptions,
} from '../../server/outside/booker/client';
import { bookerStandinRoutes } from '../../server/outside/booker/standin.routes';
import {
  BOOKER_STANDIN_CLIENT_ID,
  BOOKER_STANDIN_CLIENT_SECRET,
  BOOKER_STANDIN_PATH,
  BOOKER_STANDIN_SUBSCRIPTION_KEY,
} from '../../server/outside/booker/wire';
import type { Fetch } from '../../server/outside/http';
import { SANDBOX_LOCATIONS } from '../../server/strategies/sandbox';
import { SANDBOX_SERVICE_ITEMS } from '../../server/strategies/sandbox-catalogue';
import { CREDENTIALS_REFUSED } from '../../server/strategies/scheduling-system';
import { overHttp, standinHarness } from './outside-support';
import { captureLog, engines, type CapturedLog } from './support';

const BASE = `http://booker.test${BOOKER_STANDIN_PATH}`;
const HOUR = 60 * 60_000;
const PARTNER = {
  clientId: BOOKER_STANDIN_CLIENT_ID,
  clientSecret: BOOKER_STANDIN_CLIENT_SECRET,
  subscriptionKey: BOOKER_STANDIN_SUBSCRIPTION_KEY,
};

/** A request the client sent: method, path below the base, its key header and its paging and location. */
interface Sent {
  method: string;
  path: string;
  key: string | null;
  page?: number;
  size?: number;
  location?: number;
  contentType: string | null;
}

function recording(fetch: Fetch, sent: Sent[]): Fetch {
  return (input, init) => {
    const headers = new Headers(init.headers);
    const json =
      headers.get('Content-Type') === 'application/json' && typeof init.body === 'string'
        ? (JSON.parse(init.body) as Record<string, number>)
        : {};
    sent.push({
      method: init.method ?? 'GET',
      path: new URL(input).pathname.replace(BOOKER_STANDIN_PATH, ''),
      key: headers.get('Ocp-Apim-Subscription-Key'),
      contentType: headers.get('Content-Type'),
      ...(json['PageNumber'] !== undefined && { page: json['PageNumber'], size: json['PageSize'] }),
      ...(json['LocationID'] !== undefined && { location: json['LocationID'] }),
    });
    return fetch(input, init);
  };
}

const refused = { ok: false, failure: { kind: 'rejected', message: CREDENTIALS_REFUSED } };
const unavailable = { ok: false, failure: { kind: 'unavailable', message: BOOKER_UNAVAILABLE } };

describe.each(engines)('the Booker client against its stand-in on %s', (engine) => {
  const harness = standinHarness(BASE, engine);
  let sent: Sent[];

  const standin = () => harness.standin(BOOKER_STANDIN_PATH, bookerStandinRoutes);
  const client = (options: Partial<BookerClientOptions> = {}) =>
    createBookerClient({
      ...harness.options(standin(), (fetch) => recording(fetch, sent)),
      ...PARTNER,
      ...options,
    });

  const fresh = () => {
    harness.fresh();
    sent = [];
  };

  it("answers the account's locations, its brand and its treatments, and keeps only a hash of the token", async () => {
    fresh();
    const booker = client();
    expect(await booker.fetchLocations({})).toEqual({ ok: true, value: [...SANDBOX_LOCATIONS.BOOKER] });
    expect(await booker.fetchProviders({})).toEqual({
      ok: true,
      value: [{ id: 'glowstudio', name: 'glowstudio' }],
    });
    expect(await booker.fetchServiceItems({}, null)).toEqual({
      ok: true,
      value: [...SANDBOX_SERVICE_ITEMS.BOOKER],
    });
    // One token for every call, asked as a form; each location's treatments asked once.
    const token = sent.filter((one) => one.path === '/v5/auth/connect/token');
    expect(token).toEqual([
      expect.objectContaining({ method: 'POST', contentType: 'application/x-www-form-urlencoded' }),
    ]);
    expect(sent.every((one) => one.key === BOOKER_STANDIN_SUBSCRIPTION_KEY)).toBe(true);
    expect(sent.filter((one) => one.path === '/v4.1/merchant/treatments').map((one) => one.location)).toEqual(
      [101, 102, 103],
    );
    const rows = await harness.db.select().from(t.bookerStandinTokens);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash) && row.scope === 'merchant')).toBe(true);
    expect(harness.log.raw.join('\n')).not.toContain(BOOKER_STANDIN_CLIENT_SECRET);
  });

  it('reads every page of a list, by PageNumber and PageSize, to the total the vendor reports', async () => {
    fresh();
    const items = await client({ pageSize: 5 }).fetchServiceItems({}, null);
    expect(items.ok && items.value.map((item) => item.id)).toEqual(
      SANDBOX_SERVICE_ITEMS.BOOKER.map((item) => item.id),
    );
    const treatments = sent.filter((one) => one.path === '/v4.1/merchant/treatments');
    expect(treatments.filter((one) => one.location === 101).map((one) => one.page)).toEqual([1, 2, 3, 4]);
    expect(treatments.every((one) => one.size === 5)).toBe(true);

    sent = [];
    const locations = await client({ pageSize: 1 }).fetchLocations({});
    expect(locations.ok && locations.value.map((location) => location.id)).toEqual([
      'bk-101',
      'bk-102',
      'bk-103',
    ]);
    expect(sent.filter((one) => one.path === '/v4.1/merchant/locations').map((one) => one.page)).toEqual([
      1, 2, 3,
    ]);
  });

  it('refuses a wrong subscription key, client id or secret with the console message, logging only the code', async () => {
    fresh();
    expect(await client({ subscriptionKey: 'not-the-key' }).fetchLocations({})).toEqual(refused);
    expect(await client({ clientSecret: 'not-the-secret' }).fetchLocations({})).toEqual(refused);
    expect(await client({ clientId: 'someone-else' }).fetchServiceItems({}, null)).toEqual(refused);
    const codes = harness.log.lines.filter((line) => line['msg'] === 'Outside system refused the request');
    expect(codes.map((line) => [line['status'], line['code']])).toEqual([
      [401, 'gateway 401'],
      [400, 'invalid_client'],
      [400, 'invalid_client'],
    ]);
    expect(harness.log.raw.join('\n')).not.toMatch(/not-the-key|not-the-secret|someone-else/);
  });

  it('waits as Retry-After says after a 429, then answers; the token request is asked again too', async () => {
    fresh();
    harness.faults.next = ['throttle', null, 'throttle'];
    expect((await client().fetchLocations({})).ok).toBe(true);
    expect(harness.sleeps).toEqual([1000, 1000]);
    expect(sent.map((one) => one.path)).toEqual([
      '/v5/auth/connect/token',
      '/v5/auth/connect/token',
      '/v4.1/merchant/locations',
      '/v4.1/merchant/locations',
    ]);
  });

  it('gives up after its retries when every answer is a 500, or at once when Retry-After is too long', async () => {
    fresh();
    harness.faults.always = 'error';
    expect(await client().fetchServiceItems({}, null)).toEqual(unavailable);
    expect(sent).toHaveLength(3);
    expect(harness.sleeps).toHaveLength(2);
    expect(harness.log.lines.filter((line) => line['msg'] === 'Outside system did not answer')).toHaveLength(
      1,
    );

    fresh();
    harness.faults.always = 'throttle';
    expect(await client({ maxRetryAfterMs: 500 }).fetchLocations({})).toEqual(unavailable);
    expect(sent).toHaveLength(1);
  });

  it('renews a token the vendor refuses as expired, once, and the stand-in keeps the tokens in the database', async () => {
    fresh();
    const booker = client();
    expect((await booker.fetchLocations({})).ok).toBe(true);
    // The stand-in's clock passes the token's hour; the client still holds it as valid.
    harness.now += 2 * HOUR;
    expect((await booker.fetchLocations({})).ok).toBe(true);
    expect(sent.map((one) => one.path)).toEqual([
      '/v5/auth/connect/token',
      '/v4.1/merchant/locations',
      '/v4.1/merchant/locations',
      '/v5/auth/connect/token',
      '/v4.1/merchant/locations',
    ]);
    // A renewed token is the normal course: nothing is logged as a refusal.
    expect(harness.log.lines.some((line) => line['msg'] === 'Outside system refused the request')).toBe(
      false,
    );
  });

  it('renews a token before it expires, by the expiry the vendor gave', async () => {
    fresh();
    let at = Date.now();
    const booker = client({ now: () => at });
    expect((await booker.fetchLocations({})).ok).toBe(true);
    at += HOUR - 30_000;
    expect((await booker.fetchLocations({})).ok).toBe(true);
    expect(sent.filter((one) => one.path === '/v5/auth/connect/token')).toHaveLength(2);
  });

  it('two stand-in instances over one database agree on the tokens issued (a restart forgets none)', async () => {
    fresh();
    const one = standin();
    const other = standin();
    const key = { 'Ocp-Apim-Subscription-Key': BOOKER_STANDIN_SUBSCRIPTION_KEY };
    const issued = await one.request(`${BOOKER_STANDIN_PATH}/v5/auth/connect/token`, {
      method: 'POST',
      headers: { ...key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: BOOKER_STANDIN_CLIENT_ID,
        client_secret: BOOKER_STANDIN_CLIENT_SECRET,
        scope: 'merchant',
      }).toString(),
    });
    expect(issued.status).toBe(200);
    const answer = (await issued.json()) as { access_token: string; expires_in: number; token_type: string };
    expect(answer).toMatchObject({ expires_in: 3600, token_type: 'Bearer' });
    const read = (token: string) =>
      other.request(`${BOOKER_STANDIN_PATH}/v4.1/merchant/locations`, {
        method: 'POST',
        headers: { ...key, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ UsePaging: true, PageNumber: 1, PageSize: 2 }),
      });
    const found = await read(answer.access_token);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ IsSuccess: true, TotalResultsCount: 3 });
    const forged = await read('f'.repeat(64));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({
      IsSuccess: false,
      ErrorCode: 401,
      ErrorMessage: 'invalid access token',
    });
    const [stored] = await harness.db.select({ n: count() }).from(t.bookerStandinTokens);
    expect(stored?.n).toBeGreaterThan(0);
  });

  it('talks to the stand-in over real HTTP as well', async () => {
    fresh();
    const found = await overHttp(standin(), (origin) =>
      createBookerClient({
        baseUrl: () => `${origin}${BOOKER_STANDIN_PATH}`,
        ...PARTNER,
        timeoutMs: 2000,
        log: harness.log.log,
      }).fetchLocations({}),
    );
    expect(found.ok && found.value.map((location) => location.id)).toEqual(['bk-101', 'bk-102', 'bk-103']);
  });
});

/** Answers as the vendor documents them (more fields than the client reads), one per path, in order. */
function vendor(
  answers: Record<string, { status?: number; body: unknown; headers?: Record<string, string> }[]>,
) {
  const sent: string[] = [];
  const fetch: Fetch = async (input) => {
    const path = new URL(input).pathname.replace(/^\//, '');
    sent.push(path);
    const next = answers[path]?.shift();
    if (!next) return new Response('{"statusCode":404,"message":"Resource not found"}', { status: 404 });
    return new Response(typeof next.body === 'string' ? next.body : JSON.stringify(next.body), {
      status: next.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...next.headers },
    });
  };
  return { fetch, sent };
}

const issued = {
  access_token: 'eyJhbGciOi.partner.token',
  expires_in: 3600,
  token_type: 'Bearer',
  scope: 'merchant',
};
const location = (ID: number, extra: Record<string, unknown> = {}) => ({
  ID,
  AccountName: `spa${ID}`,
  BrandAccountName: 'spabrand',
  BusinessName: `Spa Location ${ID}`,
  BusinessType: { ID: 1, Name: 'Spa' },
  EmailAddress: 'front@spa.test',
  Phone: '2125550100',
  WebSite: null,
  IsDistributionPartner: false,
  EncryptedLocationID: 'x9',
  CurrencyCode: 'USD',
  Status: 4,
  Address: {
    Street1: '10 Hudson Yards',
    Street2: 'Floor 2',
    City: 'New York',
    State: 'NY',
    Zip: '10001',
    Country: { ID: 1, Name: 'United States' },
  },
  TimeZone: { ID: 5, Name: '(GMT-05:00) Eastern Time (US & Canada)', StandardName: 'Eastern Standard Time' },
  ...extra,
});
const treatment = (ID: number, Name: string, extra: Record<string, unknown> = {}) => ({
  ID,
  Name,
  Category: { ID: 3, Name: 'Facials' },
  SubCategory: null,
  Description: '',
  Price: { Amount: 120, CurrencyCode: 'USD' },
  TotalDuration: 60,
  TreatmentDuration: 60,
  AllowCustomersToBookOnline: true,
  IsClass: false,
  IsForCouples: false,
  EmployeeIDs: [1, 2],
  IsActive: true,
  ...extra,
});

describe('the Booker client against vendor-shaped answers', () => {
  const options = (fetch: Fetch, log: CapturedLog) => ({
    baseUrl: () => 'https://api.booker.test',
    clientId: 'partner-client',
    clientSecret: 'partner-secret',
    subscriptionKey: 'partner-key',
    timeoutMs: 1000,
    log: log.log,
    fetch,
    sleep: async () => {},
  });

  it('reads documented answers with fields it does not use, over two pages of locations', async () => {
    const log = captureLog();
    const fake = vendor({
      'v5/auth/connect/token': [{ body: issued }],
      'v4.1/merchant/locations': [
        { body: { IsSuccess: true, Results: [location(30234)], TotalResultsCount: 2 } },
        {
          body: {
            IsSuccess: true,
            Results: [location(30235, { Address: { Street1: '1 Main St', Street2: '', City: 'Austin' } })],
            TotalResultsCount: 2,
          },
        },
      ],
    });
    const found = await createBookerClient({ ...options(fake.fetch, log), pageSize: 1 }).fetchLocations({});
    expect(found).toEqual({
      ok: true,
      value: [
        {
          id: 'bk-30234',
          name: 'Spa Location 30234',
          streetAddress: '10 Hudson Yards',
          addressLine2: 'Floor 2',
          city: 'New York',
          state: 'NY',
          zip: '10001',
          country: 'US',
          coordinates: null,
          timezone: 'America/New_York',
        },
        expect.objectContaining({ id: 'bk-30235', addressLine2: null, state: null, country: null }),
      ],
    });
    expect(fake.sent).toEqual([
      'v5/auth/connect/token',
      'v4.1/merchant/locations',
      'v4.1/merchant/locations',
    ]);
  });

  it("leaves inactive treatments out and names each treatment once across the account's locations", async () => {
    const log = captureLog();
    const fake = vendor({
      'v5/auth/connect/token': [{ body: issued }],
      'v4.1/merchant/locations': [
        { body: { IsSuccess: true, Results: [location(1), location(2)], TotalResultsCount: 2 } },
      ],
      'v4.1/merchant/treatments': [
        {
          body: {
            IsSuccess: true,
            Treatments: [treatment(7, 'Facial'), treatment(8, 'Old Peel', { IsActive: false })],
            TotalResultsCount: 2,
          },
        },
        {
          body: {
            IsSuccess: true,
            Treatments: [treatment(7, 'Facial'), treatment(9, 'Massage', { Category: null })],
            TotalResultsCount: 2,
          },
        },
      ],
    });
    expect(await createBookerClient(options(fake.fetch, log)).fetchServiceItems({}, '30234')).toEqual({
      ok: true,
      value: [
        { id: 'bk-7', name: 'Facial', category: 'Facials' },
        { id: 'bk-9', name: 'Massage', category: null },
      ],
    });
  });

  it('an answer of another shape, or not JSON, is unavailable with one log line naming the field, never a throw', async () => {
    const log = captureLog();
    const fake = vendor({
      'v5/auth/connect/token': [{ body: issued }],
      'v4.1/merchant/locations': [
        { body: { IsSuccess: true, Results: [{ ID: 'one', BusinessName: 'Oops' }], TotalResultsCount: 1 } },
        { body: '<html>maintenance</html>' },
      ],
    });
    const booker = createBookerClient(options(fake.fetch, log));
    expect(await booker.fetchLocations({})).toEqual(unavailable);
    const shape = log.lines.filter((line) => line['msg'] === 'Outside system answered an unexpected shape');
    expect(shape).toEqual([
      expect.objectContaining({ path: 'v4.1/merchant/locations', fields: ['Results.0.ID'] }),
    ]);
    expect(await booker.fetchLocations({})).toEqual(unavailable);
    expect(
      log.lines.some((line) => line['msg'] === 'Outside system answered something other than JSON'),
    ).toBe(true);
    expect(log.raw.join('\n')).not.toMatch(/partner\.token|partner-secret|partner-key/);
  });

  it('a refused token is asked for again once; refused again, the credentials are refused', async () => {
    const log = captureLog();
    const expired = {
      status: 401,
      body: { IsSuccess: false, ErrorCode: 401, ErrorMessage: 'invalid access token' },
    };
    const page = { body: { IsSuccess: true, Results: [location(1)], TotalResultsCount: 1 } };
    const fake = vendor({
      'v5/auth/connect/token': [{ body: issued }, { body: issued }, { body: issued }],
      'v4.1/merchant/locations': [page, expired, page, expired, expired],
    });
    const booker = createBookerClient(options(fake.fetch, log));
    expect((await booker.fetchLocations({})).ok).toBe(true);
    expect((await booker.fetchLocations({})).ok).toBe(true);
    expect(await booker.fetchLocations({})).toEqual(refused);
    expect(fake.sent.filter((path) => path === 'v5/auth/connect/token')).toHaveLength(3);
    expect(log.lines.find((line) => line['msg'] === 'Outside system refused the request')).toMatchObject({
      status: 401,
      code: 'v4 401',
    });
  });

  it('an address that is not the vendor (404) is unavailable, not a refusal of the credentials', async () => {
    const log = captureLog();
    const fake = vendor({});
    expect(await createBookerClient(options(fake.fetch, log)).fetchLocations({})).toEqual(unavailable);
    expect(log.lines.find((line) => line['msg'] === 'Outside system refused the request')).toMatchObject({
      path: 'v5/auth/connect/token',
      status: 404,
      code: 'gateway 404',
    });
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const log = captureLog();
    const waits: number[] = [];
    const at = new Date(Date.now() + 2000).toUTCString();
    const fake = vendor({
      'v5/auth/connect/token': [{ body: issued }],
      'v4.1/merchant/locations': [
        {
          status: 429,
          body: { statusCode: 429, message: 'Rate limit is exceeded. Try again in 2 seconds.' },
          headers: { 'Retry-After': at },
        },
        { body: { IsSuccess: true, Results: [location(4)], TotalResultsCount: 1 } },
      ],
    });
    const booker = createBookerClient({
      ...options(fake.fetch, log),
      sleep: async (ms: number) => {
        waits.push(ms);
      },
    });
    const found = await booker.fetchLocations({});
    expect(found.ok && found.value.map((one) => one.id)).toEqual(['bk-4']);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(500);
    expect(waits[0]).toBeLessThanOrEqual(2000);
  });
});
