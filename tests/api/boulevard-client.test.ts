/**
 * Contract tests of the Boulevard client (server/outside/boulevard/client.ts) against its local stand-in
 * (standin.routes.ts, whose installs live in the database: both engines): the business, its locations and
 * services, every page by cursor, each refusal (a blank id, an unknown or uninstalled business, a wrong key, a
 * bad or stale signature), 429 with Retry-After, 500s, and two API instances on one database agreeing on an
 * install; then against vendor-shaped answers (more fields than the client reads, pages by cursor, a GraphQL
 * error, a shape it cannot read, each refusal status) and the request signing it sends.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import * as t from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { issueSandboxState } from '../../server/http/sandbox-state';
import {
  BOULEVARD_REQUIRED,
  BOULEVARD_UNAVAILABLE,
  createBoulevardClient,
  type BoulevardClientOptions,
} from '../../server/outside/boulevard/client';
import { installBoulevardApp, boulevardStandinRoutes } from '../../server/outside/boulevard/standin.routes';
import {
  adminAuthorization,
  adminToken,
  BOULEVARD_STANDIN_API_KEY,
  BOULEVARD_STANDIN_API_SECRET,
  BOULEVARD_STANDIN_PATH,
  QUERIES,
} from '../../server/outside/boulevard/wire';
import type { Fetch } from '../../server/outside/http';
import { SANDBOX_SERVICE_ITEMS } from '../../server/strategies/sandbox-catalogue';
import { BOULEVARD_NOT_CONNECTED, CREDENTIALS_REFUSED } from '../../server/strategies/scheduling-system';
import { overHttp, standinHarness } from './outside-support';
import { callers, type Callers } from './provider-support';
import { captureLog, engines, HIGH_LIMITS, TEST_ORIGIN, testIdentity, type CapturedLog } from './support';

const BASE = `http://boulevard.test${BOULEVARD_STANDIN_PATH}`;
const LUXE = '3f7c2a9e-5b1d-4c8e-9a6f-2d4b8e1c7a05';
let serial = 0;
const sandboxId = (kind = '') => `blvd-sandbox-${kind}client-${Date.now()}-${++serial}`;

/** Every request the client sent: the query's root field and its variables. */
interface Sent {
  root: string;
  variables: Record<string, unknown>;
}

