/**
 * The geo interface (spec 01 §7, 02 §7 "External services"): place search (autocomplete), place details and
 * geocoding (address components and coordinates), and boundary outlines. The API answers them from the
 * configured hosted services or from its sandbox (real US data shipped with it); the shapes are the same.
 */
import * as v from 'valibot';
import { nullableText } from './primitives';

const coordinates = v.object({ lat: v.number(), lng: v.number() });

export const PlaceSuggestionSchema = v.object({
  placeId: v.string(),
  /** The whole line, e.g. "1234 Montana Ave, Santa Monica, CA 90403, US". */
  description: v.string(),
  mainText: v.string(),
  secondaryText: v.string(),
});
export type PlaceSuggestion = v.InferOutput<typeof PlaceSuggestionSchema>;

export const AutocompleteResponseSchema = v.object({ suggestions: v.array(PlaceSuggestionSchema) });
export type AutocompleteResponse = v.InferOutput<typeof AutocompleteResponseSchema>;

/** An address broken into the location's fields, with its coordinates. */
export const PlaceSchema = v.object({
  placeId: v.string(),
  formattedAddress: v.string(),
  streetAddress: nullableText,
  city: nullableText,
  state: nullableText,
  zip: nullableText,
  country: nullableText,
  coordinates,
});
export type Place = v.InferOutput<typeof PlaceSchema>;

const position = v.tuple([v.number(), v.number()]);
/** GeoJSON geometry, [lng, lat] positions, rings closed. */
export const OutlineGeometrySchema = v.variant('type', [
  v.object({ type: v.literal('Polygon'), coordinates: v.array(v.array(position)) }),
  v.object({ type: v.literal('MultiPolygon'), coordinates: v.array(v.array(v.array(position))) }),
]);
export type OutlineGeometry = v.InferOutput<typeof OutlineGeometrySchema>;

export const OutlineSchema = v.object({
  placeId: v.string(),
  /** What the outline is of, e.g. "Los Angeles County, California". */
  name: v.string(),
  geometry: OutlineGeometrySchema,
});
export type Outline = v.InferOutput<typeof OutlineSchema>;

/** GET /price-tier/city-details?placeId=: the city, where it is, and its outline when one is known. */
export const CityDetailsSchema = v.object({
  placeId: v.string(),
  city: v.string(),
  state: nullableText,
  country: nullableText,
  coordinates,
  outline: v.nullable(OutlineSchema),
});
export type CityDetails = v.InferOutput<typeof CityDetailsSchema>;

const oneText = (name: string, max: number) =>
  v.pipe(
    v.array(v.string(), `${name} is required`),
    v.length(1, `${name} must be given once`),
    v.transform((values) => (values[0] ?? '').trim()),
    v.nonEmpty(`${name} is required`),
    v.maxLength(max, `${name} can be at most ${max} characters`),
  );

export const AutocompleteQuerySchema = v.object({ q: oneText('q', 200) });
export const GeocodeQuerySchema = v.object({ address: oneText('address', 500) });
export const PlaceIdQuerySchema = v.object({ placeId: oneText('placeId', 500) });
