/**
 * The map services on the wire (the pages cited in server/README.md, "Maps"): the Places API's Autocomplete
 * and Place Details JSON, the Geocoding API's JSON and Nominatim's `/search` with `format=jsonv2` and
 * `polygon_geojson=1`, as valibot schemas of the parts the client (server/geo/hosted.ts) reads. Field names
 * are the vendors'. Unknown fields are allowed (the vendors send many more); a field the client needs that
 * is missing or of another type makes the whole answer unreadable. The stand-ins (standin.routes.ts) answer
 * these shapes.
 */
import * as v from 'valibot';

/** The stand-ins' mount point on the API; below it, the vendors' own paths. */
export const GEO_STANDIN_PATH = '/standins/geo';
/** Below the mount point: GEO_PLACES_URL's, GEO_GEOCODE_URL's and GEO_OUTLINE_URL's defaults. */
export const GEO_STANDIN_PLACES = '/maps/api/place';
export const GEO_STANDIN_GEOCODE = '/maps/api/geocode/json';
export const GEO_STANDIN_OUTLINE = '/nominatim';
/** The key the stand-in accepts (GEO_API_KEY's default); any other is refused as the vendor refuses it. */
export const GEO_STANDIN_API_KEY = 'standin-geo-api-key';

/** The vendor's refusals, word for word. */
export const INVALID_KEY_MESSAGE = 'The provided API key is invalid.';
export const MISSING_KEY_MESSAGE =
  'You must use an API key to authenticate each request to Google Maps Platform APIs. For additional information, please refer to http://g.co/dev/maps-no-account';

/** OK, or why not: ZERO_RESULTS and NOT_FOUND mean nothing found, the others a failure. */
export type WireStatus =
  | 'OK'
  | 'ZERO_RESULTS'
  | 'NOT_FOUND'
  | 'INVALID_REQUEST'
  | 'REQUEST_DENIED'
  | 'OVER_QUERY_LIMIT'
  | 'UNKNOWN_ERROR';

export const ComponentSchema = v.object({
  long_name: v.string(),
  short_name: v.string(),
  types: v.array(v.string()),
});

/** A Place Details `result` and a Geocoding `results[]` item. */
export const ResultSchema = v.object({
  place_id: v.optional(v.string()),
  formatted_address: v.optional(v.string()),
  address_components: v.optional(v.array(ComponentSchema), []),
  geometry: v.object({ location: v.object({ lat: v.number(), lng: v.number() }) }),
});

export const PredictionSchema = v.object({
  place_id: v.string(),
  description: v.string(),
  structured_formatting: v.optional(
    v.object({ main_text: v.optional(v.string()), secondary_text: v.optional(v.string()) }),
  ),
});

const status = v.string();
const errorMessage = v.optional(v.string());

export const AutocompleteAnswerSchema = v.object({
  status,
  predictions: v.optional(v.array(PredictionSchema), []),
  error_message: errorMessage,
});
export const DetailsAnswerSchema = v.object({
  status,
  result: v.optional(ResultSchema),
  error_message: errorMessage,
});
export const GeocodeAnswerSchema = v.object({
  status,
  results: v.optional(v.array(ResultSchema), []),
  error_message: errorMessage,
});
/** Nominatim `/search`: an array of places; `geojson` only with polygon_geojson=1. */
export const SearchAnswerSchema = v.array(
  v.object({ display_name: v.string(), geojson: v.optional(v.unknown()) }),
);

export type WireResult = v.InferInput<typeof ResultSchema> & {
  types: string[];
  geometry: { location: { lat: number; lng: number }; location_type: string };
};
export type WirePrediction = v.InferInput<typeof PredictionSchema> & { types: string[] };
