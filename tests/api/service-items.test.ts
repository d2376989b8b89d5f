import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import {
  ServiceItemListSchema,
  ServiceItemSchema,
  type ServiceItem,
} from '../../src/api/contract/service-item';
import * as schema from '../../server/db/schema';
import { engines, startTestServer, tableCounts, tokenFor, type TestServer } from './support';
import { DeletedSchema } from '../../src/api/contract/primitives';

describe.each(engines)('/svc-item on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let provider: string;
  let injectablesId: number;
  let facialsId: number;

  beforeAll(async () => {
    api = await startTestServer(engine);
    [admin, provider] = await Promise.all([tokenFor('admin'), tokenFor('provider')]);
    const categories = await api.db.select().from(schema.serviceCategories);
    injectablesId = categories.find((category) => category.name === 'Injectables')?.id ?? 0;
    facialsId = categories.find((category) => category.name === 'Facials')?.id ?? 0;
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** token null: no Authorization header. */
  const send = (method: string, path: string, body?: unknown, token: string | null = admin) =>
    api.fetch(path, {
      method,
      ...(token === null ? {} : { token }),
      ...(body === undefined
        ? {}
        : {
            headers: { 'Content-Type': 'application/json' },
            body: typeof body === 'string' ? body : JSON.stringify(body),
          }),
    });

  async function expectRejected(response: Response, status: number, code: string, field?: string) {
    expect(response.status).toBe(status);
    const error = v.parse(ApiErrorSchema, await response.json());
    expect(error.code).toBe(code);
    expect(error.field, 'field').toBe(field);
    return error.message;
  }

  async function list(): Promise<ServiceItem[]> {
    const response = await send('GET', '/svc-item');
    expect(response.status).toBe(200);
    return v.parse(ServiceItemListSchema, await response.json());
  }

  async function create(body: Record<string, unknown>): Promise<ServiceItem> {
    const response = await send('POST', '/svc-item', body);
    expect(response.status).toBe(201);
    return v.parse(ServiceItemSchema, await response.json());
  }

  const itemNamed = async (name: string) => {
    const item = (await list()).find((candidate) => candidate.name === name);
    if (!item) throw new Error(`no seeded item ${name}`);
    return item;
  };

  describe('who may call it', () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/svc-item'],
      ['POST', '/svc-item', { name: 'X', serviceCategoryId: 1 }],
      ['PUT', '/svc-item/1', { name: 'X' }],
      ['DELETE', '/svc-item/1'],
      ['POST', '/svc-item/display-order/', { newOrder: [{ id: 1 }] }],
    ];

    it('401 without a token and 403 for a provider, changing nothing', async () => {
      const before = await tableCounts(api.db);
      for (const [method, path, body] of calls) {
        expect(
          await expectRejected(await send(method, path, body, null), 401, 'auth/unauthenticated'),
        ).toMatch(/bearer token/);
        expect(await expectRejected(await send(method, path, body, provider), 403, 'auth/forbidden')).toMatch(
          /admin/,
        );
      }
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });

  describe('GET', () => {
    it('lists every item with its category, by category and display order', async () => {
      const items = await list();
      expect(items.length).toBeGreaterThanOrEqual(16);
      const botox = items.find((item) => item.name === 'Botox');
      expect(botox).toMatchObject({
        subCategory: 'Botox',
        priceInCents: 1_400,
        serviceCategory: { id: injectablesId, name: 'Injectables' },
      });
      const injectables = items.filter((item) => item.serviceCategoryId === injectablesId);
      expect(injectables.map((item) => item.name)).toEqual([
        'Botox',
        'Dysport',
        'Xeomin',
        'Juvederm',
        'Restylane',
      ]);
    });
  });

  describe('POST', () => {
    it('201 with the new-item defaults (price 10000, 10 minutes, not per unit) and the given order', async () => {
      const created = await create({
        name: '  Lip Flip  ',
        serviceCategoryId: injectablesId,
        subCategory: 'Botox',
        display_order: 6,
        // Keys the server does not take are ignored, so a client may send its whole draft.
        isNew: true,
        id: 12345,
      });
      expect(created).toMatchObject({
        name: 'Lip Flip',
        subCategory: 'Botox',
        priceInCents: 10_000,
        timeInMins: 10,
        isPricePerUnit: false,
        isFinancingEnabled: false,
        redemptionPoints: 0,
        display_order: 6,
        serviceCategoryId: injectablesId,
        serviceCategory: { id: injectablesId, name: 'Injectables' },
      });
      expect(created.id).not.toBe(12345);
      expect((await list()).find((item) => item.id === created.id)).toEqual(created);
    });

    it('stores every field it is given', async () => {
      const fields = {
        name: 'Brow Lift',
        serviceCategoryId: facialsId,
        subCategory: '',
        unitsDescriptor: 'units',
        unitsDescriptorIconURL: '/uploads/icon.png',
        descriptionTitle: 'Lift',
        description: 'Line one\nLine two',
        redemptionPoints: 12,
        timeInMins: 45,
        termsInfo: 'Terms',
        prepInfo: 'Prep',
        isFinancingEnabled: true,
        priceInCents: 12_345,
        isPricePerUnit: true,
        display_order: null,
      };
      expect(await create(fields)).toMatchObject(fields);
    });

    it('400 naming the field, and nothing is stored', async () => {
      const before = await tableCounts(api.db);
      const base = { name: 'Valid', serviceCategoryId: facialsId };
      const cases: [unknown, [string | undefined, string]][] = [
        [{ serviceCategoryId: facialsId }, ['name', 'name is required']],
        [{ ...base, name: '   ' }, ['name', 'name is required']],
        [{ name: 'X' }, ['serviceCategoryId', 'serviceCategoryId is required']],
        [
          { ...base, serviceCategoryId: 'one' },
          ['serviceCategoryId', 'serviceCategoryId must be a whole number from 1 to 2147483647'],
        ],
        [
          { ...base, serviceCategoryId: 987_654 },
          ['serviceCategoryId', 'No service category with id 987654'],
        ],
        [
          { ...base, priceInCents: 12.5 },
          ['priceInCents', 'priceInCents must be a whole number from 0 to 100000000'],
        ],
        [
          { ...base, priceInCents: -1 },
          ['priceInCents', 'priceInCents must be a whole number from 0 to 100000000'],
        ],
        [
          { ...base, priceInCents: '100' },
          ['priceInCents', 'priceInCents must be a whole number from 0 to 100000000'],
        ],
        [{ ...base, timeInMins: 0 }, ['timeInMins', 'timeInMins must be a whole number from 1 to 1440']],
        [
          { ...base, redemptionPoints: '' },
          ['redemptionPoints', 'redemptionPoints must be a whole number from 0 to 1000000'],
        ],
        [{ ...base, isPricePerUnit: 'yes' }, ['isPricePerUnit', 'isPricePerUnit must be true or false']],
        [{ ...base, description: 42 }, ['description', 'description must be text']],
        [
          { ...base, termsInfo: 'x'.repeat(10_001) },
          ['termsInfo', 'termsInfo must be at most 10000 characters'],
        ],
        [
          { ...base, display_order: 1.5 },
          ['display_order', 'display_order must be a whole number from 0 to 2147483647'],
        ],
        [null, [undefined, 'The request body must be an object with a name and a serviceCategoryId']],
      ];
      for (const [body, [field, message]] of cases) {
        expect(
          await expectRejected(await send('POST', '/svc-item', body), 400, 'request/invalid-body', field),
          JSON.stringify(body),
        ).toBe(message);
      }
      expect(
        await expectRejected(await send('POST', '/svc-item', '{"name":'), 400, 'request/invalid-json'),
      ).toMatch(/not valid JSON/);
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });

  describe('PUT', () => {
    it('changes the keys that are present and keeps the others', async () => {
      const item = await create({ name: 'Peel Lite', serviceCategoryId: facialsId, termsInfo: 'Old terms' });
      const response = await send('PUT', `/svc-item/${item.id}`, {
        ...item,
        name: 'Peel Light',
        priceInCents: 5_050,
        termsInfo: '',
        prepInfo: '',
        subCategory: '',
        redemptionPoints: 0,
      });
      expect(response.status).toBe(200);
      const updated = v.parse(ServiceItemSchema, await response.json());
      expect(updated).toEqual({
        ...item,
        version: item.version + 1,
        name: 'Peel Light',
        priceInCents: 5_050,
        termsInfo: '',
        prepInfo: '',
        subCategory: '',
      });

      const partial = v.parse(
        ServiceItemSchema,
        await (
          await send('PUT', `/svc-item/${item.id}/`, { timeInMins: 25, version: updated.version })
        ).json(),
      );
      expect(partial).toEqual({ ...updated, version: updated.version + 1, timeInMins: 25 });
    });

    it('moves an item to another category', async () => {
      const item = await create({ name: 'Roaming', serviceCategoryId: facialsId });
      const moved = v.parse(
        ServiceItemSchema,
        await (
          await send('PUT', `/svc-item/${item.id}`, {
            serviceCategoryId: injectablesId,
            version: item.version,
          })
        ).json(),
      );
      expect(moved.serviceCategory).toEqual({ id: injectablesId, name: 'Injectables' });
    });

    it('404 for an item that does not exist, 400 for ids that are not ids or bodies that fail, nothing changed', async () => {
      const item = await itemNamed('Dysport');
      const before = await tableCounts(api.db);
      expect(
        await expectRejected(
          await send('PUT', '/svc-item/987654', { name: 'X', version: 1 }),
          404,
          'service-item/not-found',
        ),
      ).toBe('No service item with id 987654');
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        expect(
          await expectRejected(
            await send('PUT', `/svc-item/${id}`, { name: 'X', version: 1 }),
            400,
            'request/invalid-param',
            'id',
          ),
        ).toMatch(/^The id in the path must be a whole number from 1 to 2147483647$/);
      }
      expect(
        await expectRejected(
          await send('PUT', `/svc-item/${item.id}`, { name: '', version: item.version }),
          400,
          'request/invalid-body',
          'name',
        ),
      ).toBe('name is required');
      expect(
        await expectRejected(
          await send('PUT', `/svc-item/${item.id}`, { serviceCategoryId: 987_654, version: item.version }),
          400,
          'request/invalid-body',
          'serviceCategoryId',
        ),
      ).toBe('No service category with id 987654');
      expect(
        await expectRejected(await send('PUT', `/svc-item/${item.id}`, []), 400, 'request/invalid-body'),
      ).toBe('The request body must be an object of service item fields');
      expect(await tableCounts(api.db)).toEqual(before);
      expect(await itemNamed('Dysport')).toEqual(item);
    });
  });

  describe('DELETE', () => {
    it('deletes an item nothing refers to, with its tier prices; then 404', async () => {
      const upperLip = await itemNamed('Upper Lip');
      const response = await send('DELETE', `/svc-item/${upperLip.id}`);
      expect(response.status).toBe(200);
      expect(v.parse(DeletedSchema, await response.json())).toEqual({ id: upperLip.id, deleted: true });
      expect((await list()).some((item) => item.id === upperLip.id)).toBe(false);
      const prices = await api.db
        .select()
        .from(schema.priceTierServiceItems)
        .where(eq(schema.priceTierServiceItems.serviceItemId, upperLip.id));
      expect(prices).toEqual([]);
      expect(
        await expectRejected(await send('DELETE', `/svc-item/${upperLip.id}`), 404, 'service-item/not-found'),
      ).toBe(`No service item with id ${upperLip.id}`);
      await expectRejected(await send('DELETE', '/svc-item/zero'), 400, 'request/invalid-param', 'id');
    });

    it('409 naming the bundles and promo codes that use it, and nothing is deleted', async () => {
      const botox = await itemNamed('Botox');
      const before = await tableCounts(api.db);
      expect(
        await expectRejected(await send('DELETE', `/svc-item/${botox.id}`), 409, 'service-item/in-use'),
      ).toBe(
        '"Botox" is used by the bundle "Refresh Injectables Bundle" and the promo code BOTOX25; remove it from there first',
      );
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('409 for an item a provider maps or a special date names', async () => {
      const xeomin = await itemNamed('Xeomin');
      const [location] = await api.db.select().from(schema.locations).limit(1);
      if (!location) throw new Error('no seeded location');
      await api.db
        .insert(schema.providerServiceItems)
        .values({ locationId: location.id, serviceItemId: xeomin.id, externalId: 'ext-1' });
      const [special] = await api.db
        .insert(schema.specialDates)
        .values({ locationId: location.id, startDate: '2030-01-01', endDate: '2030-01-02' })
        .returning();
      await api.db
        .insert(schema.specialDateServiceItems)
        .values({ specialDateId: special?.id ?? 0, serviceItemId: xeomin.id });
      expect(
        await expectRejected(await send('DELETE', `/svc-item/${xeomin.id}`), 409, 'service-item/in-use'),
      ).toBe('"Xeomin" is used by 1 provider service mapping and 1 special date; remove it from there first');
      expect(await itemNamed('Xeomin')).toEqual(xeomin);
    });
  });

  describe('POST /svc-item/display-order/', () => {
    it('saves the new order of the listed items in one go and answers them in that order', async () => {
      const facials = (await list()).filter((item) => item.serviceCategoryId === facialsId).slice(0, 4);
      const reversed = [...facials].reverse();
      const response = await send('POST', '/svc-item/display-order/', {
        newOrder: reversed.map((item, index) => ({ ...item, display_order: index + 1 })),
      });
      expect(response.status).toBe(200);
      const saved = v.parse(ServiceItemListSchema, await response.json());
      expect(saved.map((item) => [item.id, item.display_order])).toEqual(
        reversed.map((item, index) => [item.id, index + 1]),
      );
      const listed = (await list()).filter((item) => facials.some((f) => f.id === item.id));
      expect(listed.map((item) => item.id)).toEqual(reversed.map((item) => item.id));
    });

    it('an entry without display_order takes its place in the list; null clears it', async () => {
      const laser = (await list()).filter((item) => item.serviceCategory?.name === 'Laser (Hair Removal)');
      const [a, b, c] = laser;
      if (!a || !b || !c) throw new Error('seeded laser items missing');
      const response = await send('POST', '/svc-item/display-order', {
        newOrder: [{ id: c.id }, { id: a.id }, { id: b.id, display_order: null }],
      });
      expect(response.status).toBe(200);
      const saved = v.parse(ServiceItemListSchema, await response.json());
      expect(saved.map((item) => [item.id, item.display_order])).toEqual([
        [c.id, 1],
        [a.id, 2],
        [b.id, null],
      ]);
    });

    it('400 naming the field for unknown ids, duplicates, empty or malformed lists; nothing changes', async () => {
      const items = await list();
      const [first, second] = items;
      if (!first || !second) throw new Error('no items');
      const before = await tableCounts(api.db);
      const cases: [unknown, [string | undefined, string]][] = [
        [
          {
            newOrder: [
              { id: first.id, display_order: 9 },
              { id: 987_654, display_order: 1 },
            ],
          },
          ['newOrder', 'No service item with id 987654'],
        ],
        [
          { newOrder: [{ id: first.id }, { id: first.id }] },
          ['newOrder', 'newOrder must not list an item twice'],
        ],
        [{ newOrder: [] }, ['newOrder', 'newOrder must list at least one item']],
        [{ newOrder: 'all' }, ['newOrder', 'newOrder must be a list of items']],
        [{ newOrder: [{ display_order: 1 }] }, ['newOrder', 'id is required']],
        [
          { newOrder: [{ id: second.id, display_order: -1 }] },
          ['newOrder', 'display_order must be a whole number from 0 to 2147483647'],
        ],
        [{}, ['newOrder', 'newOrder is required']],
      ];
      for (const [body, [field, message]] of cases) {
        expect(
          await expectRejected(
            await send('POST', '/svc-item/display-order/', body),
            400,
            'request/invalid-body',
            field,
          ),
          JSON.stringify(body),
        ).toBe(message);
      }
      expect(await tableCounts(api.db)).toEqual(before);
      expect(await list()).toEqual(items);
    });
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
