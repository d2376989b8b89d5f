/**
 * Contract tests of the MINDBODY client (server/outside/mindbody/client.ts) against its local stand-in
 * (standin.routes.ts, whose tokens live in the database: both engines) and against vendor-shaped fixtures:
 * success, pagination over several pages, each refusal, a shape the client cannot read, 429 with
 * Retry-After then success, an expired token renewed, and two stand-in instances agreeing on a token.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import type { Fetch } from '../../server/outside/http';
import {
  createMindbodyClient,
  MINDBODY_UNAVAILABLE,
  type MindbodyClientOptions,
} from '../../server/outside/mindbody/client';
import { mindbodyStandinRoutes } from '../../server/outside/mindbody/standin.routes';
import { MINDBODY_STANDIN_API_KEY, MINDBODY_STANDIN_PATH } from '../../server/outside/mindbody/wire';
import { SANDBOX_SERVICE_ITEMS } from '../../server/strategies/sandbox-catalogue';
import { CREDENTIALS_REFUSED } from '../../server/strategies/scheduling-system';
import { overHttp, standinHarness } from './outside-support';
import { captureLog, engines, type CapturedLog } from './support';

const SITE = { username: 'Siteowner', password: 'apitest1234', siteId: '-99' };
const BASE = `http://mindbody.test${MINDBODY_STANDIN_PATH}`;
const HOUR = 60 * 60_000;

/** Every request the client sent: method, path below the base, query, and whether it carried a token. */
interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  token: boolean;
}

function recording(fetch: Fetch, sent: Sent[]): Fetch {
  return (input, init) => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    sent.push({
      method: init.method ?? 'GET',
      path: url.pathname.replace(MINDBODY_STANDIN_PATH, '').replace(/^\/public\/v6/, ''),
      query: Object.fromEntries(url.searchParams),
      token: headers.has('Authorization'),
    });
    return fetch(input, init);
  };
}

