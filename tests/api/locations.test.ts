/** /locations: list, create, change and delete, the save rules of spec 02 §5, and who may do what. */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { LocationListSchema, LocationSchema } from '../../src/api/contract/provider';
import { PROVIDER_MESSAGES } from '../../src/domain/shared/messages';
import * as t from '../../server/db/schema';
import {
  call,
  callers,
  expectError,
  expectNoChange,
  locationIdOf,
  providerId,
  type Callers,
} from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

const ADDRESS = {
  streetAddress: '500 Ocean Ave',
  city: 'Santa Monica',
  state: 'CA',
  zip: '90402',
  country: 'US',
};

describe.each(engines)('/locations on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  async function locationRow(id: number) {
    const [row] = await api.db.select().from(t.locations).where(eq(t.locations.id, id));
    return row;
  }

  describe('GET', () => {
    it('gives an admin every location, or one provider’s with providerId', async () => {
      const all = v.parse(LocationListSchema, (await call(api, 'GET', '/locations', as.admin)).body);
      expect(all.length).toBe((await api.db.select().from(t.locations)).length);
      const glow = await providerId(api.db, 'Glow Studio');
      const one = v.parse(
        LocationListSchema,
        (await call(api, 'GET', `/locations?providerId=${glow}`, as.admin)).body,
      );
      expect(one).toHaveLength(1);
      expect(one[0]).toMatchObject({
        city: 'Santa Monica',
        isOpenDay1: true,
        day1open: '9:00am',
        day1close: '7:00pm',
      });
    });

    it('gives a provider user only their providers’ locations', async () => {
      const mine = v.parse(LocationListSchema, (await call(api, 'GET', '/locations', as.multi)).body);
      expect(mine.map((location) => location.city).sort()).toEqual(['Chicago', 'New York']);
    });

    it('refuses provider A asking for provider B’s locations (403), a customer (403), no token (401), a bad query (400)', async () => {
      const serenity = await providerId(api.db, 'Serenity Med Spa');
      expectError(
        await call(api, 'GET', `/locations?providerId=${serenity}`, as.glow),
        403,
        API_ERROR_CODES.forbidden,
      );
      expectError(await call(api, 'GET', '/locations', as.customer), 403, API_ERROR_CODES.forbidden);
      expectError(await call(api, 'GET', '/locations'), 401, API_ERROR_CODES.unauthenticated);
      expectError(
        await call(api, 'GET', '/locations?providerId=x', as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        'providerId',
      );
    });
  });

  describe('POST', () => {
    it('creates a location: default time zone, emails without whitespace, coordinates and hours stored', async () => {
      const created = await call(api, 'POST', '/locations', as.admin, {
        ...ADDRESS,
        billingContactEmail: ' a@example.com , b@example.org ',
        coordinates: { lat: 34.02, lng: -118.5 },
        taxRate: 0.095,
        isOpenDay2: true,
        day2open: '8:00am',
        day2close: '5:30pm',
      });
      expect(created.status).toBe(201);
      const location = v.parse(LocationSchema, created.body);
      expect(location).toMatchObject({
        ...ADDRESS,
        timezone: 'America/Los_Angeles',
        billingContactEmail: 'a@example.com,b@example.org',
        coordinates: { lat: 34.02, lng: -118.5 },
        taxRate: 0.095,
        isOpenDay2: true,
        day2open: '8:00am',
        day2close: '5:30pm',
        isOpenDay1: false,
      });
      expect((await locationRow(location.id))?.lat).toBe(34.02);
    });

    it('accepts state or country: a street, a city and a country is enough', async () => {
      const created = await call(api, 'POST', '/locations', as.admin, {
        streetAddress: '1 Rue X',
        city: 'Paris',
        country: 'FR',
      });
      expect(created.status).toBe(201);
    });

    it.each([
      [{ city: 'Austin', state: 'TX' }, 'streetAddress'],
      [{ streetAddress: '1 Main St', state: 'TX' }, 'city'],
      [{ streetAddress: '1 Main St', city: 'Austin' }, 'state'],
      [{ streetAddress: '  ', city: 'Austin', state: 'TX' }, 'streetAddress'],
    ])("answers 'Address is required' for %j, naming %s, and changes nothing", async (body, field) => {
      await expectNoChange(api.db, async () => {
        const error = expectError(
          await call(api, 'POST', '/locations', as.admin, body),
          400,
          API_ERROR_CODES.addressRequired,
        );
        expect(error).toEqual({
          code: API_ERROR_CODES.addressRequired,
          message: PROVIDER_MESSAGES.addressRequired,
          field,
        });
      });
    });

    it.each([
      [{ billingContactEmail: 'a@example.com, not-an-email' }, 'billingContactEmail'],
      [{ taxRate: 1.5 }, 'taxRate'],
      [{ taxRate: -0.1 }, 'taxRate'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ coordinates: { lat: 91, lng: 0 } }, 'coordinates'],
      [{ coordinates: { lat: 'north', lng: 0 } }, 'coordinates'],
      [{ isOpenDay1: true, day1open: '5:00pm', day1close: '9:00am' }, 'day1close'],
      [{ isOpenDay3: true, day3close: '9:00pm' }, 'day3open'],
      [{ isOpenDay4: true, day4open: 'nine', day4close: '9:00pm' }, 'day4open'],
    ])('refuses %j naming %s, and changes nothing', async (extra, field) => {
      await expectNoChange(api.db, async () =>
        expectError(
          await call(api, 'POST', '/locations', as.admin, { ...ADDRESS, ...extra }),
          400,
          API_ERROR_CODES.invalidBody,
          field,
        ),
      );
    });

    it('refuses a customer (403) and an anonymous caller (401)', async () => {
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'POST', '/locations', as.customer, ADDRESS),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'POST', '/locations', undefined, ADDRESS),
          401,
          API_ERROR_CODES.unauthenticated,
        );
      });
    });
  });

  describe('PUT /{id}', () => {
    it('changes only the keys sent, checking the result as a whole', async () => {
      const id = await locationIdOf(api.db, 'Glow Studio');
      const before = await locationRow(id);
      const changed = await call(api, 'PUT', `/locations/${id}`, as.glow, {
        version: before?.version,
        addressLine2: 'Suite 2',
        isEMAILNotificationsEnabled: true,
        isOpenDay7: true,
        day7open: '10:00am',
        day7close: '4:00pm',
      });
      expect(changed.status).toBe(200);
      const after = await locationRow(id);
      expect(after).toEqual({
        ...before,
        addressLine2: 'Suite 2',
        isEMAILNotificationsEnabled: true,
        isOpenDay7: true,
        day7open: '10:00am',
        day7close: '4:00pm',
        // Every save counts as a change.
        version: (before?.version ?? 0) + 1,
      });
      // Clearing the city leaves no complete address.
      await expectNoChange(api.db, async () =>
        expectError(
          await call(api, 'PUT', `/locations/${id}`, as.admin, { city: null, version: after?.version }),
          400,
          API_ERROR_CODES.addressRequired,
          'city',
        ),
      );
      expect((await locationRow(id))?.city).toBe('Santa Monica');
      // Closing a day clears its times.
      const closed = v.parse(
        LocationSchema,
        (
          await call(api, 'PUT', `/locations/${id}`, as.admin, {
            version: after?.version,
            isOpenDay7: false,
            day7open: null,
            day7close: null,
          })
        ).body,
      );
      expect(closed).toMatchObject({ isOpenDay7: false, day7open: null, day7close: null });
    });

    it('refuses provider A on provider B’s location (403), changing nothing', async () => {
      const id = await locationIdOf(api.db, 'Serenity Med Spa');
      const before = await locationRow(id);
      await expectNoChange(api.db, async () =>
        expectError(
          await call(api, 'PUT', `/locations/${id}`, as.glow, {
            city: 'Elsewhere',
            version: before?.version,
          }),
          403,
          API_ERROR_CODES.forbidden,
        ),
      );
      expect(await locationRow(id)).toEqual(before);
    });

    it('answers 404, 400 (bad id, bad value), 401 and 403 (customer)', async () => {
      const id = await locationIdOf(api.db, 'Glow Studio');
      const version = (await locationRow(id))?.version;
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'PUT', '/locations/987654', as.admin, { city: 'X', version: 1 }),
          404,
          API_ERROR_CODES.locationNotFound,
        );
        expectError(
          await call(api, 'PUT', '/locations/abc', as.admin, { city: 'X' }),
          400,
          API_ERROR_CODES.invalidParam,
          'id',
        );
        expectError(
          await call(api, 'PUT', `/locations/${id}`, as.admin, { taxRate: 2, version }),
          400,
          API_ERROR_CODES.invalidBody,
          'taxRate',
        );
        expectError(
          await call(api, 'PUT', `/locations/${id}`, as.admin, {
            billingContactEmail: 'x@',
            version,
          }),
          400,
          API_ERROR_CODES.invalidBody,
          'billingContactEmail',
        );
        expectError(
          await call(api, 'PUT', `/locations/${id}`, undefined, { city: 'X' }),
          401,
          API_ERROR_CODES.unauthenticated,
        );
        expectError(
          await call(api, 'PUT', `/locations/${id}`, as.customer, { city: 'X' }),
          403,
          API_ERROR_CODES.forbidden,
        );
      });
    });
  });

  describe('DELETE /{id} (the onboarding rollback)', () => {
    it('deletes a location its creator made and no provider points at; another provider user may not', async () => {
      const created = await call(api, 'POST', '/locations', as.glow, ADDRESS);
      const id = v.parse(LocationSchema, created.body).id;
      // Nobody but its creator (and admins) may see or touch it before a provider points at it.
      expect(
        v.parse(LocationListSchema, (await call(api, 'GET', '/locations', as.multi)).body).map((l) => l.id),
      ).not.toContain(id);
      await expectNoChange(api.db, async () =>
        expectError(await call(api, 'DELETE', `/locations/${id}`, as.multi), 403, API_ERROR_CODES.forbidden),
      );
      const deleted = await call(api, 'DELETE', `/locations/${id}`, as.glow);
      expect(deleted).toEqual({ status: 200, body: { id, deleted: true } });
      expect(await locationRow(id)).toBeUndefined();
    });

    it('refuses a location a provider points at (409), changing nothing', async () => {
      const id = await locationIdOf(api.db, 'Glow Studio');
      await expectNoChange(api.db, async () => {
        const error = expectError(
          await call(api, 'DELETE', `/locations/${id}`, as.admin),
          409,
          API_ERROR_CODES.locationInUse,
        );
        expect(error.message).toContain('Glow Studio');
        expectError(await call(api, 'DELETE', `/locations/${id}`, as.multi), 403, API_ERROR_CODES.forbidden);
      });
    });

    it('answers 404, 400, 401 and 403 (customer)', async () => {
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'DELETE', '/locations/987654', as.admin),
          404,
          API_ERROR_CODES.locationNotFound,
        );
        expectError(
          await call(api, 'DELETE', '/locations/0', as.admin),
          400,
          API_ERROR_CODES.invalidParam,
          'id',
        );
        expectError(await call(api, 'DELETE', '/locations/1'), 401, API_ERROR_CODES.unauthenticated);
        expectError(await call(api, 'DELETE', '/locations/1', as.customer), 403, API_ERROR_CODES.forbidden);
      });
    });
  });
});
