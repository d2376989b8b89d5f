import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { ServiceCategoryListSchema, ServiceCategorySchema } from '../../src/api/contract/service-category';
import { engines, startTestServer, tableCounts, tokenFor, type TestServer } from './support';

describe.each(engines)('/svc-category on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
  });
  afterAll(async () => {
    await api?.stop();
  });

  async function list(query = '') {
    const response = await api.fetch(`/svc-category${query}`, { token: admin });
    expect(response.status).toBe(200);
    return v.parse(ServiceCategoryListSchema, await response.json());
  }

  const post = (body: string, contentType = 'application/json') =>
    api.fetch('/svc-category', {
      method: 'POST',
      token: admin,
      headers: { 'Content-Type': contentType },
      body,
    });

  async function expectRejected(response: Response, status: number, code: string, field?: string) {
    expect(response.status).toBe(status);
    const error = v.parse(ApiErrorSchema, await response.json());
    expect(error.code).toBe(code);
    expect(error.field, 'field').toBe(field);
    return error.message;
  }

  describe('GET', () => {
    it('returns the seeded categories, Injectables with its Botox and Filler items', async () => {
      const categories = await list();
      expect(categories.map((category) => category.name)).toEqual([
        'Injectables',
        'Facials',
        'Laser (Hair Removal)',
        'Body Contour',
      ]);
      const injectables = categories.find((category) => category.name === 'Injectables');
      const items = injectables?.serviceItems ?? [];
      expect(items.filter((item) => item.subCategory === 'Botox').map((item) => item.name)).toEqual([
        'Botox',
        'Dysport',
        'Xeomin',
      ]);
      expect(items.find((item) => item.name === 'Juvederm')?.subCategory).toBe('Fillers');
      expect(items.find((item) => item.name === 'Restylane')?.subCategory).toBe('Filler');
      expect(items.every((item) => item.serviceCategoryId === injectables?.id)).toBe(true);
      expect(items.find((item) => item.name === 'Botox')).toMatchObject({
        priceInCents: 1_400,
        isPricePerUnit: true,
      });
    });

    it('orders items by display_order, unordered ones last, then by id', async () => {
      for (const category of await list()) {
        const items = category.serviceItems;
        const sorted = [...items].sort(
          (a, b) =>
            (a.display_order ?? Number.POSITIVE_INFINITY) - (b.display_order ?? Number.POSITIVE_INFINITY) ||
            a.id - b.id,
        );
        expect(items.map((item) => item.id)).toEqual(sorted.map((item) => item.id));
      }
      const laser = (await list()).find((category) => category.name === 'Laser (Hair Removal)');
      expect(laser?.serviceItems.every((item) => item.display_order === null)).toBe(true);
    });

    it('priceTiersIds overrides prices the tier sets and keeps the others', async () => {
      const tiers = await api.db.query.priceTiers.findMany();
      const metro = tiers.find((tier) => tier.name === 'Los Angeles Metro');
      const fallback = tiers.find((tier) => tier.name === 'Default');
      if (!metro || !fallback) throw new Error('seeded tiers missing');
      const priceOf = (categories: Awaited<ReturnType<typeof list>>, name: string) =>
        categories.flatMap((category) => category.serviceItems).find((item) => item.name === name);

      const base = await list();
      const overridden = await list(`?priceTiersIds=${metro.id}`);
      expect(priceOf(overridden, 'HydraFacial')?.priceInCents).toBe(22_900);
      expect(priceOf(overridden, 'Botox')).toMatchObject({ priceInCents: 1_600, isPricePerUnit: true });
      expect(priceOf(overridden, 'Chemical Peel')?.priceInCents).toBe(
        priceOf(base, 'Chemical Peel')?.priceInCents,
      );
      expect(priceOf(base, 'HydraFacial')?.priceInCents).toBe(19_900);

      // The first listed tier wins, whether the ids are repeated parameters or a comma list.
      const metroFirst = await list(`?priceTiersIds=${metro.id}&priceTiersIds=${fallback.id}`);
      expect(priceOf(metroFirst, 'HydraFacial')?.priceInCents).toBe(22_900);
      const defaultFirst = await list(`?priceTiersIds=${fallback.id},${metro.id}`);
      expect(priceOf(defaultFirst, 'HydraFacial')?.priceInCents).toBe(19_900);
    });

    it('400 for priceTiersIds that are not ids, 404 for a tier that does not exist', async () => {
      for (const query of [
        '?priceTiersIds=abc',
        '?priceTiersIds=1,x',
        '?priceTiersIds=-1',
        '?priceTiersIds=99999999999',
      ]) {
        const response = await api.fetch(`/svc-category${query}`, { token: admin });
        expect(await expectRejected(response, 400, 'request/invalid-query', 'priceTiersIds'), query).toMatch(
          /^priceTiersIds must be a whole number from 1 to 2147483647$/,
        );
      }
      const missing = await api.fetch('/svc-category?priceTiersIds=987654', { token: admin });
      expect(await expectRejected(missing, 404, 'price-tier/not-found', 'priceTiersIds')).toBe(
        'No price tier with id 987654',
      );
    });
  });

  describe('POST', () => {
    it('400 naming the field when name is missing or blank, and nothing is stored', async () => {
      const before = await tableCounts(api.db);
      for (const body of ['{}', '{"name":"   "}', '{"iconURL":"x.png"}']) {
        expect(await expectRejected(await post(body), 400, 'request/invalid-body', 'name'), body).toBe(
          'name is required',
        );
      }
      expect(await expectRejected(await post('{"name":42}'), 400, 'request/invalid-body', 'name')).toBe(
        'name is required',
      );
      expect(
        await expectRejected(await post('{"name":"Ok","iconURL":7}'), 400, 'request/invalid-body', 'iconURL'),
      ).toBe('iconURL must be a string');
      // PostgreSQL cannot store NUL in text: without the check this would be a 500 from the insert.
      expect(
        await expectRejected(await post('{"name":"Bad\\u0000name"}'), 400, 'request/invalid-body', 'name'),
      ).toBe('Text must not contain NUL characters');
      expect(await expectRejected(await post('[]'), 400, 'request/invalid-body', 'name')).toBe(
        'name is required',
      );
      expect(await expectRejected(await post('null'), 400, 'request/invalid-body')).toBe(
        'The request body must be an object with a name',
      );
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('400 for malformed JSON, 415 for a body that is not JSON, and nothing is stored', async () => {
      const before = await tableCounts(api.db);
      expect(await expectRejected(await post('{"name": "Broken"'), 400, 'request/invalid-json')).toMatch(
        /not valid JSON/,
      );
      expect(await expectRejected(await post(''), 400, 'request/invalid-json')).toMatch(/not valid JSON/);
      expect(
        await expectRejected(
          await post('name=Form', 'application/x-www-form-urlencoded'),
          415,
          'request/unsupported-media-type',
        ),
      ).toMatch(/JSON/);
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('201 with the created category, which GET then lists', async () => {
      const response = await post(JSON.stringify({ name: '  Wellness  ', iconURL: '/uploads/wellness.svg' }));
      expect(response.status).toBe(201);
      const created = v.parse(ServiceCategorySchema, await response.json());
      expect(created).toMatchObject({ name: 'Wellness', iconURL: '/uploads/wellness.svg', serviceItems: [] });

      const withoutIcon = v.parse(ServiceCategorySchema, await (await post('{"name":"Massage"}')).json());
      expect(withoutIcon.iconURL).toBeNull();

      const listed = await list();
      expect(listed.find((category) => category.id === created.id)).toEqual(created);
      expect(listed.at(-1)?.name).toBe('Massage');
    });

    it('accepts the path with a trailing slash', async () => {
      const response = await api.fetch('/svc-category/', {
        method: 'POST',
        token: admin,
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"Trailing"}',
      });
      expect(response.status).toBe(201);
    });

    // Last: the server answers before reading the whole body and then drops that connection, which the
    // client's keep-alive pool may not notice in time for the next request.
    it('413 for a body over the limit', async () => {
      const response = await post(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }));
      await expectRejected(response, 413, 'request/too-large');
    });
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