describe.each(engines)('the MINDBODY client against its stand-in on %s', (engine) => {
  const harness = standinHarness(BASE, engine);
  let sent: Sent[];

  const standin = () => harness.standin(MINDBODY_STANDIN_PATH, mindbodyStandinRoutes);
  const client = (options: Partial<MindbodyClientOptions> = {}) =>
    createMindbodyClient({
      ...harness.options(standin(), (fetch) => recording(fetch, sent)),
      apiKey: MINDBODY_STANDIN_API_KEY,
      ...options,
    });

  const fresh = () => {
    harness.fresh();
    sent = [];
  };

  it('answers the site, its locations and its session types, and keeps only a hash of the token', async () => {
    fresh();
    const mindbody = client();
    const locations = await mindbody.fetchLocations(SITE);
    expect(locations).toEqual({
      ok: true,
      value: [
        expect.objectContaining({
          id: 'mb-1',
          name: 'Clean Slate Spa Downtown',
          streetAddress: '1201 3rd Ave',
          city: 'Seattle',
          state: 'WA',
          zip: '98101',
          country: 'US',
          timezone: 'America/Los_Angeles',
          coordinates: { lat: 47.6076, lng: -122.3361 },
        }),
        expect.objectContaining({ id: 'mb-2', name: 'Clean Slate Spa Ballard', zip: '98107' }),
      ],
    });
    expect(await mindbody.fetchProviders(SITE)).toEqual({
      ok: true,
      value: [{ id: '-99', name: 'Clean Slate Spa' }],
    });
    expect(await mindbody.fetchServiceItems(SITE, '-99')).toEqual({
      ok: true,
      value: [...SANDBOX_SERVICE_ITEMS.MINDBODY],
    });
    // One token for the three calls: issued once, sent with the staff reads, not with the session types.
    expect(sent.filter((one) => one.path === '/usertoken/issue')).toHaveLength(1);
    expect(sent.find((one) => one.path === '/site/locations')?.token).toBe(true);
    expect(sent.find((one) => one.path === '/site/sessiontypes')?.token).toBe(false);
    const rows = await harness.db
      .select()
      .from(t.mindbodyStandinTokens)
      .where(eq(t.mindbodyStandinTokens.username, 'Siteowner'));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash) && row.siteId === '-99')).toBe(true);
    expect(harness.log.raw.join('\n')).not.toContain('apitest1234');
  });

  it('reads every page of a list, by Limit and Offset, to the total the vendor reports', async () => {
    fresh();
    const mindbody = client({ pageSize: 5 });
    const items = await mindbody.fetchServiceItems(SITE, null);
    expect(items.ok && items.value.map((item) => item.id)).toEqual(
      SANDBOX_SERVICE_ITEMS.MINDBODY.map((item) => item.id),
    );
    expect(sent.map((one) => one.query['request.offset'])).toEqual(['0', '5', '10', '15']);
    expect(sent.every((one) => one.query['request.limit'] === '5')).toBe(true);

    sent = [];
    const locations = await client({ pageSize: 1 }).fetchLocations(SITE);
    expect(locations.ok && locations.value.map((location) => location.id)).toEqual(['mb-1', 'mb-2']);
    expect(
      sent.filter((one) => one.path === '/site/locations').map((one) => one.query['request.offset']),
    ).toEqual(['0', '1']);
  });

  it('refuses a wrong login, an unknown site and a wrong API key with the console message; says which field is missing', async () => {
    fresh();
    const mindbody = client();
    const refused = { ok: false, failure: { kind: 'rejected', message: CREDENTIALS_REFUSED } };
    expect(await mindbody.fetchLocations({ ...SITE, password: 'wrong' })).toEqual(refused);
    expect(await mindbody.fetchLocations({ ...SITE, username: 'Nobody' })).toEqual(refused);
    expect(await mindbody.fetchLocations({ ...SITE, siteId: '-98' })).toEqual(refused);
    expect(await mindbody.fetchServiceItems({ ...SITE, siteId: '-98' }, null)).toEqual(refused);
    expect(await client({ apiKey: 'not-the-key' }).fetchLocations(SITE)).toEqual(refused);
    const codes = harness.log.lines.filter((line) => line['msg'] === 'Outside system refused the request');
    expect(codes.map((line) => line['code'])).toEqual([
      'DeniedAccess',
      'DeniedAccess',
      'InvalidSiteId',
      'InvalidSiteId',
      'DeniedAccess',
    ]);
    expect(harness.log.raw.join('\n')).not.toMatch(/wrong|not-the-key|apitest1234/);

    for (const [field, message] of [
      ['username', 'Username required'],
      ['password', 'Password required'],
      ['siteId', 'Site ID required'],
    ] as const) {
      expect(await mindbody.fetchLocations({ ...SITE, [field]: ' ' })).toEqual({
        ok: false,
        failure: { kind: 'rejected', message },
      });
    }
    expect(await mindbody.fetchServiceItems({ ...SITE, siteId: '' }, null)).toEqual({
      ok: false,
      failure: { kind: 'rejected', message: 'Site ID required' },
    });
    // Without a saved site, the provider's external id (its site id) names the site.
    expect((await mindbody.fetchServiceItems({ ...SITE, siteId: '' }, '-99')).ok).toBe(true);
  });

  it('waits as Retry-After says after a 429 on a read, then answers; a throttled write is not repeated', async () => {
    fresh();
    harness.faults.next = [null, 'throttle'];
    const found = await client().fetchLocations(SITE);
    expect(found.ok).toBe(true);
    expect(harness.sleeps).toEqual([1000]);
    expect(sent.map((one) => one.path)).toEqual([
      '/usertoken/issue',
      '/site/locations',
      '/site/locations',
      '/site/sites',
    ]);

    fresh();
    harness.faults.next = ['throttle'];
    expect(await client().fetchLocations(SITE)).toEqual({
      ok: false,
      failure: { kind: 'unavailable', message: MINDBODY_UNAVAILABLE },
    });
    expect(sent).toHaveLength(1);
    expect(harness.sleeps).toEqual([]);
  });

  it('gives up after its retries when every answer is a 500, or at once when Retry-After is too long', async () => {
    fresh();
    harness.faults.always = 'error';
    expect(await client().fetchServiceItems(SITE, null)).toEqual({
      ok: false,
      failure: { kind: 'unavailable', message: MINDBODY_UNAVAILABLE },
    });
    expect(sent).toHaveLength(3);
    expect(harness.sleeps).toHaveLength(2);
    expect(harness.log.lines.filter((line) => line['msg'] === 'Outside system did not answer')).toHaveLength(
      1,
    );

    fresh();
    harness.faults.always = 'throttle';
    expect((await client({ maxRetryAfterMs: 500 }).fetchServiceItems(SITE, null)).ok).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('renews a token the vendor refuses as expired, once, and the stand-in keeps the tokens in the database', async () => {
    fresh();
    harness.now = Date.now();
    const mindbody = client();
    expect((await mindbody.fetchLocations(SITE)).ok).toBe(true);
    // The stand-in's clock passes the token's expiry; the client still holds it as valid.
    harness.now += 25 * HOUR;
    expect((await mindbody.fetchLocations(SITE)).ok).toBe(true);
    expect(sent.map((one) => one.path)).toEqual([
      '/usertoken/issue',
      '/site/locations',
      '/site/sites',
      '/site/locations',
      '/usertoken/issue',
      '/site/locations',
      '/site/sites',
    ]);
    // A renewed token is the normal course: nothing is logged as a refusal.
    expect(harness.log.lines.some((line) => line['msg'] === 'Outside system refused the request')).toBe(
      false,
    );
    harness.now = Date.now();
  });

  it('two stand-in instances over one database agree on the tokens issued (a restart forgets none)', async () => {
    fresh();
    const one = standin();
    const other = standin();
    const headers = {
      'Api-Key': MINDBODY_STANDIN_API_KEY,
      SiteId: '-99',
      'Content-Type': 'application/json',
    };
    const issued = await one.request(`${MINDBODY_STANDIN_PATH}/usertoken/issue`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ Username: 'Siteowner', Password: 'apitest1234' }),
    });
    expect(issued.status).toBe(200);
    const { AccessToken } = (await issued.json()) as { AccessToken: string };
    const read = await other.request(`${MINDBODY_STANDIN_PATH}/site/locations`, {
      headers: { ...headers, Authorization: AccessToken },
    });
    expect(read.status).toBe(200);
    const forged = await other.request(`${MINDBODY_STANDIN_PATH}/site/locations`, {
      headers: { ...headers, Authorization: 'f'.repeat(64) },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({
      Error: { Code: 'DeniedAccess', Message: 'The access token is not valid for this site.' },
    });
    const [stored] = await harness.db.select({ n: count() }).from(t.mindbodyStandinTokens);
    expect(stored?.n).toBeGreaterThan(0);
  });

  it('talks to the stand-in over real HTTP as well', async () => {
    fresh();
    const found = await overHttp(standin(), (origin) =>
      createMindbodyClient({
        baseUrl: () => `${origin}${MINDBODY_STANDIN_PATH}`,
        apiKey: MINDBODY_STANDIN_API_KEY,
        timeoutMs: 2000,
        log: harness.log.log,
      }).fetchLocations(SITE),
    );
    expect(found.ok && found.value.map((location) => location.id)).toEqual(['mb-1', 'mb-2']);
  });
});

