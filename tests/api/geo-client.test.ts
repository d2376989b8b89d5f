/**
 * Contract tests of the map-service client (server/geo/hosted.ts) against its local stand-ins
 * (server/outside/geo/standin.routes.ts: Places Autocomplete and Details, Geocoding, Nominatim search). The
 * stand-ins keep no state (read-only offline data), so no database and one run: suggestions, details,
 * geocoding, outlines, nothing found, the vendor's refusals (a wrong or missing key, a missing parameter),
 * and the stand-in stalled or answering 500: a GeoUnavailableError within the time limit, also through the
 * console's /geo routes, which answer again once the stand-in does.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import zipcodes from 'zipcodes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { CityDetailsSchema } from '../../src/api/contract/geo';
import { geoOptions } from '../../server/geo/config';
import { GeoUnavailableError } from '../../server/geo/geo.service';
import { containsPoint } from '../../server/geo/geometry';
import { createHostedGeo } from '../../server/geo/hosted';
import { inProcessFetch } from '../../server/outside/http';
import { geoStandinRoutes } from '../../server/outside/geo/standin.routes';
import {
  GEO_STANDIN_API_KEY,
  GEO_STANDIN_PATH,
  INVALID_KEY_MESSAGE,
  MISSING_KEY_MESSAGE,
} from '../../server/outside/geo/wire';
import type { StandinFaults } from '../../server/outside/standin';
import { call, callers, expectError, type Callers } from './provider-support';
import { captureLog, startTestServer, timed, type CapturedLog, type TestServer } from './support';

const TIMEOUT_MS = 400;
const ORIGIN = 'http://maps.test';

let faults: StandinFaults = { next: [] };
const standin = () => new Hono().route(GEO_STANDIN_PATH, geoStandinRoutes({ faults }));
const appFetch = inProcessFetch((request) => standin().fetch(request));

/** The client as the app composes it (geoOptions, no URL set), against the stand-in in process. */
function client(log: CapturedLog, env: { GEO_API_KEY?: string } = {}) {
  return createHostedGeo({
    ...geoOptions(
      { ...env, GEO_TIMEOUT_MS: TIMEOUT_MS },
      { log: log.log, selfUrl: undefined, inProcessOrigin: ORIGIN, appFetch },
    ),
    sleep: () => Promise.resolve(),
  });
}

/** The stand-in's raw answer to a GET below its mount point. */
async function wire(path: string): Promise<{ status: number; body: unknown }> {
  const response = await standin().fetch(new Request(`${ORIGIN}${GEO_STANDIN_PATH}${path}`));
  return { status: response.status, body: await response.json() };
}

