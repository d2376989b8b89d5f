/** The map-service client (hosted.ts): what is asked of each service, and how the answers map onto the interface. */
import { describe, expect, it } from 'vitest';
import { geoOptions } from '../../../server/geo/config';
import { GeoUnavailableError } from '../../../server/geo/geo.service';
import { createHostedGeo, type HostedGeoConfig } from '../../../server/geo/hosted';
import { createLog } from '../../../server/http/log';
import { GEO_STANDIN_API_KEY } from '../../../server/outside/geo/wire';

const lines: Record<string, unknown>[] = [];
const log = createLog({
  write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
});

/** The three services at test URLs, all through one fetch; retries without waiting. */
function config(fetch: typeof globalThis.fetch): HostedGeoConfig {
  return {
    places: { baseUrl: () => 'https://places.test/api/place/', fetch },
    geocoding: { baseUrl: () => 'https://geocode.test/api/geocode/json', fetch },
    outline: { baseUrl: () => 'https://streets.test', fetch },
    apiKey: 'k3y',
    userAgent: 'upkeep-console-test',
    timeoutMs: 1000,
    log,
    sleep: () => Promise.resolve(),
  };
}

/** A fetch that records the URLs asked for and answers from a table (by path), else 404. */
function fakeFetch(answers: Record<string, unknown>) {
  const asked: { url: URL; headers: Headers }[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    asked.push({ url, headers: new Headers(init?.headers) });
    const body = answers[url.pathname];
    if (body === undefined) return Response.json({ error: 'not here' }, { status: 404 });
    if (body instanceof Error) throw body;
    return Response.json(body);
  };
  return { fetch: fetch as typeof globalThis.fetch, asked };
}

const DETAILS = {
  status: 'OK',
  result: {
    place_id: 'p-1',
    formatted_address: '1234 Montana Ave, Santa Monica, CA 90403, USA',
    address_components: [
      { long_name: '1234', short_name: '1234', types: ['street_number'] },
      { long_name: 'Montana Avenue', short_name: 'Montana Ave', types: ['route'] },
      { long_name: 'Santa Monica', short_name: 'Santa Monica', types: ['locality', 'political'] },
      { long_name: 'California', short_name: 'CA', types: ['administrative_area_level_1', 'political'] },
      { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      { long_name: '90403', short_name: '90403', types: ['postal_code'] },
    ],
    geometry: { location: { lat: 34.03, lng: -118.49 } },
  },
};

describe('hosted geo', () => {
  it('asks the place-search service for suggestions with the key, and maps predictions', async () => {
    const { fetch, asked } = fakeFetch({
      '/api/place/autocomplete/json': {
        status: 'OK',
        predictions: [
          {
            place_id: 'p-1',
            description: '1234 Montana Ave, Santa Monica, CA, USA',
            structured_formatting: { main_text: '1234 Montana Ave', secondary_text: 'Santa Monica, CA, USA' },
          },
          { place_id: 'p-2', description: 'Montana' },
        ],
      },
    });
    const geo = createHostedGeo(config(fetch));
    expect(await geo.autocomplete('1234 Montana')).toEqual([
      {
        placeId: 'p-1',
        description: '1234 Montana Ave, Santa Monica, CA, USA',
        mainText: '1234 Montana Ave',
        secondaryText: 'Santa Monica, CA, USA',
      },
      { placeId: 'p-2', description: 'Montana', mainText: 'Montana', secondaryText: '' },
    ]);
    expect(asked[0]?.url.origin + (asked[0]?.url.pathname ?? '')).toBe(
      'https://places.test/api/place/autocomplete/json',
    );
    expect(Object.fromEntries(asked[0]?.url.searchParams ?? [])).toEqual({
      input: '1234 Montana',
      key: 'k3y',
    });
  });

  it('maps place details and geocoding results onto the location’s fields', async () => {
    const { fetch, asked } = fakeFetch({
      '/api/place/details/json': DETAILS,
      '/api/geocode/json': { status: 'OK', results: [DETAILS.result] },
    });
    const geo = createHostedGeo(config(fetch));
    const expected = {
      placeId: 'p-1',
      formattedAddress: '1234 Montana Ave, Santa Monica, CA 90403, USA',
      streetAddress: '1234 Montana Avenue',
      city: 'Santa Monica',
      state: 'CA',
      zip: '90403',
      country: 'US',
      coordinates: { lat: 34.03, lng: -118.49 },
    };
    expect(await geo.place('p-1')).toEqual(expected);
    expect(asked[0]?.url.searchParams.get('place_id')).toBe('p-1');
    expect(asked[0]?.url.searchParams.get('key')).toBe('k3y');
    expect(await geo.geocode('1234 Montana Ave, Santa Monica')).toEqual(expected);
    expect(asked[1]?.url.searchParams.get('address')).toBe('1234 Montana Ave, Santa Monica');
  });

  it('treats ZERO_RESULTS as nothing found, and a refusal, an HTTP error, a network error or junk as unavailable', async () => {
    const none = createHostedGeo(
      config(fakeFetch({ '/api/geocode/json': { status: 'ZERO_RESULTS', results: [] } }).fetch),
    );
    expect(await none.geocode('nowhere')).toBeNull();
    const refused = createHostedGeo(
      config(
        fakeFetch({
          '/api/place/autocomplete/json': { status: 'REQUEST_DENIED', error_message: 'bad key' },
        }).fetch,
      ),
    );
    await expect(refused.autocomplete('x')).rejects.toThrow(/REQUEST_DENIED: bad key/);
    const missing = createHostedGeo(config(fakeFetch({}).fetch));
    await expect(missing.place('p-1')).rejects.toThrow(
      new GeoUnavailableError('The geo service at https://places.test refused the request (HTTP 404)'),
    );
    const down = fakeFetch({ '/api/geocode/json': new TypeError('ECONNREFUSED') });
    await expect(createHostedGeo(config(down.fetch)).geocode('x')).rejects.toThrow(
      /geocode\.test did not answer in time or answered something unreadable/,
    );
    // A refused connection is asked again, twice, before giving up.
    expect(down.asked).toHaveLength(3);
    const junk = createHostedGeo(config(fakeFetch({ '/api/geocode/json': { results: 'no' } }).fetch));
    await expect(junk.geocode('x')).rejects.toBeInstanceOf(GeoUnavailableError);
    expect(lines.at(-1)).toMatchObject({
      system: 'Geocoding',
      msg: 'Outside system answered an unexpected shape',
    });
  });

  it('outlines a place by searching the street-search service for its city, state and country', async () => {
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [-118.5, 34.0],
          [-118.4, 34.0],
          [-118.4, 34.1],
          [-118.5, 34.0],
        ],
      ],
    };
    const { fetch, asked } = fakeFetch({
      '/api/place/details/json': DETAILS,
      '/search': [
        { display_name: 'Santa Monica (a point)', geojson: { type: 'Point', coordinates: [-118.49, 34.02] } },
        { display_name: 'Santa Monica, Los Angeles County, California, United States', geojson: polygon },
      ],
    });
    const geo = createHostedGeo(config(fetch));
    expect(await geo.outline('p-1')).toEqual({
      placeId: 'p-1',
      name: 'Santa Monica, Los Angeles County, California, United States',
      geometry: polygon,
    });
    const search = asked[1];
    expect(search?.url.origin + (search?.url.pathname ?? '')).toBe('https://streets.test/search');
    expect(Object.fromEntries(search?.url.searchParams ?? [])).toEqual({
      q: 'Santa Monica, CA, US',
      format: 'jsonv2',
      polygon_geojson: '1',
      limit: '5',
    });
    expect(search?.headers.get('User-Agent')).toBe('upkeep-console-test');
  });
});

