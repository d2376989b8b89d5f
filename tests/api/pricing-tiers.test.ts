import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import {
  PolygonSchema,
  PriceTierListSchema,
  PriceTierSchema,
  type PriceTier,
} from '../../src/api/contract/price-tier';
import { ServiceCategoryListSchema } from '../../src/api/contract/service-category';
import {
  engines,
  startTestServer,
  tableCounts,
  tokenFor,
  type TestServer,
  JSON_HEADERS,
  sendJson,
} from './support';
import { DeletedSchema } from '../../src/api/contract/primitives';

async function expectRejected(response: Response, status: number, code: string): Promise<string> {
  expect(response.status).toBe(status);
  const error = v.parse(ApiErrorSchema, await response.json());
  expect(error.code).toBe(code);
  return error.message;
}

/** A 400 that names the field at fault, with a plain sentence (no "field: " prefix) as its message. */
async function expectFieldRejected(response: Response, code: string, field: string): Promise<string> {
  expect(response.status).toBe(400);
  const error = v.parse(ApiErrorSchema, await response.json());
  expect(error.code).toBe(code);
  expect(error.field).toBe(field);
  expect(error.message).not.toMatch(/^[\w.]+: /);
  return error.message;
}

/** A square around (lng, lat), closed. */
function square(lng: number, lat: number, half = 0.05): [number, number][] {
  return [
    [lng - half, lat - half],
    [lng + half, lat - half],
    [lng + half, lat + half],
    [lng - half, lat + half],
    [lng - half, lat - half],
  ];
}

