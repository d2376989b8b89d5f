/**
 * The local map stand-ins: the parts of the Places API (Autocomplete, Place Details), the Geocoding API and
 * Nominatim's `/search` the client (server/geo/hosted.ts) uses, on the vendors' paths, parameters and JSON
 * shapes, mounted at /standins/geo wherever the sandboxes are (never in production unless
 * DEMO_SANDBOXES=true). They answer from read-only offline data (standin-data.ts: US ZIP codes, cities and
 * county outlines) and keep no state: nothing is written, a restart and every API instance answer the same.
 *
 * - GET /maps/api/place/autocomplete/json?input=&key=[&types=(cities)] → `{ status, predictions }`
 * - GET /maps/api/place/details/json?place_id=&fields=&key= → `{ status, result }` (NOT_FOUND: unknown id)
 * - GET /maps/api/geocode/json?address=&key= → `{ status, results }`
 * - GET /nominatim/search?q=&format=jsonv2&polygon_geojson=1[&limit=] → an array of places with `geojson`
 * The first three need `key` (GEO_STANDIN_API_KEY): without it, or with another, status REQUEST_DENIED with
 * the vendor's error_message (HTTP 200, as the vendor answers); a missing parameter is INVALID_REQUEST.
 * What they do not imitate is listed in server/README.md ("Maps").
 */
import { Hono, type Context } from 'hono';
import type { Place, PlaceSuggestion } from '../../../src/api/contract/geo';
import { faultSwitch, type StandinFaults } from '../standin';
import { geocodeAddress, outlinesFor, placeById, suggestionsFor } from './standin-data';
import {
  GEO_STANDIN_API_KEY,
  GEO_STANDIN_GEOCODE,
  GEO_STANDIN_OUTLINE,
  GEO_STANDIN_PLACES,
  INVALID_KEY_MESSAGE,
  MISSING_KEY_MESSAGE,
  type WirePrediction,
  type WireResult,
  type WireStatus,
} from './wire';

export type { StandinFault, StandinFaults } from '../standin';

export interface GeoStandinOptions {
  faults?: StandinFaults;
}

const STATE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  (
    'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|' +
    'DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|' +
    'KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|' +
    'MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|' +
    'NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|' +
    'PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|' +
    'VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming|PR Puerto Rico|' +
    'GU Guam|VI U.S. Virgin Islands|AS American Samoa|MP Northern Mariana Islands'
  )
    .split('|')
    .map((entry) => [entry.slice(0, 2), entry.slice(3)]),
);

const component = (long: string, short: string, ...types: string[]) => ({
  long_name: long,
  short_name: short,
  types,
});

/** A place as the vendor describes it: address components, the formatted address and a location. */
function resultOf(place: Place): WireResult {
  const components = [];
  if (place.streetAddress) {
    const numbered = /^(\d\S*)\s+(.+)$/.exec(place.streetAddress);
    if (numbered?.[1] && numbered[2]) components.push(component(numbered[1], numbered[1], 'street_number'));
    const route = numbered?.[2] ?? place.streetAddress;
    components.push(component(route, route, 'route'));
  }
  if (place.city) components.push(component(place.city, place.city, 'locality', 'political'));
  if (place.state) {
    const name = STATE_NAMES[place.state] ?? place.state;
    components.push(component(name, place.state, 'administrative_area_level_1', 'political'));
  }
  if (place.country) components.push(component('United States', place.country, 'country', 'political'));
  if (place.zip) components.push(component(place.zip, place.zip, 'postal_code'));
  return {
    place_id: place.placeId,
    formatted_address: place.formattedAddress,
    address_components: components,
    // A ZIP code's or a city's centroid: never a rooftop.
    geometry: { location: place.coordinates, location_type: 'APPROXIMATE' },
    types: typesOf(place),
  };
}

function typesOf(place: { placeId: string }): string[] {
  if (place.placeId.startsWith('addr:')) return ['street_address'];
  if (place.placeId.startsWith('zip:')) return ['postal_code'];
  return ['locality', 'political'];
}

function predictionOf(suggestion: PlaceSuggestion): WirePrediction {
  return {
    place_id: suggestion.placeId,
    description: suggestion.description,
    structured_formatting: { main_text: suggestion.mainText, secondary_text: suggestion.secondaryText },
    types: [...typesOf(suggestion), 'geocode'],
  };
}

