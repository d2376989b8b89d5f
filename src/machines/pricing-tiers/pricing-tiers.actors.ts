/**
 * The side effects of the pricing-tier flows, built from the API client (and the geo interface for the city
 * search). Routes bind them with `machine.provide({ actors })`; tests provide their own.
 */
import { fromPromise } from 'xstate';
import type { Polygon, PriceTier } from '../../api/contract/price-tier';
import type { PricingTiersApi } from '../../api/pricing-tiers/pricing-tiers';
import type { GeoApi } from '../../api/geo/geo';
import { outlineRing, type Position } from '../../domain/pricing-tiers/geometry';
import { NEW_TIER_NAME } from '../../domain/pricing-tiers/tiers';
import type { Place } from './city-search.machine';
import type { DeletePolygonInput, SavePolygonInput } from './polygon-drawing.machine';
import type { SaveTierInput } from './tier-editor.machine';

export function createTierEditorActors(api: PricingTiersApi) {
  return {
    saveTier: fromPromise<PriceTier, SaveTierInput>(({ input }) =>
      api.update(input.id, { ...input.values, version: input.version }),
    ),
    loadTier: fromPromise<PriceTier, { id: number }>(({ input }) => api.get(input.id)),
  };
}

export function createTierListActors(api: PricingTiersApi) {
  return {
    createTier: fromPromise<PriceTier, void>(() => api.create({ name: NEW_TIER_NAME })),
    deleteTier: fromPromise<void, { id: number }>(async ({ input }) => {
      await api.remove(input.id);
    }),
  };
}

export function createPolygonDrawingActors(api: PricingTiersApi) {
  return {
    savePolygon: fromPromise<Polygon, SavePolygonInput>(({ input }) =>
      api.createPolygon({
        name: input.name,
        points: input.points.map(([lng, lat]) => [lng, lat]),
        priceTierId: input.priceTierId,
      }),
    ),
    deletePolygon: fromPromise<void, DeletePolygonInput>(async ({ input }) => {
      await api.deletePolygon({ name: input.name, priceTierId: input.priceTierId });
    }),
  };
}

/**
 * The city search over the geo interface (src/api/geo/geo.ts: the hosted services by configuration, the
 * reference API's sandbox by default): suggestions from its autocomplete, the chosen city's outline as the
 * outer ring of its boundary.
 */
export function createCitySearchActors(geo: Pick<GeoApi, 'autocomplete' | 'outline'>) {
  return {
    searchPlaces: fromPromise<Place[], { text: string }>(async ({ input, signal }) =>
      (await geo.autocomplete(input.text, signal)).map(({ placeId, description }) => ({
        placeId,
        description,
      })),
    ),
    cityOutline: fromPromise<Position[], { placeId: string }>(async ({ input }) =>
      outlineRing((await geo.outline(input.placeId)).geometry),
    ),
  };
}
