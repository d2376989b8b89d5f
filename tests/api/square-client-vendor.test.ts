/**
 * The Square client (server/outside/square/client.ts) against answers shaped as Square documents them (more
 * fields than the client reads, its pages and cursors, its error body), without the stand-in: the token
 * answer, locations with inactive and partial ones, a catalogue over two pages, an answer of another shape
 * or not JSON, a repeated cursor, Retry-After as an HTTP date, and an address that is not Square.
 */
import { describe, expect, it } from 'vitest';
import type { Fetch } from '../../server/outside/http';
import {
  createSquareClient,
  SQUARE_TOKEN_REFUSED,
  SQUARE_UNAVAILABLE,
} from '../../server/outside/square/client';
import { captureLog, type CapturedLog } from './support';

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

/** Answers per path, in order; anything else is Square's 404. */
function vendor(answers: Record<string, Answer[]>) {
  const sent: { path: string; query: string; body: unknown }[] = [];
  const fetch: Fetch = async (input, init) => {
    const url = new URL(input);
    const path = url.pathname.replace(/^\//, '');
    sent.push({ path, query: url.search, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const next = answers[path]?.shift();
    if (!next) {
      const missing = {
        errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Not found' }],
      };
      return new Response(JSON.stringify(missing), { status: 404 });
    }
    return new Response(typeof next.body === 'string' ? next.body : JSON.stringify(next.body), {
      status: next.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...next.headers },
    });
  };
  return { fetch, sent };
}

const client = (fetch: Fetch, log: CapturedLog, waits: number[] = []) =>
  createSquareClient({
    baseUrl: () => 'https://connect.squareup.test',
    applicationId: 'sq0idp-app',
    applicationSecret: 'sq0csp-secret',
    timeoutMs: 1000,
    log: log.log,
    fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });

const location = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Studio ${id}`,
  address: {
    address_line_1: '1455 Market St',
    address_line_2: 'Suite 600',
    locality: 'San Francisco',
    administrative_district_level_1: 'CA',
    postal_code: '94103',
    country: 'US',
  },
  timezone: 'America/Los_Angeles',
  capabilities: ['CREDIT_CARD_PROCESSING', 'AUTOMATIC_TRANSFERS'],
  status: 'ACTIVE',
  created_at: '2024-04-02T21:31:13.233Z',
  merchant_id: 'ML4QWERTY',
  country: 'US',
  language_code: 'en-US',
  currency: 'USD',
  business_name: 'Studio',
  type: 'PHYSICAL',
  business_hours: {},
  coordinates: { latitude: 37.7752, longitude: -122.4188 },
  mcc: '7299',
  ...extra,
});

const item = (id: string, name: string, category?: string) => ({
  type: 'ITEM',
  id,
  updated_at: '2024-05-01T10:00:00.000Z',
  version: 1714557600000,
  is_deleted: false,
  present_at_all_locations: true,
  item_data: {
    name,
    product_type: 'APPOINTMENTS_SERVICE',
    ...(category && { categories: [{ id: category, ordinal: 0 }], reporting_category: { id: category } }),
    variations: [
      { type: 'ITEM_VARIATION', id: `${id}-V`, item_variation_data: { item_id: id, name: 'Regular' } },
    ],
  },
});

describe('the Square client against vendor-shaped answers', () => {
  it('exchanges a code with the application id and secret and reads the documented token answer', async () => {
    const log = captureLog();
    const fake = vendor({
      'oauth2/token': [
        {
          body: {
            access_token: 'EAAAl-real-looking',
            token_type: 'bearer',
            expires_at: '2027-01-01T10:00:00Z',
            merchant_id: 'ML4QWERTY',
            refresh_token: 'EQAAl-refresh',
            short_lived: false,
          },
        },
      ],
    });
    expect(await client(fake.fetch, log).exchangeOAuthCode('sq0cgb-code')).toEqual({
      ok: true,
      value: {
        accessToken: 'EAAAl-real-looking',
        refreshToken: 'EQAAl-refresh',
        tokenType: 'bearer',
        merchantId: 'ML4QWERTY',
        expiresAt: new Date('2027-01-01T10:00:00Z'),
      },
    });
    expect(fake.sent[0]?.body).toEqual({
      client_id: 'sq0idp-app',
      client_secret: 'sq0csp-secret',
      grant_type: 'authorization_code',
      code: 'sq0cgb-code',
    });
    expect(log.raw.join('\n')).not.toMatch(/sq0csp-secret|EAAAl-real-looking|EQAAl-refresh/);
  });

  it('reads documented locations, leaving out inactive ones, and a catalogue over two pages', async () => {
    const log = captureLog();
    const fake = vendor({
      'v2/locations': [
        {
          body: {
            locations: [
              location('L1'),
              location('L2', { status: 'INACTIVE' }),
              location('L3', {
                address: { address_line_1: '9 Elm St', country: 'US' },
                coordinates: undefined,
              }),
            ],
          },
        },
      ],
      'v2/catalog/list': [
        { body: { objects: [item('IT1', 'Botox', 'CAT1'), item('IT2', 'Peel')], cursor: 'CURSOR-2' } },
        { body: { objects: [{ ...item('IT3', 'Gone'), is_deleted: true }, item('IT4', 'Laser', 'CAT1')] } },
        { body: { objects: [{ type: 'CATEGORY', id: 'CAT1', category_data: { name: 'Injectables' } }] } },
      ],
    });
    const square = client(fake.fetch, log);
    const found = await square.fetchLocations({ accessToken: 'EAAA-token' });
    expect(found).toEqual({
      ok: true,
      value: [
        {
          id: 'L1',
          name: 'Studio L1',
          streetAddress: '1455 Market St',
          addressLine2: 'Suite 600',
          city: 'San Francisco',
          state: 'CA',
          zip: '94103',
          country: 'US',
          coordinates: { lat: 37.7752, lng: -122.4188 },
          timezone: 'America/Los_Angeles',
        },
        expect.objectContaining({ id: 'L3', streetAddress: '9 Elm St', city: null, coordinates: null }),
      ],
    });
    expect(await square.fetchServiceItems({ accessToken: 'EAAA-token' }, null)).toEqual({
      ok: true,
      value: [
        { id: 'IT1', name: 'Botox', category: 'Injectables' },
        { id: 'IT2', name: 'Peel', category: null },
        { id: 'IT4', name: 'Laser', category: 'Injectables' },
      ],
    });
    expect(fake.sent.map((one) => `${one.path}${one.query}`)).toEqual([
      'v2/locations',
      'v2/catalog/list?types=ITEM',
      'v2/catalog/list?types=ITEM&cursor=CURSOR-2',
      'v2/catalog/list?types=CATEGORY',
    ]);
  });

  it('an answer of another shape, not JSON, or a repeated cursor is unavailable, logged, never a throw', async () => {
    const log = captureLog();
    const fake = vendor({
      'v2/locations': [
        { body: { locations: [{ id: 7, name: 'Oops' }] } },
        { body: '<html>maintenance</html>' },
      ],
      'v2/catalog/list': [
        { body: { objects: [item('IT1', 'Botox')], cursor: 'SAME' } },
        { body: { objects: [item('IT2', 'Peel')], cursor: 'SAME' } },
      ],
    });
    const square = client(fake.fetch, log);
    const unavailable = { ok: false, failure: { kind: 'unavailable', message: SQUARE_UNAVAILABLE } };
    expect(await square.fetchLocations({ accessToken: 'EAAA-token' })).toEqual(unavailable);
    const shape = log.lines.filter((line) => line['msg'] === 'Outside system answered an unexpected shape');
    expect(shape).toEqual([expect.objectContaining({ path: 'v2/locations', fields: ['locations.0.id'] })]);
    expect(await square.fetchLocations({ accessToken: 'EAAA-token' })).toEqual(unavailable);
    expect(
      log.lines.some((line) => line['msg'] === 'Outside system answered something other than JSON'),
    ).toBe(true);
    expect(await square.fetchServiceItems({ accessToken: 'EAAA-token' }, null)).toEqual(unavailable);
    expect(log.lines.some((line) => line['msg'] === 'Outside system repeated a page cursor; stopped')).toBe(
      true,
    );
    expect(log.raw.join('\n')).not.toContain('EAAA-token');
  });

  it('a 403 (scopes not granted) is a refused token; an address that is not Square (404) did not answer', async () => {
    const log = captureLog();
    const insufficient = {
      status: 403,
      body: {
        errors: [
          { category: 'AUTHENTICATION_ERROR', code: 'INSUFFICIENT_SCOPES', detail: 'Missing ITEMS_READ' },
        ],
      },
    };
    const fake = vendor({ 'v2/catalog/list': [insufficient] });
    const square = client(fake.fetch, log);
    expect(await square.fetchServiceItems({ accessToken: 'EAAA-token' }, null)).toEqual({
      ok: false,
      failure: { kind: 'rejected', message: SQUARE_TOKEN_REFUSED },
    });
    expect(await square.fetchLocations({ accessToken: 'EAAA-token' })).toEqual({
      ok: false,
      failure: { kind: 'unavailable', message: SQUARE_UNAVAILABLE },
    });
    const refused = log.lines.filter((line) => line['msg'] === 'Outside system refused the request');
    expect(refused.map((line) => [line['status'], line['code']])).toEqual([
      [403, 'INSUFFICIENT_SCOPES'],
      [404, 'NOT_FOUND'],
    ]);
  });

  it('honours Retry-After given as an HTTP date on a 429 RATE_LIMITED', async () => {
    const log = captureLog();
    const waits: number[] = [];
    const at = new Date(Date.now() + 2000).toUTCString();
    const fake = vendor({
      'v2/merchants/me': [
        {
          status: 429,
          body: { errors: [{ category: 'RATE_LIMIT_ERROR', code: 'RATE_LIMITED', detail: 'Slow down' }] },
          headers: { 'Retry-After': at },
        },
        { body: { merchant: { id: 'ML4QWERTY', business_name: 'Studio', country: 'US', status: 'ACTIVE' } } },
      ],
    });
    expect(await client(fake.fetch, log, waits).fetchProviders({ accessToken: 'EAAA-token' })).toEqual({
      ok: true,
      value: [{ id: 'ML4QWERTY', name: 'Studio' }],
    });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(500);
    expect(waits[0]).toBeLessThanOrEqual(2000);
  });
});