const answer = (c: Context, status: WireStatus, body: Record<string, unknown>, message?: string) =>
  c.json({ ...body, status, ...(message !== undefined && { error_message: message }) });

export function geoStandinRoutes(options: GeoStandinOptions = {}) {
  const app = new Hono();
  const nominatim = (c: Context) => c.req.path.includes(`${GEO_STANDIN_OUTLINE}/`);

  app.use(
    '*',
    faultSwitch(options.faults, {
      error: (c) =>
        nominatim(c)
          ? c.json({ error: { code: 500, message: 'Internal Server Error' } }, 500)
          : c.json({ status: 'UNKNOWN_ERROR', error_message: 'An internal error occurred.' }, 500),
      throttle: (c) =>
        nominatim(c)
          ? c.json({ error: { code: 429, message: 'Too Many Requests' } }, 429)
          : c.json(
              {
                status: 'OVER_QUERY_LIMIT',
                error_message: 'You have exceeded your rate-limit for this API.',
              },
              429,
            ),
    }),
  );

  /** The key and the one required parameter, refused as the vendor refuses them (HTTP 200). */
  const required = (c: Context, name: string, empty: Record<string, unknown>): string | Response => {
    const sent = c.req.query('key');
    if (!sent) return answer(c, 'REQUEST_DENIED', empty, MISSING_KEY_MESSAGE);
    if (sent !== GEO_STANDIN_API_KEY) return answer(c, 'REQUEST_DENIED', empty, INVALID_KEY_MESSAGE);
    const value = c.req.query(name)?.trim();
    if (!value) return answer(c, 'INVALID_REQUEST', empty, `Missing the ${name} parameter.`);
    return value;
  };

  app.get(`${GEO_STANDIN_PLACES}/autocomplete/json`, async (c) => {
    const input = required(c, 'input', { predictions: [] });
    if (typeof input !== 'string') return input;
    const citiesOnly = c.req.query('types') === '(cities)';
    const predictions = (await suggestionsFor(input))
      .filter((suggestion) => !citiesOnly || suggestion.placeId.startsWith('city:'))
      .map(predictionOf);
    return answer(c, predictions.length > 0 ? 'OK' : 'ZERO_RESULTS', { predictions });
  });

  app.get(`${GEO_STANDIN_PLACES}/details/json`, async (c) => {
    const placeId = required(c, 'place_id', {});
    if (typeof placeId !== 'string') return placeId;
    const place = await placeById(placeId);
    return place ? answer(c, 'OK', { result: resultOf(place) }) : answer(c, 'NOT_FOUND', {});
  });

  app.get(GEO_STANDIN_GEOCODE, async (c) => {
    const address = required(c, 'address', { results: [] });
    if (typeof address !== 'string') return address;
    const place = await geocodeAddress(address);
    return place
      ? answer(c, 'OK', { results: [resultOf(place)] })
      : answer(c, 'ZERO_RESULTS', { results: [] });
  });

  app.get(`${GEO_STANDIN_OUTLINE}/search`, async (c) => {
    const format = c.req.query('format');
    if (format !== 'json' && format !== 'jsonv2') {
      return c.json(
        { error: { code: 400, message: 'The stand-in answers format=json or format=jsonv2 only.' } },
        400,
      );
    }
    const limitText = c.req.query('limit') ?? '10';
    const limit = /^\d{1,3}$/.test(limitText) ? Math.min(Math.max(Number(limitText), 1), 40) : 10;
    const withGeometry = c.req.query('polygon_geojson') === '1';
    const found = await outlinesFor(c.req.query('q') ?? '');
    return c.json(
      found.slice(0, limit).map(({ place, county }, index) => ({
        place_id: index + 1,
        licence: 'Data: US Census Bureau county boundaries (us-atlas), public domain',
        lat: String(place.coordinates.lat),
        lon: String(place.coordinates.lng),
        [format === 'jsonv2' ? 'category' : 'class']: 'boundary',
        type: 'administrative',
        place_rank: 12,
        addresstype: 'county',
        name: county.name,
        display_name: [county.name, county.state].filter(Boolean).join(', '),
        boundingbox: [county.bounds[1], county.bounds[3], county.bounds[0], county.bounds[2]].map(String),
        ...(withGeometry && { geojson: county.geometry }),
      })),
    );
  });

  return app;
}
