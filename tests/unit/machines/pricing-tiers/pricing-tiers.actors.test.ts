import { describe, expect, it } from 'vitest';
import type { Outline } from '../../../../src/api/contract/geo';
import type { PriceTier } from '../../../../src/api/contract/price-tier';
import { geoApi } from '../../../../src/api/geo/geo';
import { pricingTiersApi } from '../../../../src/api/pricing-tiers/pricing-tiers';
import { NEW_TIER_NAME } from '../../../../src/domain/pricing-tiers/tiers';
import {
  createCitySearchActors,
  createPolygonDrawingActors,
  createTierEditorActors,
  createTierListActors,
} from '../../../../src/machines/pricing-tiers/pricing-tiers.actors';
import { deleted } from '../../../support/api-records';
import { fakeApi } from '../../../support/fake-api';
import { runActor, startActor } from '../../../support/run-actor';

const tier: PriceTier = {
  id: 2,
  name: 'Coastal',
  description: null,
  serviceItems: [{ serviceItemId: 9, priceInCents: 15_000, isPricePerUnit: false, minUnits: null }],
  cityIds: ['city:santa-monica'],
  polygons: [],
  version: 4,
};
const ring: [number, number][] = [
  [-118.5, 34.0],
  [-118.4, 34.0],
  [-118.4, 34.1],
  [-118.5, 34.0],
];

function setup() {
  const fake = fakeApi();
  return { fake, tiers: pricingTiersApi(fake.client), geo: geoApi(fake.client) };
}

describe('pricing tier actors', () => {
  it('saves a tier with the version read, and reads it again by id', async () => {
    const { fake, tiers } = setup();
    fake.on('PUT /price-tier/2', { ...tier, version: 5 }).on('GET /price-tier/2', tier);
    const actors = createTierEditorActors(tiers);
    const values = {
      name: 'Coastal',
      description: null,
      serviceItems: tier.serviceItems,
      cityIds: tier.cityIds,
    };

    await expect(runActor(actors.saveTier, { id: 2, version: 4, values })).resolves.toMatchObject({
      version: 5,
    });
    await expect(runActor(actors.loadTier, { id: 2 })).resolves.toEqual(tier);
    expect(fake.calls).toEqual([
      { method: 'PUT', path: '/price-tier/2', body: { ...values, version: 4 }, idempotent: false },
      { method: 'GET', path: '/price-tier/2', idempotent: false },
    ]);
  });

  it('creates a new tier under the default name (one Idempotency-Key) and deletes one', async () => {
    const { fake, tiers } = setup();
    fake
      .on('POST /price-tier', { ...tier, id: 3, name: NEW_TIER_NAME })
      .on('DELETE /price-tier/3', deleted(3));
    const actors = createTierListActors(tiers);

    await expect(runActor(actors.createTier, undefined)).resolves.toMatchObject({ id: 3 });
    await expect(runActor(actors.deleteTier, { id: 3 })).resolves.toBeUndefined();
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/price-tier', body: { name: NEW_TIER_NAME }, idempotent: true },
      { method: 'DELETE', path: '/price-tier/3', idempotent: false },
    ]);
  });

  it('saves a drawn polygon on its tier once, and deletes one by name and tier', async () => {
    const { fake, tiers } = setup();
    const polygon = { id: 7, name: 'Pier', points: ring, priceTierId: 2 };
    fake.on('POST /polygon', polygon).on('DELETE /polygon', deleted(7));
    const actors = createPolygonDrawingActors(tiers);

    await expect(
      runActor(actors.savePolygon, { priceTierId: 2, name: 'Pier', points: ring }),
    ).resolves.toEqual(polygon);
    await expect(runActor(actors.deletePolygon, { priceTierId: 2, name: 'Pier' })).resolves.toBeUndefined();
    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/polygon',
        body: { name: 'Pier', points: ring, priceTierId: 2 },
        idempotent: true,
      },
      { method: 'DELETE', path: '/polygon', query: { name: 'Pier', priceTierId: 2 }, idempotent: false },
    ]);
  });
});

describe('city search actors', () => {
  it("suggests places by id and description only, with the actor's signal", async () => {
    const { fake, geo } = setup();
    fake.on('GET /geo/autocomplete', {
      suggestions: [
        { placeId: 'c1', description: 'Santa Monica, CA', mainText: 'Santa Monica', secondaryText: 'CA' },
      ],
    });
    const actors = createCitySearchActors(geo);

    await expect(runActor(actors.searchPlaces, { text: 'Santa' })).resolves.toEqual([
      { placeId: 'c1', description: 'Santa Monica, CA' },
    ]);
    const { actor } = startActor(actors.searchPlaces, { text: 'Sant' });
    actor.stop();

    expect(fake.calls.map((call) => call.query)).toEqual([{ q: 'Santa' }, { q: 'Sant' }]);
    expect(fake.calls[1]?.signal?.aborted).toBe(true);
  });

  it('outlines a city by the outer ring of its largest part, closed', async () => {
    const { fake, geo } = setup();
    const island: [number, number][] = [
      [-118.6, 33.9],
      [-118.59, 33.9],
      [-118.59, 33.91],
    ];
    const outline: Outline = {
      placeId: 'c1',
      name: 'Santa Monica',
      geometry: { type: 'MultiPolygon', coordinates: [[island], [ring.slice(0, 3)]] },
    };
    fake.on('GET /geo/outline', outline);

    await expect(runActor(createCitySearchActors(geo).cityOutline, { placeId: 'c1' })).resolves.toEqual(ring);
    expect(fake.calls).toEqual([
      { method: 'GET', path: '/geo/outline', query: { placeId: 'c1' }, idempotent: false },
    ]);
  });
});