describe('geo configuration', () => {
  const deps = {
    log,
    selfUrl: undefined,
    inProcessOrigin: 'http://api.in-process',
    appFetch: () => Promise.resolve(new Response()),
  };

  it('is the local stand-ins on this API, with their key, when no URL is set', () => {
    const options = geoOptions({}, deps);
    expect(options.places.baseUrl()).toBe('http://api.in-process/standins/geo/maps/api/place');
    expect(options.geocoding.baseUrl()).toBe('http://api.in-process/standins/geo/maps/api/geocode/json');
    expect(options.outline.baseUrl()).toBe('http://api.in-process/standins/geo/nominatim');
    expect(options.places.fetch).toBe(deps.appFetch);
    expect(options.apiKey).toBe(GEO_STANDIN_API_KEY);
    expect(options.timeoutMs).toBe(5000);
    const listening = geoOptions({}, { ...deps, selfUrl: () => 'http://127.0.0.1:3000' });
    expect(listening.outline.baseUrl()).toBe('http://127.0.0.1:3000/standins/geo/nominatim');
    expect(listening.outline.fetch).toBeUndefined();
  });

  it('calls each configured service at its URL with the global fetch, the rest at the stand-in', () => {
    const options = geoOptions(
      {
        GEO_PLACES_URL: 'https://maps.googleapis.com/maps/api/place',
        GEO_API_KEY: 'k3y',
        GEO_TIMEOUT_MS: 800,
        GEO_USER_AGENT: 'upkeep-console',
      },
      deps,
    );
    expect(options.places.baseUrl()).toBe('https://maps.googleapis.com/maps/api/place');
    expect(options.places.fetch).toBeUndefined();
    expect(options.geocoding.fetch).toBe(deps.appFetch);
    expect(options).toMatchObject({ apiKey: 'k3y', timeoutMs: 800, userAgent: 'upkeep-console' });
  });
});
