import type { ApiClient } from '../client';
import { AutocompleteResponseSchema, CityDetailsSchema, OutlineSchema, PlaceSchema } from '../contract/geo';

/**
 * The geo interface through the API (its sandbox by default, the hosted services by configuration):
 * address autocomplete, place details, geocoding, outlines, and a city's details for pricing tiers.
 * A place that cannot be found is an ApiRequestError with code geo/place-not-found.
 */
export function geoApi(client: ApiClient) {
  return {
    autocomplete: async (q: string, signal?: AbortSignal) =>
      (await client.get(AutocompleteResponseSchema, '/geo/autocomplete', { query: { q }, signal }))
        .suggestions,
    place: (placeId: string) => client.get(PlaceSchema, `/geo/place/${encodeURIComponent(placeId)}`),
    geocode: (address: string) => client.get(PlaceSchema, '/geo/geocode', { query: { address } }),
    outline: (placeId: string) => client.get(OutlineSchema, '/geo/outline', { query: { placeId } }),
    cityDetails: (placeId: string) =>
      client.get(CityDetailsSchema, '/price-tier/city-details', { query: { placeId } }),
  };
}
export type GeoApi = ReturnType<typeof geoApi>;
