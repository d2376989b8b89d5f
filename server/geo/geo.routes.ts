/**
 * /geo: the geo interface over HTTP, for the console's address autocomplete and geocoding (locations,
 * onboarding) and pricing-tier outlines. Roles: admin and provider.
 * - GET /geo/autocomplete?q=  → { suggestions }
 * - GET /geo/place/{placeId}  → a place (404 geo/place-not-found)
 * - GET /geo/geocode?address= → a place (404 geo/place-not-found: the console shows 'Address is invalid')
 * - GET /geo/outline?placeId= → an outline (404 geo/outline-not-found)
 * And GET /price-tier/city-details?placeId= (admin): the city with its outline, from the same source.
 * A hosted service that fails answers 502 geo/unavailable (GeoUnavailableError, mapped in http/errors.ts).
 */
import { Hono, type Context } from 'hono';
import type { AutocompleteResponse, CityDetails } from '../../src/api/contract/geo';
import { AutocompleteQuerySchema, GeocodeQuerySchema, PlaceIdQuerySchema } from '../../src/api/contract/geo';
import type { Allow } from '../http/auth';
import type { HonoEnv } from '../http/types';
import { API_ERROR_CODES, fail } from '../http/errors';
import { params, PlaceIdParam, query } from '../http/validate';
import type { GeoService } from './geo.service';

const placeNotFound = (c: Context, what: string, field: string) =>
  fail(c, 404, API_ERROR_CODES.geoPlaceNotFound, `No place found for ${what}`, field);

export function geoRoutes({ geo, allow }: { geo: GeoService; allow: Allow }) {
  const roles = allow('admin', 'provider');
  return new Hono<HonoEnv>()
    .get('/autocomplete', roles, query(AutocompleteQuerySchema), async (c) => {
      const { q } = c.req.valid('query');
      return c.json<AutocompleteResponse>({ suggestions: await geo.autocomplete(q) });
    })
    .get('/place/:placeId', roles, params({ placeId: PlaceIdParam }), async (c) => {
      const { placeId } = c.req.valid('param');
      const place = await geo.place(placeId);
      return place ? c.json(place) : placeNotFound(c, `the place id "${placeId}"`, 'placeId');
    })
    .get('/geocode', roles, query(GeocodeQuerySchema), async (c) => {
      const { address } = c.req.valid('query');
      const place = await geo.geocode(address);
      return place ? c.json(place) : placeNotFound(c, `the address "${address}"`, 'address');
    })
    .get('/outline', roles, query(PlaceIdQuerySchema), async (c) => {
      const { placeId } = c.req.valid('query');
      const outline = await geo.outline(placeId);
      return outline
        ? c.json(outline)
        : fail(
            c,
            404,
            API_ERROR_CODES.geoOutlineNotFound,
            `No outline is known for the place id "${placeId}"`,
            'placeId',
          );
    });
}

export function cityDetailsRoutes({ geo, allow }: { geo: GeoService; allow: Allow }) {
  return new Hono<HonoEnv>().get('/', allow('admin'), query(PlaceIdQuerySchema), async (c) => {
    const { placeId } = c.req.valid('query');
    const place = await geo.place(placeId);
    if (!place?.city) return placeNotFound(c, `the place id "${placeId}"`, 'placeId');
    return c.json<CityDetails>({
      placeId,
      city: place.city,
      state: place.state,
      country: place.country,
      coordinates: place.coordinates,
      outline: await geo.outline(placeId),
    });
  });
}
