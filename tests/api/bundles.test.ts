import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleListSchema, BundleSchema, type Bundle } from '../../src/api/contract/bundle';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { ServiceItemListSchema } from '../../src/api/contract/service-item';
import * as schema from '../../server/db/schema';
import { engines, startTestServer, tableCounts, tokenFor, type TestServer } from './support';
import { DeletedSchema } from '../../src/api/contract/primitives';

describe.each(engines)('/bundle on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let provider: string;
  const items = new Map<string, number>();
  const categories = new Map<string, number>();

  beforeAll(async () => {
    api = await startTestServer(engine);
    [admin, provider] = await Promise.all([tokenFor('admin'), tokenFor('provider')]);
    for (const row of await api.db.select().from(schema.serviceItems)) items.set(row.name, row.id);
    for (const row of await api.db.select().from(schema.serviceCategories)) categories.set(row.name, row.id);
  });
  afterAll(async () => {
    await api?.stop();
  });

  const id = (map: Map<string, number>, name: string) => {
    const value = map.get(name);
    if (value === undefined) throw new Error(`nothing seeded named ${name}`);
    return value;
  };

  /** token null: no Authorization header. */
  const send = (method: string, path: string, body?: unknown, token: string | null = admin) =>
    api.fetch(path, {
      method,
      ...(token === null ? {} : { token }),
      ...(body === undefined
        ? {}
        : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });

  async function expectRejected(response: Response, status: number, code: string, field?: string) {
    expect(response.status).toBe(status);
    const error = v.parse(ApiErrorSchema, await response.json());
    expect(error.code).toBe(code);
    expect(error.field, 'field').toBe(field);
    return error.message;
  }

  async function list(token = admin): Promise<Bundle[]> {
    const response = await send('GET', '/bundle', undefined, token);
    expect(response.status).toBe(200);
    return v.parse(BundleListSchema, await response.json());
  }

  async function create(body: unknown): Promise<Bundle> {
    const response = await send('POST', '/bundle/', body);
    expect(response.status).toBe(201);
    return v.parse(BundleSchema, await response.json());
  }

  const names = (bundle: Bundle | undefined) => bundle?.serviceItems.map((item) => item.name);

  describe('who may call it', () => {
    it('providers read bundles; only admins write; no token is a 401', async () => {
      const seeded = await list(provider);
      const refresh = seeded.find((bundle) => bundle.name === 'Refresh Injectables Bundle');
      expect(names(refresh)).toEqual(['Botox', 'Juvederm']);
      const itemsResponse = await send('GET', `/bundle/svc-items/${refresh?.id}`, undefined, provider);
      expect(itemsResponse.status).toBe(200);

      const before = await tableCounts(api.db);
      const writes: [string, string, unknown?][] = [
        ['POST', '/bundle', { name: 'Nope' }],
        ['PUT', `/bundle/${refresh?.id}`, { name: 'Nope' }],
        ['DELETE', `/bundle/${refresh?.id}`],
      ];
      for (const [method, path, body] of writes) {
        expect(await expectRejected(await send(method, path, body, provider), 403, 'auth/forbidden')).toMatch(
          /admin/,
        );
      }
      for (const [method, path, body] of [
        ...writes,
        ['GET', '/bundle'],
        ['GET', `/bundle/svc-items/${refresh?.id}`],
      ] as [string, string, unknown?][]) {
        await expectRejected(await send(method, path, body, null), 401, 'auth/unauthenticated');
      }
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });

  describe('GET', () => {
    it('lists the seeded bundles with their category and items in display order', async () => {
      const bundles = await list();
      expect(bundles.map((bundle) => bundle.name)).toEqual(
        expect.arrayContaining(['Glow Up Facial Bundle', 'Smooth Skin Bundle', 'Refresh Injectables Bundle']),
      );
      const glow = bundles.find((bundle) => bundle.name === 'Glow Up Facial Bundle');
      expect(glow?.serviceCategoryId).toBe(id(categories, 'Facials'));
      expect(names(glow)).toEqual(['HydraFacial', 'Dermaplaning']);
    });

    it('GET /bundle/svc-items/{id}: the items, 404 for no such bundle, 400 for an id that is not one', async () => {
      const glow = (await list()).find((bundle) => bundle.name === 'Glow Up Facial Bundle');
      const response = await send('GET', `/bundle/svc-items/${glow?.id}`);
      const bundleItems = v.parse(ServiceItemListSchema, await response.json());
      expect(bundleItems.map((item) => item.name)).toEqual(['HydraFacial', 'Dermaplaning']);
      expect(
        await expectRejected(await send('GET', '/bundle/svc-items/987654'), 404, 'bundle/not-found'),
      ).toBe('No bundle with id 987654');
      await expectRejected(await send('GET', '/bundle/svc-items/abc'), 400, 'request/invalid-param', 'id');
    });
  });

  describe('POST', () => {
    it('201: an empty body makes "New Bundle" with no items', async () => {
      expect(await create({})).toMatchObject({
        name: 'New Bundle',
        serviceCategoryId: null,
        serviceItems: [],
      });
    });

    it('201 with a category and items as ids (an id listed twice counts once)', async () => {
      const created = await create({
        name: '  Summer Glow  ',
        serviceCategoryId: id(categories, 'Facials'),
        serviceItems: [id(items, 'Chemical Peel'), id(items, 'HydraFacial'), id(items, 'HydraFacial')],
      });
      expect(created.name).toBe('Summer Glow');
      expect(created.serviceCategoryId).toBe(id(categories, 'Facials'));
      expect(names(created)).toEqual(['HydraFacial', 'Chemical Peel']);
      expect((await list()).find((bundle) => bundle.id === created.id)).toEqual(created);
    });

    it('400 naming the field, and nothing is stored', async () => {
      const before = await tableCounts(api.db);
      const cases: [unknown, [string | undefined, string]][] = [
        [{ name: '  ' }, ['name', 'name is required']],
        [{ name: 7 }, ['name', 'name is required']],
        [{ serviceItems: 'all' }, ['serviceItems', 'serviceItems must be a list of service item ids']],
        [
          { serviceItems: [1.5] },
          ['serviceItems', 'serviceItems must be a whole number from 1 to 2147483647'],
        ],
        [
          { serviceItems: [id(items, 'Botox'), 987_654, 987_655] },
          ['serviceItems', 'No service item with id 987654, 987655'],
        ],
        [{ serviceCategoryId: 987_654 }, ['serviceCategoryId', 'No service category with id 987654']],
        [
          { serviceCategoryId: 'Facials' },
          ['serviceCategoryId', 'serviceCategoryId must be a whole number from 1 to 2147483647'],
        ],
        [[], [undefined, 'The request body must be an object of bundle fields']],
      ];
      for (const [body, [field, message]] of cases) {
        expect(
          await expectRejected(await send('POST', '/bundle', body), 400, 'request/invalid-body', field),
          JSON.stringify(body),
        ).toBe(message);
      }
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });

  describe('PUT', () => {
    it('renames and replaces the items; keys left out stay as they are', async () => {
      const bundle = await create({ name: 'Editable', serviceItems: [id(items, 'Botox')] });
      const response = await send('PUT', `/bundle/${bundle.id}`, {
        name: 'Edited',
        serviceItems: [id(items, 'Dysport'), id(items, 'Xeomin')],
        version: 1,
      });
      expect(response.status).toBe(200);
      const edited = v.parse(BundleSchema, await response.json());
      expect(edited).toMatchObject({ id: bundle.id, name: 'Edited', serviceCategoryId: null });
      expect(names(edited)).toEqual(['Dysport', 'Xeomin']);

      const renamed = v.parse(
        BundleSchema,
        await (await send('PUT', `/bundle/${bundle.id}/`, { name: 'Renamed', version: 2 })).json(),
      );
      expect(names(renamed)).toEqual(['Dysport', 'Xeomin']);
      const emptied = v.parse(
        BundleSchema,
        await (await send('PUT', `/bundle/${bundle.id}`, { serviceItems: [], version: 3 })).json(),
      );
      expect(emptied).toMatchObject({ name: 'Renamed', serviceItems: [] });
    });

    it('404 for no such bundle, 400 for bad ids and bodies; nothing changes', async () => {
      const bundle = await create({ name: 'Stable', serviceItems: [id(items, 'Botox')] });
      const before = await tableCounts(api.db);
      await expectRejected(
        await send('PUT', '/bundle/987654', { name: 'X', version: 1 }),
        404,
        'bundle/not-found',
      );
      await expectRejected(
        await send('PUT', '/bundle/0', { name: 'X', version: 1 }),
        400,
        'request/invalid-param',
        'id',
      );
      expect(
        await expectRejected(
          await send('PUT', `/bundle/${bundle.id}`, { name: 'Half', serviceItems: [987_654], version: 1 }),
          400,
          'request/invalid-body',
          'serviceItems',
        ),
      ).toBe('No service item with id 987654');
      expect(await tableCounts(api.db)).toEqual(before);
      expect((await list()).find((candidate) => candidate.id === bundle.id)).toEqual(bundle);
    });
  });

  describe('DELETE', () => {
    it('deletes a bundle with its item links; appointments keep their name; then 404', async () => {
      const smooth = (await list()).find((bundle) => bundle.name === 'Smooth Skin Bundle');
      if (!smooth) throw new Error('seeded bundle missing');
      const response = await send('DELETE', `/bundle/${smooth.id}`);
      expect(response.status).toBe(200);
      expect(v.parse(DeletedSchema, await response.json())).toEqual({ id: smooth.id, deleted: true });
      expect((await list()).some((bundle) => bundle.id === smooth.id)).toBe(false);
      const links = await api.db
        .select()
        .from(schema.bundleServiceItems)
        .where(eq(schema.bundleServiceItems.bundleId, smooth.id));
      expect(links).toEqual([]);
      const [appointment] = await api.db
        .select()
        .from(schema.appointments)
        .where(eq(schema.appointments.groupId, 'seed-appt-08'));
      expect(appointment).toMatchObject({ bundleId: null, name: 'Smooth Skin Bundle' });
      await expectRejected(await send('DELETE', `/bundle/${smooth.id}`), 404, 'bundle/not-found');
    });

    it('409 while a provider maps the bundle, and nothing is deleted', async () => {
      const bundle = await create({ name: 'Mapped', serviceItems: [id(items, 'Botox')] });
      const [location] = await api.db.select().from(schema.locations).limit(1);
      if (!location) throw new Error('no seeded location');
      await api.db
        .insert(schema.providerServiceItems)
        .values({ locationId: location.id, bundleId: bundle.id });
      const before = await tableCounts(api.db);
      expect(await expectRejected(await send('DELETE', `/bundle/${bundle.id}`), 409, 'bundle/in-use')).toBe(
        'The bundle "Mapped" is used by 1 provider service mapping; remove it from there first',
      );
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