describe.each(engines)('/price-tier and /polygon on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let provider: string;
  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
    provider = await tokenFor('provider');
  });
  afterAll(async () => {
    await api?.stop();
  });

  const send = (method: string, path: string, body?: unknown, token = admin) =>
    sendJson(api, method, path, body, token);

  async function tiers(): Promise<PriceTier[]> {
    const response = await send('GET', '/price-tier');
    expect(response.status).toBe(200);
    return v.parse(PriceTierListSchema, await response.json());
  }

  async function newTier(body: unknown = { name: 'Untitled' }): Promise<PriceTier> {
    const response = await send('POST', '/price-tier', body);
    expect(response.status).toBe(201);
    return v.parse(PriceTierSchema, await response.json());
  }

  it('401 without a token and 403 for a provider on every route, and nothing changes', async () => {
    const before = await tableCounts(api.db);
    const routes: [string, string][] = [
      ['GET', '/price-tier'],
      ['POST', '/price-tier'],
      ['GET', '/price-tier/1'],
      ['PUT', '/price-tier/1'],
      ['DELETE', '/price-tier/1'],
      ['POST', '/polygon'],
      ['DELETE', '/polygon?name=Central%20LA&priceTierId=1'],
    ];
    for (const [method, path] of routes) {
      const body =
        method === 'POST' || method === 'PUT'
          ? { name: 'x', points: square(0, 0), priceTierId: 1 }
          : undefined;
      await expectRejected(
        await api.fetch(path, { method, headers: JSON_HEADERS, body: body && JSON.stringify(body) }),
        401,
        'auth/unauthenticated',
      );
      await expectRejected(await send(method, path, body, provider), 403, 'auth/forbidden');
    }
    expect(await tableCounts(api.db)).toEqual(before);
  });

  it('lists the seeded tiers with their prices and polygons, and reads one by id', async () => {
    const list = await tiers();
    const metro = list.find((tier) => tier.name === 'Los Angeles Metro');
    expect(list.map((tier) => tier.name)).toEqual(expect.arrayContaining(['Default', 'Los Angeles Metro']));
    expect(metro?.polygons.map((polygon) => polygon.name)).toEqual(['Central LA']);
    expect(metro?.serviceItems).toHaveLength(3);
    const one = await send('GET', `/price-tier/${metro?.id}`);
    expect(v.parse(PriceTierSchema, await one.json())).toEqual(metro);
  });

  it('creates a tier named Untitled by default and 400s a blank name', async () => {
    expect(await newTier({})).toMatchObject({
      name: 'Untitled',
      description: null,
      cityIds: [],
      polygons: [],
    });
    expect(await newTier({ name: ' Bay Area ' })).toMatchObject({ name: 'Bay Area' });
    const before = await tableCounts(api.db);
    expect(
      await expectFieldRejected(
        await send('POST', '/price-tier', { name: '  ' }),
        'request/invalid-body',
        'name',
      ),
    ).toBe('name is required');
    expect(await expectRejected(await send('POST', '/price-tier', '{'), 400, 'request/invalid-json')).toMatch(
      /JSON/,
    );
    expect(await tableCounts(api.db)).toEqual(before);
  });

  it('404 for a tier that does not exist and 400 for an id that is not one', async () => {
    expect(
      await expectRejected(await send('GET', '/price-tier/987654'), 404, 'price-tier/not-found'),
    ).toContain('987654');
    await expectRejected(
      await send('PUT', '/price-tier/987654', { name: 'x', version: 1 }),
      404,
      'price-tier/not-found',
    );
    await expectRejected(await send('DELETE', '/price-tier/987654'), 404, 'price-tier/not-found');
    await expectRejected(await send('GET', '/price-tier/abc'), 400, 'request/invalid-param');
    await expectRejected(await send('DELETE', '/price-tier/0'), 400, 'request/invalid-param');
  });

  it('PUT replaces name, description, prices (exact cents, Botox min units) and cities; svc-category shows them', async () => {
    const tier = await newTier({ name: 'Prices' });
    const categories = v.parse(ServiceCategoryListSchema, await (await send('GET', '/svc-category')).json());
    const items = categories.flatMap((category) => category.serviceItems);
    const botox = items.find((item) => item.name === 'Botox');
    const peel = items.find((item) => item.name === 'Chemical Peel');
    if (!botox || !peel) throw new Error('seeded items missing');
    const response = await send('PUT', `/price-tier/${tier.id}`, {
      name: ' Priced ',
      description: 'Pricier',
      serviceItems: [
        { serviceItemId: botox.id, priceInCents: 1_999, isPricePerUnit: true, minUnits: 25 },
        { serviceItemId: peel.id, priceInCents: 12_345 },
      ],
      cityIds: ['place-1', 'place-2', 'place-1'],
      version: tier.version,
    });
    expect(response.status).toBe(200);
    const saved = v.parse(PriceTierSchema, await response.json());
    expect(saved).toMatchObject({ name: 'Priced', description: 'Pricier', cityIds: ['place-1', 'place-2'] });
    expect(saved.serviceItems).toEqual(
      [
        { serviceItemId: botox.id, priceInCents: 1_999, isPricePerUnit: true, minUnits: 25 },
        { serviceItemId: peel.id, priceInCents: 12_345, isPricePerUnit: false, minUnits: null },
      ].sort((a, b) => a.serviceItemId - b.serviceItemId),
    );
    const priced = v
      .parse(
        ServiceCategoryListSchema,
        await (await send('GET', `/svc-category?priceTiersIds=${tier.id}`)).json(),
      )
      .flatMap((category) => category.serviceItems);
    expect(priced.find((item) => item.id === botox.id)).toMatchObject({
      priceInCents: 1_999,
      isPricePerUnit: true,
    });
    expect(priced.find((item) => item.id === peel.id)?.priceInCents).toBe(12_345);

    // Sending only the name keeps prices and cities.
    const renamed = v.parse(
      PriceTierSchema,
      await (
        await send('PUT', `/price-tier/${tier.id}`, { name: 'Again', version: tier.version + 1 })
      ).json(),
    );
    expect(renamed.serviceItems).toEqual(saved.serviceItems);
    expect(renamed.cityIds).toEqual(saved.cityIds);
    // An empty list clears the prices: every item charges its own price again.
    const cleared = v.parse(
      PriceTierSchema,
      await (
        await send('PUT', `/price-tier/${tier.id}`, {
          name: 'Again',
          serviceItems: [],
          version: tier.version + 2,
        })
      ).json(),
    );
    expect(cleared.serviceItems).toEqual([]);
  });

  it('PUT 400s bad prices, units and unknown items, naming the field, and changes nothing', async () => {
    const tier = await newTier({ name: 'Strict' });
    const before = await tableCounts(api.db);
    const cases: [unknown, string, RegExp][] = [
      [{}, 'name', /^name is required$/],
      [{ name: '' }, 'name', /^name is required$/],
      [{ name: 'x', serviceItems: [{ serviceItemId: 1, priceInCents: 19.99 }] }, 'serviceItems', /^/],
      [{ name: 'x', serviceItems: [{ serviceItemId: 1, priceInCents: -1 }] }, 'serviceItems', /^/],
      [
        { name: 'x', serviceItems: [{ serviceItemId: 1, priceInCents: 100, minUnits: 0 }] },
        'serviceItems',
        /^/,
      ],
      [
        { name: 'x', serviceItems: [{ serviceItemId: 987654, priceInCents: 100 }] },
        'serviceItems',
        /^There is no service item with id 987654\.$/,
      ],
      [
        {
          name: 'x',
          serviceItems: [
            { serviceItemId: 1, priceInCents: 1 },
            { serviceItemId: 1, priceInCents: 2 },
          ],
        },
        'serviceItems',
        /^serviceItems must list each service item once$/,
      ],
      [{ name: 'x', polygonIds: [987654] }, 'polygonIds', /^There is no polygon with id 987654\.$/],
      [{ name: 'x', cityIds: [''] }, 'cityIds', /^/],
    ];
    for (const [body, field, message] of cases) {
      expect(
        await expectFieldRejected(
          await send('PUT', `/price-tier/${tier.id}`, { ...(body as object), version: tier.version }),
          'request/invalid-body',
          field,
        ),
        JSON.stringify(body),
      ).toMatch(message);
    }
    expect(await tableCounts(api.db)).toEqual(before);
    expect((await tiers()).find((t) => t.id === tier.id)?.name).toBe('Strict');
  });

  it('POST /polygon stores a closed ring in a tier; DELETE /polygon removes it by name and tier', async () => {
    const tier = await newTier({ name: 'Polygons' });
    const created = await send('POST', '/polygon', {
      name: ' Downtown ',
      points: square(-118.25, 34.05),
      priceTierId: tier.id,
    });
    expect(created.status).toBe(201);
    const polygon = v.parse(PolygonSchema, await created.json());
    expect(polygon).toMatchObject({ name: 'Downtown', points: square(-118.25, 34.05), priceTierId: tier.id });
    expect((await tiers()).find((t) => t.id === tier.id)?.polygons).toEqual([polygon]);

    // The same name in another tier is fine.
    const other = await newTier({ name: 'Other' });
    expect(
      (await send('POST', '/polygon', { name: 'Downtown', points: square(0, 0), priceTierId: other.id }))
        .status,
    ).toBe(201);

    const deleted = await send(
      'DELETE',
      `/polygon?name=${encodeURIComponent('Downtown')}&priceTierId=${tier.id}`,
    );
    expect(v.parse(DeletedSchema, await deleted.json())).toEqual({ id: polygon.id, deleted: true });
    expect((await tiers()).find((t) => t.id === tier.id)?.polygons).toEqual([]);
    expect(
      await expectRejected(
        await send('DELETE', `/polygon?name=Downtown&priceTierId=${tier.id}`),
        404,
        'polygon/not-found',
      ),
    ).toBe(`Price tier ${tier.id} has no polygon named "Downtown".`);
  });

  it('409 with a clear message for a polygon name the tier already has', async () => {
    const tier = await newTier({ name: 'Duplicates' });
    expect(
      (await send('POST', '/polygon', { name: 'Zone', points: square(1, 1), priceTierId: tier.id })).status,
    ).toBe(201);
    const before = await tableCounts(api.db);
    expect(
      await expectRejected(
        await send('POST', '/polygon', { name: 'Zone', points: square(2, 2), priceTierId: tier.id }),
        409,
        'polygon/name-exists',
      ),
    ).toBe('This tier already has a polygon named "Zone". Choose another name.');
    expect(await tableCounts(api.db)).toEqual(before);
  });

  it('400 for points that are not a closed ring of four real coordinates or that cross themselves', async () => {
    const tier = await newTier({ name: 'Geometry' });
    const before = await tableCounts(api.db);
    const bowtie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    const cases: [unknown, string, RegExp][] = [
      [
        [
          [0, 0],
          [1, 0],
          [0, 0],
        ],
        'polygon/invalid-points',
        /at least three corners/,
      ],
      [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
        'polygon/invalid-points',
        /same as the first/,
      ],
      [
        [
          [0, 0],
          [181, 0],
          [1, 1],
          [0, 0],
        ],
        'polygon/invalid-points',
        /longitude between -180 and 180/,
      ],
      [
        [
          [0, 0],
          [1, 0],
          [1, 95],
          [0, 0],
        ],
        'polygon/invalid-points',
        /latitude between -90 and 90/,
      ],
      [bowtie, 'polygon/invalid-points', /crosses itself/],
      [[[0, 0], [1]], 'request/invalid-body', /^points must be \[longitude, latitude\] pairs$/],
      ['square', 'request/invalid-body', /./],
    ];
    for (const [points, code, message] of cases) {
      expect(
        await expectRejected(
          await send('POST', '/polygon', { name: 'Bad', points, priceTierId: tier.id }),
          400,
          code,
        ),
        JSON.stringify(points),
      ).toMatch(message);
    }
    expect(
      await expectFieldRejected(
        await send('POST', '/polygon', { points: square(0, 0), priceTierId: tier.id }),
        'request/invalid-body',
        'name',
      ),
    ).toBe('name is required');
    await expectRejected(
      await send('POST', '/polygon', { name: 'Lost', points: square(0, 0), priceTierId: 987654 }),
      404,
      'price-tier/not-found',
    );
    expect(await tableCounts(api.db)).toEqual(before);
  });

  it('DELETE /polygon 400s without a name or a tier id', async () => {
    for (const query of [
      '',
      '?name=x',
      '?priceTierId=1',
      '?name=&priceTierId=1',
      '?name=x&priceTierId=abc',
    ]) {
      await expectRejected(await send('DELETE', `/polygon${query}`), 400, 'request/invalid-query');
    }
  });

  it('PUT polygonIds sets the tier polygons: listed ones move in, others go; a clashing name is a 409', async () => {
    const a = await newTier({ name: 'A' });
    const b = await newTier({ name: 'B' });
    const post = async (name: string, tierId: number, at: number) =>
      v.parse(
        PolygonSchema,
        await (await send('POST', '/polygon', { name, points: square(at, at), priceTierId: tierId })).json(),
      );
    const keep = await post('Keep', a.id, 10);
    await post('Drop', a.id, 11);
    const moved = await post('Moved', b.id, 12);
    const clash = await post('Keep', b.id, 13);
    await expectRejected(
      await send('PUT', `/price-tier/${a.id}`, {
        name: 'A',
        polygonIds: [keep.id, clash.id],
        version: a.version,
      }),
      409,
      'polygon/name-exists',
    );
    const saved = v.parse(
      PriceTierSchema,
      await (
        await send('PUT', `/price-tier/${a.id}`, {
          name: 'A',
          polygonIds: [keep.id, moved.id],
          version: a.version,
        })
      ).json(),
    );
    expect(saved.polygons.map((p) => p.name)).toEqual(['Keep', 'Moved']);
    expect((await tiers()).find((t) => t.id === b.id)?.polygons.map((p) => p.name)).toEqual(['Keep']);
  });

  it('deletes a tier with its prices and polygons, and refuses to delete the last tier with a 409', async () => {
    const tier = await newTier({ name: 'Doomed' });
    await send('POST', '/polygon', { name: 'Gone', points: square(5, 5), priceTierId: tier.id });
    const deleted = await send('DELETE', `/price-tier/${tier.id}`);
    expect(v.parse(DeletedSchema, await deleted.json())).toEqual({ id: tier.id, deleted: true });
    await expectRejected(await send('GET', `/price-tier/${tier.id}`), 404, 'price-tier/not-found');

    const rest = await tiers();
    for (const other of rest.slice(1))
      expect((await send('DELETE', `/price-tier/${other.id}`)).status).toBe(200);
    const [last] = await tiers();
    if (!last) throw new Error('no tier left');
    const before = await tableCounts(api.db);
    expect(
      await expectRejected(await send('DELETE', `/price-tier/${last.id}`), 409, 'price-tier/last-tier'),
    ).toMatch(/only price tier, so it cannot be deleted/);
    expect(await tableCounts(api.db)).toEqual(before);
  });
});