/** Answers as the vendor documents them (more fields than the client reads), one per path, in order. */
function vendor(
  answers: Record<string, { status?: number; body: unknown; headers?: Record<string, string> }[]>,
) {
  const sent: string[] = [];
  const fetch: Fetch = async (input) => {
    const path = new URL(input).pathname.replace(/^\/public\/v6\//, '');
    sent.push(path);
    const next = answers[path]?.shift();
    if (!next) return new Response('{"Error":{"Message":"Not found","Code":"NotFound"}}', { status: 404 });
    return new Response(typeof next.body === 'string' ? next.body : JSON.stringify(next.body), {
      status: next.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...next.headers },
    });
  };
  return { fetch, sent };
}

const page = (total: number, size: number, offset = 0) => ({
  RequestedLimit: 100,
  RequestedOffset: offset,
  PageSize: size,
  TotalResults: total,
});
const issued = {
  TokenType: 'Bearer',
  AccessToken: 'a1b2c3d4e5',
  Expires: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
  User: { Id: 100000279, FirstName: 'Owner', LastName: 'Site', Type: 'Owner' },
};
const site = {
  Id: -99,
  Name: 'API Sandbox Site',
  CountryCode: 'US',
  TimeZone: 'Eastern Standard Time',
  AcceptsVisa: true,
  CurrencyIsoCode: 'USD',
  PricingLevel: 'Accelerate',
};
const location = (Id: number, extra: Record<string, unknown> = {}) => ({
  AdditionalImageURLs: [],
  Address: '4051 Broad St',
  Address2: 'Suite 200',
  Amenities: null,
  BusinessDescription: '',
  City: 'San Luis Obispo',
  Description: '',
  HasClasses: true,
  Id,
  Latitude: 35.2646,
  Longitude: -120.6423,
  Name: `Clean Location ${Id}`,
  Phone: '8777554279',
  PhoneExtension: null,
  PostalCode: '93401',
  SiteID: -99,
  StateProvCode: 'CA',
  Tax1: 0.08,
  TotalNumberOfRatings: 0,
  AverageRating: 0,
  ...extra,
});

