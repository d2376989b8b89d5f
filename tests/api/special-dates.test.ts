/** /special-date: list, add (YYYY/MM/DD), attach items or bundles, remove; and who may do what. */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { SpecialDateListSchema, SpecialDateSchema } from '../../src/api/contract/special-date';
import * as t from '../../server/db/schema';
import {
  call,
  callers,
  expectError,
  expectNoChange,
  idByName,
  locationIdOf,
  type Callers,
} from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

describe.each(engines)('/special-date on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let glowLocation: number;
  let serenityLocation: number;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    glowLocation = await locationIdOf(api.db, 'Glow Studio');
    serenityLocation = await locationIdOf(api.db, 'Serenity Med Spa');
  });
  afterAll(async () => {
    await api?.stop();
  });

  const list = async (locationId: number, token: string) =>
    v.parse(
      SpecialDateListSchema,
      (await call(api, 'GET', `/special-date/provider/${locationId}`, token)).body,
    );

  async function addDate(start = '2026/12/24', end = '2026/12/26') {
    const created = await call(api, 'POST', '/special-date', as.glow, {
      startDate: start,
      endDate: end,
      locationId: glowLocation,
    });
    expect(created.status).toBe(201);
    return v.parse(SpecialDateSchema, created.body);
  }

  describe('GET /provider/{locationId}', () => {
    it('lists a location’s special dates in YYYY/MM/DD with their items, by start date', async () => {
      const dates = await list(glowLocation, as.glow);
      expect(dates.length).toBeGreaterThanOrEqual(2);
      expect(
        dates.every((date) => /^\d{4}\/\d{2}\/\d{2}$/.test(date.startDate) && date.startDate <= date.endDate),
      ).toBe(true);
      expect(dates.map((date) => date.startDate)).toEqual([...dates.map((date) => date.startDate)].sort());
      expect(dates[0]?.specialDateServiceItems.map((item) => item.serviceItemId)).toEqual([
        await idByName(api.db, t.serviceItems, 'HydraFacial'),
        await idByName(api.db, t.serviceItems, 'Dermaplaning'),
      ]);
      expect(await list(glowLocation, as.admin)).toEqual(dates);
    });

    it('refuses provider A on provider B’s location (403), and answers 404, 400, 401', async () => {
      expectError(
        await call(api, 'GET', `/special-date/provider/${serenityLocation}`, as.glow),
        403,
        API_ERROR_CODES.forbidden,
      );
      expectError(
        await call(api, 'GET', '/special-date/provider/987654', as.admin),
        404,
        API_ERROR_CODES.locationNotFound,
      );
      expectError(
        await call(api, 'GET', '/special-date/provider/x', as.admin),
        400,
        API_ERROR_CODES.invalidParam,
        'locationId',
      );
      expectError(
        await call(api, 'GET', `/special-date/provider/${glowLocation}`),
        401,
        API_ERROR_CODES.unauthenticated,
      );
      expectError(
        await call(api, 'GET', `/special-date/provider/${glowLocation}`, as.customer),
        403,
        API_ERROR_CODES.forbidden,
      );
    });
  });

  describe('POST', () => {
    it('adds a special date from YYYY/MM/DD', async () => {
      const date = await addDate('2027/01/01', '2027/01/01');
      expect(date).toEqual({
        id: date.id,
        startDate: '2027/01/01',
        endDate: '2027/01/01',
        locationId: glowLocation,
        specialDateServiceItems: [],
        version: 1,
      });
      const [row] = await api.db.select().from(t.specialDates).where(eq(t.specialDates.id, date.id));
      expect(row?.startDate).toBe('2027-01-01');
    });

    it.each([
      [{ startDate: '2026-12-24', endDate: '2026/12/24' }, 'startDate'],
      [{ startDate: '2026/02/30', endDate: '2026/03/01' }, 'startDate'],
      [{ startDate: '2026/12/24' }, 'endDate'],
      [{ startDate: '2026/12/26', endDate: '2026/12/24' }, 'endDate'],
      [{ startDate: '2026/12/24', endDate: '2026/12/24', locationId: 'one' }, 'locationId'],
    ])('refuses %j naming %s, and changes nothing', async (body, field) => {
      await expectNoChange(api.db, async () =>
        expectError(
          await call(api, 'POST', '/special-date', as.admin, { locationId: glowLocation, ...body }),
          400,
          API_ERROR_CODES.invalidBody,
          field,
        ),
      );
    });

    it('refuses provider A adding to provider B’s location (403), an unknown location (404), 401', async () => {
      const body = { startDate: '2026/12/24', endDate: '2026/12/24' };
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'POST', '/special-date', as.glow, { ...body, locationId: serenityLocation }),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'POST', '/special-date', as.admin, { ...body, locationId: 987_654 }),
          404,
          API_ERROR_CODES.locationNotFound,
        );
        expectError(
          await call(api, 'POST', '/special-date', undefined, { ...body, locationId: glowLocation }),
          401,
          API_ERROR_CODES.unauthenticated,
        );
        expectError(
          await call(api, 'POST', '/special-date', as.customer, { ...body, locationId: glowLocation }),
          403,
          API_ERROR_CODES.forbidden,
        );
      });
    });
  });

  describe('PUT /{id}', () => {
    it('attaches service items and bundles one at a time, answering the special date with its items', async () => {
      const date = await addDate();
      const botox = await idByName(api.db, t.serviceItems, 'Botox');
      const bundle = await idByName(api.db, t.bundles, 'Glow Up Facial Bundle');
      const first = await call(api, 'PUT', `/special-date/${date.id}`, as.glow, {
        serviceItemId: botox,
        locationId: glowLocation,
        version: date.version,
      });
      expect(first.status).toBe(200);
      // Every save answers the new version; the next save sends it.
      const afterFirst = v.parse(SpecialDateSchema, first.body);
      expect(afterFirst.version).toBe(date.version + 1);
      const second = v.parse(
        SpecialDateSchema,
        (
          await call(api, 'PUT', `/special-date/${date.id}`, as.admin, {
            bundleId: bundle,
            version: afterFirst.version,
          })
        ).body,
      );
      expect(
        second.specialDateServiceItems.map(({ serviceItemId, bundleId }) => ({ serviceItemId, bundleId })),
      ).toEqual([
        { serviceItemId: botox, bundleId: null },
        { serviceItemId: null, bundleId: bundle },
      ]);
      // New dates, and nothing attached.
      const moved = v.parse(
        SpecialDateSchema,
        (
          await call(api, 'PUT', `/special-date/${date.id}`, as.glow, {
            startDate: '2026/12/23',
            endDate: '2026/12/27',
            version: second.version,
          })
        ).body,
      );
      expect(moved).toMatchObject({ startDate: '2026/12/23', endDate: '2026/12/27' });
      expect(moved.specialDateServiceItems).toHaveLength(2);
    });

    it('refuses an item already on the date (409), both kinds at once, unknown items, bad dates (400), changing nothing', async () => {
      const date = await addDate();
      const botox = await idByName(api.db, t.serviceItems, 'Botox');
      expect(
        (
          await call(api, 'PUT', `/special-date/${date.id}`, as.glow, {
            serviceItemId: botox,
            version: date.version,
          })
        ).status,
      ).toBe(200);
      const version = date.version + 1;
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'PUT', `/special-date/${date.id}`, as.glow, { serviceItemId: botox, version }),
          409,
          API_ERROR_CODES.specialDateItemExists,
          'serviceItemId',
        );
        expectError(
          await call(api, 'PUT', `/special-date/${date.id}`, as.glow, {
            serviceItemId: botox,
            bundleId: 1,
            version,
          }),
          400,
          API_ERROR_CODES.invalidBody,
          'bundleId',
        );
        expectError(
          await call(api, 'PUT', `/special-date/${date.id}`, as.glow, { serviceItemId: 987_654, version }),
          400,
          API_ERROR_CODES.invalidBody,
          'serviceItemId',
        );
        expectError(
          await call(api, 'PUT', `/special-date/${date.id}`, as.glow, { bundleId: 987_654, version }),
          400,
          API_ERROR_CODES.invalidBody,
          'bundleId',
        );
        expectError(
          await call(api, 'PUT', `/special-date/${date.id}`, as.glow, { endDate: '2026/12/01', version }),
          400,
          API_ERROR_CODES.invalidBody,
          'endDate',
        );
        expectError(
          await call(api, 'PUT', `/special-date/${date.id}`, as.glow, {
            locationId: serenityLocation,
            version,
          }),
          400,
          API_ERROR_CODES.invalidBody,
          'locationId',
        );
      });
    });

    it('refuses provider A on provider B’s special date (403), and answers 404, 400, 401', async () => {
      const [serenityDate] = await list(serenityLocation, as.admin);
      if (!serenityDate) throw new Error('the seed gives Serenity Med Spa a special date');
      const botox = await idByName(api.db, t.serviceItems, 'Botox');
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'PUT', `/special-date/${serenityDate.id}`, as.glow, {
            serviceItemId: botox,
            version: serenityDate.version,
          }),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'PUT', '/special-date/987654', as.admin, { serviceItemId: botox, version: 1 }),
          404,
          API_ERROR_CODES.specialDateNotFound,
        );
        expectError(
          await call(api, 'PUT', '/special-date/abc', as.admin, {}),
          400,
          API_ERROR_CODES.invalidParam,
          'id',
        );
        expectError(
          await call(api, 'PUT', `/special-date/${serenityDate.id}`, undefined, {}),
          401,
          API_ERROR_CODES.unauthenticated,
        );
        expectError(
          await call(api, 'PUT', `/special-date/${serenityDate.id}`, as.customer, {}),
          403,
          API_ERROR_CODES.forbidden,
        );
      });
    });
  });

  describe('DELETE /svc-item/{id} and DELETE /{id}', () => {
    it('removes one item, then the whole date with the rest of its items', async () => {
      const date = await addDate();
      const botox = await idByName(api.db, t.serviceItems, 'Botox');
      const peel = await idByName(api.db, t.serviceItems, 'Chemical Peel');
      await call(api, 'PUT', `/special-date/${date.id}`, as.glow, {
        serviceItemId: botox,
        version: date.version,
      });
      const withTwo = v.parse(
        SpecialDateSchema,
        (
          await call(api, 'PUT', `/special-date/${date.id}`, as.glow, {
            serviceItemId: peel,
            version: date.version + 1,
          })
        ).body,
      );
      const [first, second] = withTwo.specialDateServiceItems;
      if (!first || !second) throw new Error('two items were attached');
      expect(await call(api, 'DELETE', `/special-date/svc-item/${first.id}`, as.glow)).toEqual({
        status: 200,
        body: { id: first.id, deleted: true },
      });
      const left = (await list(glowLocation, as.glow)).find((entry) => entry.id === date.id);
      expect(left?.specialDateServiceItems.map((item) => item.id)).toEqual([second.id]);
      expect(await call(api, 'DELETE', `/special-date/${date.id}`, as.glow)).toEqual({
        status: 200,
        body: { id: date.id, deleted: true },
      });
      expect((await list(glowLocation, as.glow)).some((entry) => entry.id === date.id)).toBe(false);
      const orphans = await api.db
        .select()
        .from(t.specialDateServiceItems)
        .where(eq(t.specialDateServiceItems.specialDateId, date.id));
      expect(orphans).toEqual([]);
    });

    it('refuses provider A removing provider B’s date or item (403), and answers 404, 400, 401', async () => {
      const [serenityDate] = await list(serenityLocation, as.admin);
      const item = serenityDate?.specialDateServiceItems[0];
      if (!serenityDate || !item)
        throw new Error('the seed gives Serenity Med Spa a special date with an item');
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'DELETE', `/special-date/${serenityDate.id}`, as.glow),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'DELETE', `/special-date/svc-item/${item.id}`, as.glow),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'DELETE', '/special-date/987654', as.admin),
          404,
          API_ERROR_CODES.specialDateNotFound,
        );
        expectError(
          await call(api, 'DELETE', '/special-date/svc-item/987654', as.admin),
          404,
          API_ERROR_CODES.specialDateItemNotFound,
        );
        expectError(
          await call(api, 'DELETE', '/special-date/svc-item/x', as.admin),
          400,
          API_ERROR_CODES.invalidParam,
          'id',
        );
        expectError(
          await call(api, 'DELETE', `/special-date/${serenityDate.id}`),
          401,
          API_ERROR_CODES.unauthenticated,
        );
        expectError(
          await call(api, 'DELETE', `/special-date/svc-item/${item.id}`),
          401,
          API_ERROR_CODES.unauthenticated,
        );
        expectError(
          await call(api, 'DELETE', `/special-date/${serenityDate.id}`, as.customer),
          403,
          API_ERROR_CODES.forbidden,
        );
      });
      // The owner may.
      expect((await call(api, 'DELETE', `/special-date/svc-item/${item.id}`, as.multi)).status).toBe(200);
      expect((await call(api, 'DELETE', `/special-date/${serenityDate.id}`, as.multi)).status).toBe(200);
    });
  });
});