describe('the map-service client against its stand-ins', () => {
  let log: CapturedLog;
  beforeEach(() => {
    faults = { next: [] };
    log = captureLog();
  });

  it('suggests places as they are typed, and gives the chosen one’s details', async () => {
    const geo = client(log);
    const cities = await geo.autocomplete('Santa Mon');
    expect(cities[0]).toEqual({
      placeId: 'city:CA:Santa Monica',
      description: 'Santa Monica, CA, US',
      mainText: 'Santa Monica',
      secondaryText: 'CA, US',
    });
    const [withStreet] = await geo.autocomplete('1234 Montana Ave, Santa Monica, CA 90403');
    expect(withStreet).toMatchObject({
      description: '1234 Montana Ave, Santa Monica, CA 90403, US',
      mainText: '1234 Montana Ave',
      secondaryText: 'Santa Monica, CA 90403, US',
    });
    const code = zipcodes.lookup('90403');
    expect(await geo.place(withStreet?.placeId ?? '')).toEqual({
      placeId: withStreet?.placeId,
      formattedAddress: '1234 Montana Ave, Santa Monica, CA 90403, US',
      streetAddress: '1234 Montana Ave',
      city: 'Santa Monica',
      state: 'CA',
      zip: '90403',
      country: 'US',
      coordinates: { lat: code?.latitude, lng: code?.longitude },
    });
    expect(await geo.place('nonsense')).toBeNull();
  });

  it('geocodes an address by its ZIP code, else its city; nothing for an unknown place', async () => {
    const geo = client(log);
    expect(await geo.geocode('455 N Michigan Ave, Chicago, IL 60611, US')).toMatchObject({
      placeId: 'addr:455%20N%20Michigan%20Ave|zip:60611',
      streetAddress: '455 N Michigan Ave',
      city: 'Chicago',
      state: 'IL',
      zip: '60611',
      country: 'US',
    });
    expect(await geo.geocode('1 Main St, Boise, ID')).toMatchObject({ city: 'Boise', state: 'ID' });
    expect(await geo.geocode('1 Nowhere Rd, Atlantis, ZZ')).toBeNull();
    expect(await geo.autocomplete('Qqqzzz')).toEqual([]);
  });

  it('outlines a place with the real county around it', async () => {
    const geo = client(log);
    const outline = await geo.outline('city:CA:Santa Monica');
    const place = await geo.place('city:CA:Santa Monica');
    if (!outline || !place) throw new Error('Santa Monica is in the gazetteer');
    expect(outline.name).toBe('Los Angeles County, California');
    expect(containsPoint(outline.geometry, place.coordinates.lng, place.coordinates.lat)).toBe(true);
    expect((await geo.outline('zip:70116'))?.name).toBe('Orleans Parish, Louisiana');
    expect(await geo.outline('nonsense')).toBeNull();
  });

  it('answers the vendors’ shapes: statuses, prediction types, NOT_FOUND, and Nominatim’s array', async () => {
    const key = `key=${GEO_STANDIN_API_KEY}`;
    expect(await wire(`/maps/api/place/autocomplete/json?input=Qqqzzz&${key}`)).toEqual({
      status: 200,
      body: { predictions: [], status: 'ZERO_RESULTS' },
    });
    const cities = await wire(`/maps/api/place/autocomplete/json?input=Austin%2C%20TX&types=(cities)&${key}`);
    expect(cities.body).toMatchObject({
      status: 'OK',
      predictions: [{ place_id: 'city:TX:Austin', types: ['locality', 'political', 'geocode'] }],
    });
    expect((await wire(`/maps/api/place/details/json?place_id=zip%3A00000&${key}`)).body).toEqual({
      status: 'NOT_FOUND',
    });
    expect((await wire(`/maps/api/geocode/json?address=Atlantis%2C%20ZZ&${key}`)).body).toEqual({
      results: [],
      status: 'ZERO_RESULTS',
    });
    const details = await wire(`/maps/api/place/details/json?place_id=zip%3A92101&${key}`);
    expect(details.body).toMatchObject({
      status: 'OK',
      result: {
        place_id: 'zip:92101',
        address_components: expect.arrayContaining([
          { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1', 'political'] },
          { long_name: '92101', short_name: '92101', types: ['postal_code'] },
        ]) as unknown,
        geometry: { location_type: 'APPROXIMATE' },
      },
    });
    const search = await wire('/nominatim/search?q=Austin%2C%20TX%2C%20US&format=jsonv2&polygon_geojson=1');
    expect(search.body).toMatchObject([
      { display_name: 'Travis County, Texas', category: 'boundary', geojson: { type: 'Polygon' } },
    ]);
    const withoutShape = await wire('/nominatim/search?q=Austin%2C%20TX&format=jsonv2');
    expect((withoutShape.body as Record<string, unknown>[])[0]).not.toHaveProperty('geojson');
    expect(await wire('/nominatim/search?q=Atlantis&format=jsonv2')).toEqual({ status: 200, body: [] });
    expect((await wire('/nominatim/search?q=Austin&format=xml')).status).toBe(400);
  });

  it('refuses a wrong or missing key and a missing parameter as the vendor does', async () => {
    expect(await wire('/maps/api/place/autocomplete/json?input=Austin&key=wrong')).toEqual({
      status: 200,
      body: { predictions: [], status: 'REQUEST_DENIED', error_message: INVALID_KEY_MESSAGE },
    });
    expect((await wire('/maps/api/geocode/json?address=Austin')).body).toEqual({
      results: [],
      status: 'REQUEST_DENIED',
      error_message: MISSING_KEY_MESSAGE,
    });
    expect((await wire(`/maps/api/place/details/json?key=${GEO_STANDIN_API_KEY}`)).body).toEqual({
      status: 'INVALID_REQUEST',
      error_message: 'Missing the place_id parameter.',
    });
    const wrong = client(log, { GEO_API_KEY: 'wrong-key' });
    const refused = wrong.autocomplete('Austin');
    await expect(refused).rejects.toBeInstanceOf(GeoUnavailableError);
    await expect(refused).rejects.toThrow(
      `The geo service at ${ORIGIN} refused the request (REQUEST_DENIED: ${INVALID_KEY_MESSAGE})`,
    );
    await expect(wrong.geocode('Austin, TX')).rejects.toThrow(/REQUEST_DENIED/);
    // The key never reaches a log line.
    expect(JSON.stringify(log.lines)).not.toContain('wrong-key');
  });

  it('a stalled service: GeoUnavailableError within the time limit, not asked again', async () => {
    faults.always = 'stall';
    const geo = client(log);
    const { result, ms } = await timed(() =>
      geo.geocode('Austin, TX').then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    expect(result).toBeInstanceOf(GeoUnavailableError);
    expect((result as Error).message).toBe(
      `The geo service at ${ORIGIN} did not answer in time or answered something unreadable`,
    );
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS + 1000);
    expect(log.lines.filter((line) => line['msg'] === 'Outside system did not answer')).toEqual([
      expect.objectContaining({ system: 'Geocoding', reason: `no answer within ${TIMEOUT_MS} ms` }),
    ]);
  });

  it('a service answering 500: asked again twice, then GeoUnavailableError; a passing 500 is retried away', async () => {
    faults.always = 'error';
    const geo = client(log);
    await expect(geo.autocomplete('Austin')).rejects.toBeInstanceOf(GeoUnavailableError);
    expect(log.lines.filter((line) => line['msg'] === 'Outside system did not answer')).toEqual([
      expect.objectContaining({ system: 'Places', status: 500, attempts: 3 }),
    ]);
    faults = { next: ['error'] };
    const again = client(log);
    expect((await again.autocomplete('Austin, TX'))[0]?.placeId).toBe('city:TX:Austin');
  });
});

describe('the console’s /geo routes on the map-service client and its stand-ins', () => {
  let api: TestServer;
  let as: Callers;
  const log = captureLog();
  beforeAll(async () => {
    faults = { next: [] };
    api = await startTestServer('pglite', { geo: client(log) });
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('answer from the stand-ins, 502 geo/unavailable while they stall or fail, and again after', async () => {
    const details = await call(api, 'GET', '/price-tier/city-details?placeId=city%3ATX%3AAustin', as.admin);
    expect(v.parse(CityDetailsSchema, details.body).outline?.name).toBe('Travis County, Texas');

    faults.always = 'stall';
    const stalled = await timed(() => call(api, 'GET', '/geo/autocomplete?q=Austin', as.glow));
    const error = expectError(stalled.result, 502, API_ERROR_CODES.geoUnavailable);
    expect(error.message).toBe(
      `The geo service at ${ORIGIN} did not answer in time or answered something unreadable`,
    );
    expect(stalled.ms).toBeLessThan(TIMEOUT_MS + 1500);

    faults.always = 'error';
    expectError(
      await call(api, 'GET', '/geo/geocode?address=Austin%2C%20TX', as.glow),
      502,
      API_ERROR_CODES.geoUnavailable,
    );

    delete faults.always;
    const found = await call(api, 'GET', '/geo/geocode?address=Austin%2C%20TX', as.glow);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ city: 'Austin', state: 'TX' });
    // An outage is the vendor's, not a bug: nothing logged as an unexpected error.
    expect(api.logged).toEqual([]);
  });
});
