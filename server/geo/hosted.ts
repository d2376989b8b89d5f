/**
 * The geo interface over the map services, each configured by URL (server/geo/config.ts; by default the
 * local stand-ins, server/outside/geo/), on the one outside-system client base (server/outside/http.ts: a
 * time limit per request, retries of a 429 or 5xx, answers read with the wire schemas of
 * server/outside/geo/wire.ts):
 * - place search and place details: the Places API (`<placesUrl>/autocomplete/json?input=&key=` →
 *   `predictions`; `<placesUrl>/details/json?place_id=&fields=&key=` → `result`);
 * - geocoding: the Geocoding API, `<geocodeUrl>?address=&key=` → `results`;
 * - outlines: Nominatim (`<outlineUrl>/search?q=&format=jsonv2&polygon_geojson=1`), searched with the
 *   place's city, state and country.
 * "Nothing found" is an empty answer; a refusal, no answer within the time limit, or an unreadable answer is
 * a GeoUnavailableError.
 */
import * as v from 'valibot';
import type { Outline, OutlineGeometry, Place, PlaceSuggestion } from '../../src/api/contract/geo';
import { OutlineGeometrySchema } from '../../src/api/contract/geo';
import type { Log } from '../http/log';
import { createOutsideClient, type Fetch, type OutsideAnswer } from '../outside/http';
import {
  AutocompleteAnswerSchema,
  DetailsAnswerSchema,
  GeocodeAnswerSchema,
  type ResultSchema,
  SearchAnswerSchema,
} from '../outside/geo/wire';
import { GeoUnavailableError, type GeoService } from './geo.service';

/** Where one service is, and how it is called. */
export interface GeoServiceTarget {
  /** A function: the running API learns its own address, where the stand-ins are, once it listens. */
  baseUrl: () => string;
  /** How requests are sent; the global fetch unless given (the app's own, in process, before it listens). */
  fetch?: Fetch;
}

export interface HostedGeoConfig {
  /** The Places API's base URL (…/maps/api/place). */
  places: GeoServiceTarget;
  /** The Geocoding API's endpoint in full (…/maps/api/geocode/json). */
  geocoding: GeoServiceTarget;
  /** Nominatim's base URL. */
  outline: GeoServiceTarget;
  apiKey: string;
  /** The time limit of one request, in milliseconds. */
  timeoutMs: number;
  log: Log;
  /** Sent to the street-search service, whose usage policy asks callers to identify themselves. */
  userAgent?: string;
  /** Waits between the retries of a 429 or 5xx (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
}

/** Components of a Places/Geocoding result → the location's fields. */
export function placeFromResult(result: v.InferOutput<typeof ResultSchema>, placeId: string): Place {
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
  const client = (system: string, { baseUrl, fetch }: GeoServiceTarget) => ({
    baseUrl,
    http: createOutsideClient({
      system,
      baseUrl,
      timeoutMs: config.timeoutMs,
      log: config.log,
      ...(fetch && { fetch }),
      ...(config.sleep && { sleep: config.sleep }),
    }),
  });
  const places = client('Places', config.places);
  const geocoding = client('Geocoding', config.geocoding);
  const streets = client('Street search', config.outline);

  const origin = (baseUrl: () => string) => {
    try {
      return new URL(baseUrl()).origin;
    } catch {
      return baseUrl();
    }
  };

  /** The answer, or the GeoUnavailableError that says which service failed (the details are logged). */
  async function get<S extends v.GenericSchema>(
    service: ReturnType<typeof client>,
    path: string,
    query: Record<string, string>,
    schema: S,
    headers: Record<string, string> = {},
  ): Promise<v.InferOutput<S>> {
    const answer: OutsideAnswer<v.InferOutput<S>> = await service.http.request({
      method: 'GET',
      path,
      query,
      headers,
      schema,
    });
    if (answer.ok) return answer.value;
    const where = `The geo service at ${origin(service.baseUrl)}`;
    throw new GeoUnavailableError(
      answer.kind === 'refused'
        ? `${where} refused the request (HTTP ${answer.status})`
        : `${where} did not answer in time or answered something unreadable`,
    );
  }

  /** ZERO_RESULTS and NOT_FOUND mean nothing found; any other status but OK is a failure. */
  function checkStatus(
    answer: { status: string; error_message?: string | undefined },
    service: ReturnType<typeof client>,
  ): boolean {
    if (answer.status === 'OK') return true;
    if (answer.status === 'ZERO_RESULTS' || answer.status === 'NOT_FOUND') return false;
    throw new GeoUnavailableError(
      `The geo service at ${origin(service.baseUrl)} refused the request (${answer.status}${answer.error_message ? `: ${answer.error_message}` : ''})`,
    );
  }

  const service: GeoService = {
    async autocomplete(text) {
      const answer = await get(
        places,
        'autocomplete/json',
        { input: text, key: config.apiKey },
        AutocompleteAnswerSchema,
      );
      if (!checkStatus(answer, places)) return [];
      return answer.predictions.map((prediction): PlaceSuggestion => ({
        placeId: prediction.place_id,
        description: prediction.description,
        mainText: prediction.structured_formatting?.main_text ?? prediction.description,
        secondaryText: prediction.structured_formatting?.secondary_text ?? '',
      }));
    },

    async place(placeId) {
      const answer = await get(
        places,
        'details/json',
        {
          place_id: placeId,
          fields: 'place_id,formatted_address,address_component,geometry',
          key: config.apiKey,
        },
        DetailsAnswerSchema,
      );
      if (!checkStatus(answer, places) || !answer.result) return null;
      return placeFromResult(answer.result, placeId);
    },

    async geocode(address) {
      const answer = await get(geocoding, '', { address, key: config.apiKey }, GeocodeAnswerSchema);
      const [first] = answer.results;
      if (!checkStatus(answer, geocoding) || !first) return null;
      return placeFromResult(first, first.place_id ?? `geocode:${address}`);
    },

    async outline(placeId) {
      const place = await service.place(placeId);
      if (!place) return null;
      const query = [place.city, place.state, place.country].filter(Boolean).join(', ');
      if (!query) return null;
      const answer = await get(
        streets,
        'search',
        { q: query, format: 'jsonv2', polygon_geojson: '1', limit: '5' },
        SearchAnswerSchema,
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
