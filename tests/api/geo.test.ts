/** /geo and /price-tier/city-details over HTTP, answered by the sandbox (the default configuration). */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import {
  AutocompleteResponseSchema,
  CityDetailsSchema,
  OutlineSchema,
  PlaceSchema,
} from '../../src/api/contract/geo';
import { GeoUnavailableError } from '../../server/geo/geo.service';
import { call, callers, expectError, type Callers } from './provider-support';
import { startTestServer, type TestServer } from './support';

// The geo routes touch no database: one engine is enough.
describe('/geo (sandbox)', () => {
  let api: TestServer;
  let as: Callers;
  beforeAll(async () => {
    api = await startTestServer('pglite');
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('autocompletes for admins and providers, then gives the chosen place’s details', async () => {
    const answer = await call(
      api,
      'GET',
      '/geo/autocomplete?q=1234%20Montana%20Ave%2C%20Santa%20Monica%2C%20CA',
      as.glow,
    );
    expect(answer.status).toBe(200);
    const { suggestions } = v.parse(AutocompleteResponseSchema, answer.body);
    expect(suggestions[0]?.description).toBe('1234 Montana Ave, Santa Monica, CA, US');
    const placeId = suggestions[0]?.placeId ?? '';
    const place = await call(api, 'GET', `/geo/place/${encodeURIComponent(placeId)}`, as.admin);
    expect(v.parse(PlaceSchema, place.body)).toMatchObject({
      streetAddress: '1234 Montana Ave',
      city: 'Santa Monica',
      state: 'CA',
      country: 'US',
    });
  });

  it('geocodes a complete address, and answers 404 (naming address) for one it cannot find', async () => {
    const found = await call(
      api,
      'GET',
      '/geo/geocode?address=750%20B%20St%2C%20San%20Diego%2C%20CA%2092101',
      as.glow,
    );
    expect(v.parse(PlaceSchema, found.body)).toMatchObject({ city: 'San Diego', zip: '92101' });
    expectError(
      await call(api, 'GET', '/geo/geocode?address=1%20Nowhere%20Rd%2C%20Atlantis', as.glow),
      404,
      API_ERROR_CODES.geoPlaceNotFound,
      'address',
    );
    expectError(
      await call(api, 'GET', '/geo/place/nonsense', as.glow),
      404,
      API_ERROR_CODES.geoPlaceNotFound,
      'placeId',
    );
  });

  it('outlines a place with its county', async () => {
    const outline = v.parse(
      OutlineSchema,
      (await call(api, 'GET', '/geo/outline?placeId=zip%3A92101', as.admin)).body,
    );
    expect(outline.name).toBe('San Diego County, California');
    expectError(
      await call(api, 'GET', '/geo/outline?placeId=nonsense', as.admin),
      404,
      API_ERROR_CODES.geoOutlineNotFound,
      'placeId',
    );
  });

  it('serves GET /price-tier/city-details from the same source, to admins', async () => {
    const details = v.parse(
      CityDetailsSchema,
      (await call(api, 'GET', '/price-tier/city-details?placeId=city%3ATX%3AAustin', as.admin)).body,
    );
    expect(details).toMatchObject({ placeId: 'city:TX:Austin', city: 'Austin', state: 'TX', country: 'US' });
    expect(details.outline?.name).toBe('Travis County, Texas');
    expectError(
      await call(api, 'GET', '/price-tier/city-details?placeId=city%3AZZ%3ANowhere', as.admin),
      404,
      API_ERROR_CODES.geoPlaceNotFound,
      'placeId',
    );
    expectError(
      await call(api, 'GET', '/price-tier/city-details?placeId=city%3ATX%3AAustin', as.glow),
      403,
      API_ERROR_CODES.forbidden,
    );
  });

  it('refuses a missing or empty query (400 naming it), a customer (403) and no token (401)', async () => {
    expectError(
      await call(api, 'GET', '/geo/autocomplete', as.admin),
      400,
      API_ERROR_CODES.invalidQuery,
      'q',
    );
    expectError(
      await call(api, 'GET', '/geo/geocode?address=%20', as.admin),
      400,
      API_ERROR_CODES.invalidQuery,
      'address',
    );
    expectError(
      await call(api, 'GET', '/price-tier/city-details', as.admin),
      400,
      API_ERROR_CODES.invalidQuery,
      'placeId',
    );
    for (const path of [
      '/geo/autocomplete?q=a',
      '/geo/place/zip%3A90403',
      '/geo/geocode?address=a',
      '/geo/outline?placeId=a',
    ]) {
      expectError(await call(api, 'GET', path, as.customer), 403, API_ERROR_CODES.forbidden);
      expectError(await call(api, 'GET', path), 401, API_ERROR_CODES.unauthenticated);
    }
    expectError(
      await call(api, 'GET', '/price-tier/city-details?placeId=a'),
      401,
      API_ERROR_CODES.unauthenticated,
    );
  });
});

describe('/geo with a failing hosted service', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer('pglite', {
      geo: {
        autocomplete: () => Promise.reject(new Error('a bug, not an outage')),
        place: () => Promise.resolve(null),
        geocode: () =>
          Promise.reject(new GeoUnavailableError('The geo service at https://geo.test answered 503')),
        outline: () => Promise.resolve(null),
      },
    });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('answers 502 geo/unavailable with the reason, and 500 for anything else', async () => {
    const { admin } = await callers();
    const error = expectError(
      await call(api, 'GET', '/geo/geocode?address=x', admin),
      502,
      API_ERROR_CODES.geoUnavailable,
    );
    expect(error.message).toBe('The geo service at https://geo.test answered 503');
    expectError(await call(api, 'GET', '/geo/autocomplete?q=x', admin), 500, API_ERROR_CODES.internal);
    expect(api.logged).toHaveLength(1);
  });
});