describe('the MINDBODY client against vendor-shaped answers', () => {
  const options = (fetch: Fetch, log: CapturedLog) => ({
    baseUrl: () => 'https://api.mindbody.test/public/v6',
    apiKey: 'platform-key',
    timeoutMs: 1000,
    log: log.log,
    fetch,
    sleep: async () => {},
  });

  it('reads documented answers with fields it does not use, and two pages of locations', async () => {
    const log = captureLog();
    const fake = vendor({
      'usertoken/issue': [{ body: issued }],
      'site/locations': [
        { body: { PaginationResponse: page(2, 1), Locations: [location(1)] } },
        {
          body: {
            PaginationResponse: page(2, 1, 1),
            Locations: [location(2, { Latitude: null, Address2: '' })],
          },
        },
      ],
      'site/sites': [{ body: { PaginationResponse: page(1, 1), Sites: [site] } }],
    });
    const found = await createMindbodyClient(options(fake.fetch, log)).fetchLocations(SITE);
    expect(found).toEqual({
      ok: true,
      value: [
        {
          id: 'mb-1',
          name: 'Clean Location 1',
          streetAddress: '4051 Broad St',
          addressLine2: 'Suite 200',
          city: 'San Luis Obispo',
          state: 'CA',
          zip: '93401',
          country: 'US',
          coordinates: { lat: 35.2646, lng: -120.6423 },
          timezone: 'America/New_York',
        },
        expect.objectContaining({ id: 'mb-2', addressLine2: null, coordinates: null }),
      ],
    });
    expect(fake.sent).toEqual(['usertoken/issue', 'site/locations', 'site/locations', 'site/sites']);
  });

  it('an answer of another shape, or not JSON, is unavailable with one log line naming the field, never a throw', async () => {
    const log = captureLog();
    const fake = vendor({
      'usertoken/issue': [{ body: issued }, { body: issued }],
      'site/locations': [
        { body: { PaginationResponse: page(1, 1), Locations: [{ Id: 'one', Name: 'Oops' }] } },
        { body: '<html>maintenance</html>' },
      ],
    });
    const mindbody = createMindbodyClient(options(fake.fetch, log));
    const unavailable = { ok: false, failure: { kind: 'unavailable', message: MINDBODY_UNAVAILABLE } };
    expect(await mindbody.fetchLocations(SITE)).toEqual(unavailable);
    const shape = log.lines.filter((line) => line['msg'] === 'Outside system answered an unexpected shape');
    expect(shape).toEqual([expect.objectContaining({ path: 'site/locations', fields: ['Locations.0.Id'] })]);
    expect(await mindbody.fetchLocations(SITE)).toEqual(unavailable);
    expect(
      log.lines.some((line) => line['msg'] === 'Outside system answered something other than JSON'),
    ).toBe(true);
    expect(log.raw.join('\n')).not.toMatch(/a1b2c3d4e5|platform-key|apitest1234/);
  });

  it('a refused token is issued again once; refused again, the credentials are refused', async () => {
    const log = captureLog();
    const expired = { status: 401, body: { Error: { Message: 'Token expired', Code: 'DeniedAccess' } } };
    const fake = vendor({
      'usertoken/issue': [{ body: issued }, { body: issued }, { body: issued }],
      'site/locations': [
        { body: { PaginationResponse: page(1, 1), Locations: [location(1)] } },
        expired,
        { body: { PaginationResponse: page(1, 1), Locations: [location(1)] } },
        expired,
        expired,
      ],
      'site/sites': [
        { body: { PaginationResponse: page(1, 1), Sites: [site] } },
        { body: { PaginationResponse: page(1, 1), Sites: [site] } },
      ],
    });
    const mindbody = createMindbodyClient(options(fake.fetch, log));
    expect((await mindbody.fetchLocations(SITE)).ok).toBe(true);
    expect((await mindbody.fetchLocations(SITE)).ok).toBe(true);
    expect(await mindbody.fetchLocations(SITE)).toEqual({
      ok: false,
      failure: { kind: 'rejected', message: CREDENTIALS_REFUSED },
    });
    expect(fake.sent.filter((path) => path === 'usertoken/issue')).toHaveLength(3);
  });

  it('an address that is not the vendor (404) is unavailable, not a refusal of the credentials', async () => {
    const log = captureLog();
    const fake = vendor({});
    expect(await createMindbodyClient(options(fake.fetch, log)).fetchLocations(SITE)).toEqual({
      ok: false,
      failure: { kind: 'unavailable', message: MINDBODY_UNAVAILABLE },
    });
    expect(log.lines.find((line) => line['msg'] === 'Outside system refused the request')).toMatchObject({
      path: 'usertoken/issue',
      status: 404,
      code: 'NotFound',
    });
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const log = captureLog();
    const waits: number[] = [];
    const at = new Date(Date.now() + 2000).toUTCString();
    const fake = vendor({
      'site/sessiontypes': [
        {
          status: 429,
          body: { Error: { Message: 'Slow down', Code: 'TooManyRequests' } },
          headers: { 'Retry-After': at },
        },
        {
          body: {
            PaginationResponse: page(1, 1),
            SessionTypes: [
              { Id: 7, Name: 'Facial', Category: null, Type: 'Appointment', DefaultTimeLength: 60 },
            ],
          },
        },
      ],
    });
    const mindbody = createMindbodyClient({
      ...options(fake.fetch, log),
      sleep: async (ms: number) => {
        waits.push(ms);
      },
    });
    expect(await mindbody.fetchServiceItems(SITE, null)).toEqual({
      ok: true,
      value: [{ id: 'mb-7', name: 'Facial', category: null }],
    });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(500);
    expect(waits[0]).toBeLessThanOrEqual(2000);
  });
});
