/**
 * The geo interface over hosted services, each configured by URL (server/geo/config.ts):
 * - place search and place details: a Places-style API (`<placesUrl>/autocomplete/json?input=&key=` →
 *   `predictions`; `<placesUrl>/details/json?place_id=&fields=&key=` → `result`);
 * - geocoding: `<geocodeUrl>?address=&key=` → `results`;
 * - outlines: an open street-search service (`<outlineUrl>/search?q=&format=jsonv2&polygon_geojson=1`),
 *   searched with the place's city, state and country.
 * "Nothing found" is an empty answer; a failed call or an unreadable answer is a GeoUnavailableError.
 */
import * as v from 'valibot';
import type { Outline, OutlineGeometry, Place, PlaceSuggestion } from '../../src/api/contract/geo';
import { OutlineGeometrySchema } from '../../src/api/contract/geo';
import { GeoUnavailableError, type GeoService } from './geo.service';

export interface HostedGeoConfig {
  placesUrl: string;
  geocodeUrl: string;
  outlineUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Sent to the street-search service, whose usage policy asks callers to identify themselves. */
  userAgent?: string;
}

const Component = v.object({ long_name: v.string(), short_name: v.string(), types: v.array(v.string()) });
const Result = v.object({
  place_id: v.optional(v.string()),
  formatted_address: v.optional(v.string()),
  address_components: v.optional(v.array(Component), []),
  geometry: v.object({ location: v.object({ lat: v.number(), lng: v.number() }) }),
});
const Status = v.string();
const AutocompleteAnswer = v.object({
  status: Status,
  predictions: v.optional(
    v.array(
      v.object({
        place_id: v.string(),
        description: v.string(),
        structured_formatting: v.optional(
          v.object({ main_text: v.optional(v.string()), secondary_text: v.optional(v.string()) }),
        ),
      }),
    ),
    [],
  ),
  error_message: v.optional(v.string()),
});
const DetailsAnswer = v.object({
  status: Status,
  result: v.optional(Result),
  error_message: v.optional(v.string()),
});
const GeocodeAnswer = v.object({
  status: Status,
  results: v.optional(v.array(Result), []),
  error_message: v.optional(v.string()),
});
const SearchAnswer = v.array(v.object({ display_name: v.string(), geojson: v.optional(v.unknown()) }));

/** Components of a Places/Geocoding result → the location's fields. */
export function placeFromResult(result: v.InferOutput<typeof Result>, placeId: string): Place {
  const find = (type: string) =>
    result.address_components.find((component) => component.types.includes(type));
  const number = find('street_number')?.long_name;
  const route = find('route')?.long_name;
  const city =
    find('locality') ?? find('postal_town') ?? find('sublocality') ?? find('administrative_area_level_3');
  return {
    placeId: result.place_id ?? placeId,
    formattedAddress: result.formatted_address ?? '',
    streetAddress: [number, route].filter(Boolean).join(' ') || null,
    city: city?.long_name ?? null,
    state: find('administrative_area_level_1')?.short_name ?? null,
    zip: find('postal_code')?.long_name ?? null,
    country: find('country')?.short_name ?? null,
    coordinates: result.geometry.location,
  };
}

export function createHostedGeo(config: HostedGeoConfig): GeoService {
  const doFetch = config.fetch ?? fetch;

  async function getJson<S extends v.GenericSchema>(
    url: URL,
    schema: S,
    headers: Record<string, string> = {},
  ) {
    let response: Response;
    try {
      response = await doFetch(url, { headers: { Accept: 'application/json', ...headers } });
    } catch (error) {
      throw new GeoUnavailableError(
        `The geo service at ${url.origin} did not answer: ${(error as Error).message}`,
      );
    }
    if (!response.ok)
      throw new GeoUnavailableError(`The geo service at ${url.origin} answered ${response.status}`);
    const parsed = v.safeParse(schema, await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new GeoUnavailableError(`The geo service at ${url.origin} answered something unreadable`);
    return parsed.output as v.InferOutput<S>;
  }

  /** ZERO_RESULTS and NOT_FOUND mean nothing found; any other status but OK is a failure. */
  function checkStatus(answer: { status: string; error_message?: string }, url: URL): boolean {
    if (answer.status === 'OK') return true;
    if (answer.status === 'ZERO_RESULTS' || answer.status === 'NOT_FOUND') return false;
    throw new GeoUnavailableError(
      `The geo service at ${url.origin} refused the request (${answer.status}${answer.error_message ? `: ${answer.error_message}` : ''})`,
    );
  }

  const endpoint = (base: string, path: string, params: Record<string, string>) => {
    const url = new URL(path ? `${base.replace(/\/+$/, '')}/${path}` : base);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url;
  };

  const service: GeoService = {
    async autocomplete(text) {
      const url = endpoint(config.placesUrl, 'autocomplete/json', { input: text, key: config.apiKey });
      const answer = await getJson(url, AutocompleteAnswer);
      if (!checkStatus(answer, url)) return [];
      return answer.predictions.map((prediction): PlaceSuggestion => ({
        placeId: prediction.place_id,
        description: prediction.description,
        mainText: prediction.structured_formatting?.main_text ?? prediction.description,
        secondaryText: prediction.structured_formatting?.secondary_text ?? '',
      }));
    },

    async place(placeId) {
      const url = endpoint(config.placesUrl, 'details/json', {
        place_id: placeId,
        fields: 'place_id,formatted_address,address_component,geometry',
        key: config.apiKey,
      });
      const answer = await getJson(url, DetailsAnswer);
      if (!checkStatus(answer, url) || !answer.result) return null;
      return placeFromResult(answer.result, placeId);
    },

    async geocode(address) {
      const url = endpoint(config.geocodeUrl, '', { address, key: config.apiKey });
      const answer = await getJson(url, GeocodeAnswer);
      const [first] = answer.results;
      if (!checkStatus(answer, url) || !first) return null;
      return placeFromResult(first, first.place_id ?? `geocode:${address}`);
    },

    async outline(placeId) {
      const place = await service.place(placeId);
      if (!place) return null;
      const query = [place.city, place.state, place.country].filter(Boolean).join(', ');
      if (!query) return null;
      const url = endpoint(config.outlineUrl, 'search', {
        q: query,
        format: 'jsonv2',
        polygon_geojson: '1',
        limit: '5',
      });
      const answer = await getJson(
        url,
        SearchAnswer,
        config.userAgent ? { 'User-Agent': config.userAgent } : {},
      );
      for (const hit of answer) {
        const geometry = v.safeParse(OutlineGeometrySchema, hit.geojson);
        if (geometry.success) {
          const outline: Outline = {
            placeId,
            name: hit.display_name,
            geometry: geometry.output as OutlineGeometry,
          };
          return outline;
        }
      }
      return null;
    },
  };
  return service;
}