function recording(fetch: Fetch, sent: Sent[]): Fetch {
  return (input, init) => {
    const body = JSON.parse(String(init.body)) as { query: string; variables: Record<string, unknown> };
    sent.push({ root: /\{\s*(\w+)/.exec(body.query)?.[1] ?? '', variables: body.variables });
    return fetch(input, init);
  };
}

describe.each(engines)('the Boulevard client against its stand-in on %s', (engine) => {
  const harness = standinHarness(BASE, engine);
  let sent: Sent[];

  const standin = () => harness.standin(BOULEVARD_STANDIN_PATH, boulevardStandinRoutes);
  const client = (options: Partial<BoulevardClientOptions> = {}) =>
    createBoulevardClient({
      ...harness.options(standin(), (fetch) => recording(fetch, sent)),
      apiKey: BOULEVARD_STANDIN_API_KEY,
      apiSecret: BOULEVARD_STANDIN_API_SECRET,
      ...options,
    });

  const installed = async (kind = '') => {
    const id = sandboxId(kind);
    expect(await installBoulevardApp(harness.db, id)).toBe(true);
    return { businessId: id };
  };

  const fresh = () => {
    harness.fresh();
    sent = [];
  };

  it('answers an installed business, its located places and its services; the demo businesses are installed', async () => {
    fresh();
    const boulevard = client();
    const business = await installed();
    expect(await boulevard.fetchLocations(business)).toEqual({
      ok: true,
      value: [
        {
          id: 'blvd-loc-1',
          name: 'Boulevard Sandbox Salon',
          streetAddress: '8500 Melrose Ave',
          addressLine2: null,
          city: 'West Hollywood',
          state: 'CA',
          zip: '90069',
          country: 'US',
          coordinates: { lat: 34.0809, lng: -118.3775 },
          timezone: 'America/Los_Angeles',
        },
      ],
    });
    expect(await boulevard.fetchProviders(business)).toEqual({
      ok: true,
      value: [{ id: business.businessId, name: 'Boulevard Sandbox Business' }],
    });
    expect(await boulevard.fetchServiceItems(business, null)).toEqual({
      ok: true,
      value: [...SANDBOX_SERVICE_ITEMS.BOULEVARD],
    });
    // Without a saved business id, the provider's external id (its business id) names the business.
    expect((await boulevard.fetchServiceItems({ businessId: ' ' }, business.businessId)).ok).toBe(true);

    const luxe = await boulevard.fetchLocations({ businessId: LUXE });
    expect(luxe).toEqual({
      ok: true,
      value: [
        expect.objectContaining({
          id: 'urn:blvd:Location:8a1e',
          name: 'Luxe Aesthetics',
          city: 'New York',
          timezone: 'America/New_York',
        }),
      ],
    });
    expect(await boulevard.fetchProviders({ businessId: LUXE })).toEqual({
      ok: true,
      value: [{ id: LUXE, name: 'Luxe Aesthetics' }],
    });
    // The installs the install page made are rows; the demo's are the stand-in's data.
    const rows = await harness.db
      .select()
      .from(t.boulevardStandinInstalls)
      .where(eq(t.boulevardStandinInstalls.businessId, business.businessId));
    expect(rows).toHaveLength(1);
    expect(harness.log.raw.join('\n')).not.toContain(BOULEVARD_STANDIN_API_SECRET);
  });

  it('a business without located places answers none: connected, no valid locations', async () => {
    fresh();
    expect(await client().fetchLocations(await installed('noaddress-'))).toEqual({ ok: true, value: [] });
  });

  it('reads every page of a connection, by first and after, to the last page', async () => {
    fresh();
    const items = await client({ pageSize: 5 }).fetchServiceItems(await installed(), null);
    expect(items.ok && items.value.map((item) => item.id)).toEqual(
      SANDBOX_SERVICE_ITEMS.BOULEVARD.map((item) => item.id),
    );
    const pages = sent.filter((one) => one.root === 'services');
    expect(pages.length).toBe(Math.ceil(SANDBOX_SERVICE_ITEMS.BOULEVARD.length / 5));
    expect(pages.every((one) => one.variables['first'] === 5)).toBe(true);
    expect(pages[0]?.variables['after']).toBeUndefined();
    expect(pages.slice(1).every((one) => typeof one.variables['after'] === 'string')).toBe(true);
  });

  it('an unknown or uninstalled business is not connected; a blank id says it is required', async () => {
    fresh();
    const boulevard = client();
    const notConnected = { ok: false, failure: { kind: 'not-connected', message: BOULEVARD_NOT_CONNECTED } };
    expect(await boulevard.fetchLocations({ businessId: sandboxId() })).toEqual(notConnected);
    expect(await boulevard.fetchProviders({ businessId: 'unknown-business' })).toEqual(notConnected);
    expect(await boulevard.fetchServiceItems({ businessId: sandboxId() }, null)).toEqual(notConnected);
    const required = { ok: false, failure: { kind: 'rejected', message: BOULEVARD_REQUIRED } };
    expect(await boulevard.fetchLocations({ businessId: '  ' })).toEqual(required);
    expect(await boulevard.fetchServiceItems({ businessId: '' }, null)).toEqual(required);
    expect(sent).toHaveLength(3);
    const codes = harness.log.lines.filter((line) => line['msg'] === 'Outside system refused the request');
    expect(codes.map((line) => [line['status'], line['code']])).toEqual([
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
      [403, 'FORBIDDEN'],
    ]);
  });

  it('a wrong key, a wrong secret or a stale signature is refused as the vendor refuses it (401)', async () => {
    fresh();
    const business = await installed();
    const refused = { ok: false, failure: { kind: 'rejected', message: CREDENTIALS_REFUSED } };
    expect(await client({ apiKey: 'not-the-key' }).fetchLocations(business)).toEqual(refused);
    const otherSecret = Buffer.from('another secret').toString('base64');
    expect(await client({ apiSecret: otherSecret }).fetchLocations(business)).toEqual(refused);
    expect(await client({ now: () => Date.now() - 10 * 60_000 }).fetchLocations(business)).toEqual(refused);
    expect(harness.log.raw.join('\n')).not.toMatch(/not-the-key|another secret/);

    // On the wire: a token signed for one business does not open another, nor does a forged signature.
    const app = standin();
    const ask = (authorization: string) =>
      app.request(`${BOULEVARD_STANDIN_PATH}/admin`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: QUERIES.business }),
      });
    const now = Math.floor(Date.now() / 1000);
    const good = adminToken(business.businessId, now, BOULEVARD_STANDIN_API_SECRET);
    expect((await ask(adminAuthorization(BOULEVARD_STANDIN_API_KEY, good))).status).toBe(200);
    const swapped = good.replace(business.businessId, LUXE);
    const forged = await ask(adminAuthorization(BOULEVARD_STANDIN_API_KEY, swapped));
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({
      errors: [{ message: 'The token signature is not valid.', extensions: { code: 'UNAUTHENTICATED' } }],
    });
    expect((await ask('Bearer x')).status).toBe(401);
  });

  it('waits as Retry-After says after a 429, then answers; gives up after its retries on 500s', async () => {
    fresh();
    const business = await installed();
    harness.faults.next = ['throttle'];
    expect((await client().fetchLocations(business)).ok).toBe(true);
    expect(harness.sleeps).toEqual([1000]);
    expect(sent.map((one) => one.root)).toEqual(['locations', 'locations']);

    fresh();
    harness.faults.always = 'error';
    expect(await client().fetchProviders(business)).toEqual({
      ok: false,
      failure: { kind: 'unavailable', message: BOULEVARD_UNAVAILABLE },
    });
    // A GraphQL query is a read: asked again twice.
    expect(sent).toHaveLength(3);
    expect(harness.sleeps).toHaveLength(2);

    fresh();
    harness.faults.always = 'throttle';
    expect((await client({ maxRetryAfterMs: 500 }).fetchServiceItems(business, null)).ok).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it('two API instances on one database agree: installed on one, verified on the other', async () => {
    fresh();
    const as: Callers = await callers();
    const instance = () =>
      createApp({
        db: harness.db,
        engine,
        identity: testIdentity(),
        log: captureLog().log,
        env: readEnv({
          APP_ENV: 'test',
          CORS_ORIGINS: TEST_ORIGIN,
          DATA_DIR: '.tmp/boulevard-client-test',
          ...HIGH_LIMITS,
        }),
      });
    const [one, other] = [instance(), instance()];
    const businessId = sandboxId();
    const verify = () =>
      other.request('/strategies/fetch/locations', {
        method: 'POST',
        headers: { Authorization: `Bearer ${as.glow}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ strategy: 'BOULEVARD', businessId }),
      });
    expect((await verify()).status).toBe(422);
    const page = await one.request('/scheduling-sandbox/boulevard/install', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        businessId,
        state: issueSandboxState('boulevard-install', businessId),
      }).toString(),
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(
      `The Upkeep app is installed for business <code>${businessId}</code>`,
    );
    const verified = await verify();
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { id: string }[]).map((location) => location.id)).toEqual([
      'blvd-loc-1',
    ]);
  });

  it('talks to the stand-in over real HTTP as well', async () => {
    fresh();
    const found = await overHttp(standin(), (origin) =>
      createBoulevardClient({
        baseUrl: () => `${origin}${BOULEVARD_STANDIN_PATH}`,
        apiKey: BOULEVARD_STANDIN_API_KEY,
        apiSecret: BOULEVARD_STANDIN_API_SECRET,
        timeoutMs: 2000,
        log: harness.log.log,
      }).fetchLocations({ businessId: LUXE }),
    );
    expect(found.ok && found.value.map((location) => location.id)).toEqual(['urn:blvd:Location:8a1e']);
  });
});

/** Answers as the vendor documents them, in order; records each request's Authorization and body. */
function vendor(answers: { status?: number; body: unknown; headers?: Record<string, string> }[]) {
  const sent: { authorization: string; query: string; variables: Record<string, unknown> }[] = [];
  const fetch: Fetch = async (input, init) => {
    expect(new URL(input).pathname).toBe('/api/2020-01/admin');
    const body = JSON.parse(String(init.body)) as { query: string; variables: Record<string, unknown> };
    sent.push({ authorization: new Headers(init.headers).get('Authorization') ?? '', ...body });
    const next = answers.shift();
    if (!next) return new Response('{"errors":[{"message":"Not Found"}]}', { status: 404 });
    return new Response(typeof next.body === 'string' ? next.body : JSON.stringify(next.body), {
      status: next.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...next.headers },
    });
  };
  return { fetch, sent };
}

const vendorLocation = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `urn:blvd:Location:0000000${n}-aaaa-4bbb-8ccc-dddddddddddd`,
  name: `Salon ${n}`,
  businessName: 'Salon Group',
  avatar: null,
  phoneNumber: '+13105550100',
  insertedAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-06-01T00:00:00Z',
  tz: 'America/Chicago',
  address: {
    line1: '200 N LaSalle St',
    line2: 'Suite 5',
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    country: 'US',
  },
  coordinates: { latitude: 41.8855, longitude: -87.6324 },
  ...extra,
});
const connection = (nodes: unknown[], hasNextPage: boolean, endCursor: string | null) => ({
  edges: nodes.map((node, index) => ({ cursor: `c${index}`, node })),
  pageInfo: { hasNextPage, endCursor, hasPreviousPage: false, startCursor: null },
});

describe('the Boulevard client against vendor-shaped answers', () => {
  const secret = Buffer.from('a platform secret').toString('base64');
  const at = Date.UTC(2026, 0, 15, 12, 0, 0);
  const options = (fetch: Fetch, log: CapturedLog) => ({
    baseUrl: () => 'https://dashboard.boulevard.test/api/2020-01',
    apiKey: 'platform-key',
    apiSecret: secret,
    timeoutMs: 1000,
    log: log.log,
    fetch,
    now: () => at,
    sleep: async () => {},
  });
  const business = { businessId: 'b5b7f4a0-1111-4222-8333-444455556666' };

  it('signs each request for the business (HTTP Basic of the key and the blvd-admin-v1 token)', async () => {
    const log = captureLog();
    const fake = vendor([
      { body: { data: { business: { id: 'urn:blvd:Business:x', name: 'Salon Group', tz: 'UTC' } } } },
    ]);
    expect(await createBoulevardClient(options(fake.fetch, log)).fetchProviders(business)).toEqual({
      ok: true,
      value: [{ id: business.businessId, name: 'Salon Group' }],
    });
    const [request] = fake.sent;
    const basic = Buffer.from((request?.authorization ?? '').replace(/^Basic /, ''), 'base64').toString(
      'utf8',
    );
    const timestamp = Math.floor(at / 1000);
    expect(basic).toBe(`platform-key:${adminToken(business.businessId, timestamp, secret)}`);
    expect(basic.endsWith(`blvd-admin-v1${business.businessId}${timestamp}`)).toBe(true);
    expect(request?.query).toBe(QUERIES.business);
    expect(log.raw.join('\n')).not.toMatch(/platform-key|a platform secret/);
  });

  it('reads documented answers with fields it does not use, page after page by cursor to the last', async () => {
    const log = captureLog();
    const fake = vendor([
      { body: { data: { locations: connection([vendorLocation(1)], true, 'YXJyYXljb25uZWN0aW9uOjA=') } } },
      {
        body: {
          data: {
            locations: connection(
              [
                vendorLocation(2, {
                  coordinates: null,
                  address: { ...vendorLocation(2).address, line2: '' },
                }),
                vendorLocation(3, { address: null }),
              ],
              false,
              'YXJyYXljb25uZWN0aW9uOjI=',
            ),
          },
        },
      },
    ]);
    const found = await createBoulevardClient(options(fake.fetch, log)).fetchLocations(business);
    expect(found).toEqual({
      ok: true,
      value: [
        {
          id: vendorLocation(1).id,
          name: 'Salon 1',
          streetAddress: '200 N LaSalle St',
          addressLine2: 'Suite 5',
          city: 'Chicago',
          state: 'IL',
          zip: '60601',
          country: 'US',
          coordinates: { lat: 41.8855, lng: -87.6324 },
          timezone: 'America/Chicago',
        },
        // The third has no address: left out.
        expect.objectContaining({ id: vendorLocation(2).id, addressLine2: null, coordinates: null }),
      ],
    });
    expect(fake.sent.map((one) => one.variables)).toEqual([
      { first: 100 },
      { first: 100, after: 'YXJyYXljb25uZWN0aW9uOjA=' },
    ]);
  });

  it('leaves out inactive services and reads their categories', async () => {
    const log = captureLog();
    const fake = vendor([
      {
        body: {
          data: {
            services: connection(
              [
                {
                  id: 'urn:blvd:Service:a',
                  name: 'Facial',
                  active: true,
                  category: { id: 'c', name: 'Facials' },
                  defaultDuration: 60,
                },
                { id: 'urn:blvd:Service:b', name: 'Retired peel', active: false, category: null },
                { id: 'urn:blvd:Service:c', name: 'Consult', active: true, category: null },
              ],
              false,
              null,
            ),
          },
        },
      },
    ]);
    expect(await createBoulevardClient(options(fake.fetch, log)).fetchServiceItems(business, null)).toEqual({
      ok: true,
      value: [
        { id: 'urn:blvd:Service:a', name: 'Facial', category: 'Facials' },
        { id: 'urn:blvd:Service:c', name: 'Consult', category: null },
      ],
    });
  });

  it('a GraphQL error, another shape or not JSON is unavailable with one log line, never a throw', async () => {
    const log = captureLog();
    const fake = vendor([
      {
        body: {
          data: null,
          errors: [{ message: 'Cannot query field "tz"', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
        },
      },
      { body: { data: { locations: connection([{ id: 7, name: 'Oops' }], false, null) } } },
      { body: '<html>maintenance</html>' },
    ]);
    const boulevard = createBoulevardClient(options(fake.fetch, log));
    const unavailable = { ok: false, failure: { kind: 'unavailable', message: BOULEVARD_UNAVAILABLE } };
    expect(await boulevard.fetchLocations(business)).toEqual(unavailable);
    expect(await boulevard.fetchLocations(business)).toEqual(unavailable);
    expect(await boulevard.fetchLocations(business)).toEqual(unavailable);
    const shapes = log.lines.filter((line) => line['msg'] === 'Outside system answered an unexpected shape');
    expect(shapes.map((line) => line['fields'])).toEqual([['data'], ['data.locations.edges.0.node.id']]);
    expect(
      log.lines.some((line) => line['msg'] === 'Outside system answered something other than JSON'),
    ).toBe(true);
  });

  it('401 is a refusal of the platform credentials, 403 not connected, 404 unavailable', async () => {
    const log = captureLog();
    const error = (code: string) => ({ errors: [{ message: code, extensions: { code } }] });
    const fake = vendor([
      { status: 401, body: error('UNAUTHENTICATED') },
      { status: 403, body: error('FORBIDDEN') },
    ]);
    const boulevard = createBoulevardClient(options(fake.fetch, log));
    expect(await boulevard.fetchLocations(business)).toEqual({
      ok: false,
      failure: { kind: 'rejected', message: CREDENTIALS_REFUSED },
    });
    expect(await boulevard.fetchLocations(business)).toEqual({
      ok: false,
      failure: { kind: 'not-connected', message: BOULEVARD_NOT_CONNECTED },
    });
    expect(await boulevard.fetchLocations(business)).toEqual({
      ok: false,
      failure: { kind: 'unavailable', message: BOULEVARD_UNAVAILABLE },
    });
    const refusals = log.lines.filter((line) => line['msg'] === 'Outside system refused the request');
    expect(refusals.map((line) => [line['status'], line['code']])).toEqual([
      [401, 'UNAUTHENTICATED'],
      [403, 'FORBIDDEN'],
      [404, null],
    ]);
  });

  it('honours Retry-After given as an HTTP date on a 429', async () => {
    const log = captureLog();
    const waits: number[] = [];
    const fake = vendor([
      {
        status: 429,
        body: { errors: [{ message: 'API limit exceeded' }] },
        headers: { 'Retry-After': new Date(Date.now() + 2000).toUTCString() },
      },
      { body: { data: { services: connection([], false, null) } } },
    ]);
    const boulevard = createBoulevardClient({
      ...options(fake.fetch, log),
      sleep: async (ms: number) => {
        waits.push(ms);
      },
    });
    expect(await boulevard.fetchServiceItems(business, null)).toEqual({ ok: true, value: [] });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(500);
    expect(waits[0]).toBeLessThanOrEqual(2000);
  });
});
