/**
 * Weekly availability (spec 02 §3, §7 Availability): versioned saves (a PUT sends the version it read; an
 * older one is 409 record/stale and changes no row), who may read and write a location's availability (a
 * provider only their own locations, by the path's id and by the body's `location.id` and `serviceCategory.id`),
 * and that every refusal leaves every row as it was.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../src/api/contract/error-codes';
import {
  AvailabilityListSchema,
  AvailabilitySchema,
  type Timeslots,
} from '../../src/api/contract/onboarding';
import { VERSION_REQUIRED_MESSAGE } from '../../src/api/contract/version';
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

/** Every weekday open at `time` (and closed at 07:15), Sunday closed. */
function week(time: string): Timeslots {
  const day = [
    { time, checked: true },
    { time: '07:15', checked: false },
  ];
  return {
    Monday: day,
    Tuesday: day,
    Wednesday: day,
    Thursday: day,
    Friday: day,
    Saturday: day,
    Sunday: [],
  };
}

describe.each(engines)('availabilities on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  /** Provider A (provider@upkeep.test): Glow Studio's location. */
  let glowLocation = 0;
  /** Provider B (multi@upkeep.test): Serenity Med Spa's location. */
  let serenityLocation = 0;
  let facials = 0;
  let injectables = 0;

  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    glowLocation = await locationIdOf(api.db, 'Glow Studio');
    serenityLocation = await locationIdOf(api.db, 'Serenity Med Spa');
    facials = await idByName(api.db, t.serviceCategories, 'Facials');
    injectables = await idByName(api.db, t.serviceCategories, 'Injectables');
  });
  afterAll(async () => {
    await api?.stop();
  });

  const rowOf = async (id: number) => {
    const [row] = await api.db.select().from(t.availabilities).where(eq(t.availabilities.id, id));
    return row;
  };
  const allRows = () => api.db.select().from(t.availabilities).orderBy(t.availabilities.id);

  async function create(token: string, location: number, category: number, time = '07:00') {
    const created = await call(api, 'POST', '/availabilities', token, {
      serviceCategory: { id: category },
      location: { id: location },
      timeslots: week(time),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return v.parse(AvailabilitySchema, created.body);
  }

  /** A fresh category per test, so each test has its own row at each location. */
  let categories = 0;
  async function freshCategory() {
    categories += 1;
    const [row] = await api.db
      .insert(t.serviceCategories)
      .values({ name: `Availability ${engine} ${categories}` })
      .returning({ id: t.serviceCategories.id });
    if (!row) throw new Error('no category');
    return row.id;
  }

  it('a create answers version 1; each save sends the version read and answers the next; reads carry it', async () => {
    const category = await freshCategory();
    const created = await create(as.glow, glowLocation, category);
    expect(created).toMatchObject({ serviceCategoryId: category, locationId: glowLocation, version: 1 });

    const first = await call(api, 'PUT', `/availabilities/${created.id}`, as.glow, {
      timeslots: week('08:00'),
      version: 1,
    });
    expect(first.status).toBe(200);
    expect(v.parse(AvailabilitySchema, first.body)).toMatchObject({ version: 2, timeslots: week('08:00') });
    // A save that changes nothing is still a save: the version moves on.
    const second = await call(api, 'PUT', `/availabilities/${created.id}`, as.glow, {
      timeslots: week('08:00'),
      version: 2,
    });
    expect(v.parse(AvailabilitySchema, second.body).version).toBe(3);

    const list = v.parse(
      AvailabilityListSchema,
      (await call(api, 'GET', `/availabilities?locationId=${glowLocation}`, as.glow)).body,
    );
    expect(list.find((entry) => entry.id === created.id)).toMatchObject({
      version: 3,
      timeslots: week('08:00'),
    });
  });

  it('a save based on an older version is 409 record/stale and changes no row', async () => {
    const category = await freshCategory();
    const created = await create(as.glow, glowLocation, category);
    await call(api, 'PUT', `/availabilities/${created.id}`, as.glow, {
      timeslots: week('08:00'),
      version: 1,
    });
    const saved = await rowOf(created.id);

    const stale = await call(api, 'PUT', `/availabilities/${created.id}`, as.glow, {
      timeslots: week('09:00'),
      version: 1,
    });
    expect(expectError(stale, 409, API_ERROR_CODES.recordStale, 'version').message).toBe(
      RECORD_STALE_MESSAGE,
    );
    expect(await rowOf(created.id)).toEqual(saved);
    // An admin's stale save is refused the same way.
    expectError(
      await call(api, 'PUT', `/availabilities/${created.id}`, as.admin, {
        timeslots: week('09:00'),
        version: 1,
      }),
      409,
      API_ERROR_CODES.recordStale,
      'version',
    );
    expect(await rowOf(created.id)).toEqual(saved);
  });

  it('three concurrent saves from one version: one applies, the others get 409', async () => {
    const category = await freshCategory();
    const created = await create(as.admin, glowLocation, category);
    const times = ['08:00', '09:00', '10:00'];
    const responses = await Promise.all(
      times.map((time) =>
        call(api, 'PUT', `/availabilities/${created.id}`, as.admin, { timeslots: week(time), version: 1 }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    const winner = times[responses.findIndex((response) => response.status === 200)] ?? '';
    expect(await rowOf(created.id)).toMatchObject({ version: 2, timeslots: week(winner) });
  });

  it('400 names the field: no version, a bad version, bad slots, a bad id; no row changes', async () => {
    const category = await freshCategory();
    const created = await create(as.glow, glowLocation, category);
    const before = await allRows();
    const missing = expectError(
      await call(api, 'PUT', `/availabilities/${created.id}`, as.glow, { timeslots: week('08:00') }),
      400,
      API_ERROR_CODES.invalidBody,
      'version',
    );
    expect(missing.message).toContain(VERSION_REQUIRED_MESSAGE);
    expectError(
      await call(api, 'PUT', `/availabilities/${created.id}`, as.glow, {
        timeslots: week('08:00'),
        version: 0,
      }),
      400,
      API_ERROR_CODES.invalidBody,
      'version',
    );
    expectError(
      await call(api, 'PUT', `/availabilities/${created.id}`, as.glow, {
        timeslots: { ...week('08:00'), Tuesday: [{ time: '25:00', checked: true }] },
        version: 1,
      }),
      400,
      API_ERROR_CODES.invalidBody,
      'timeslots',
    );
    expectError(
      await call(api, 'PUT', '/availabilities/abc', as.glow, { timeslots: week('08:00'), version: 1 }),
      400,
      API_ERROR_CODES.invalidParam,
      'id',
    );
    expectError(
      await call(api, 'POST', '/availabilities', as.glow, {
        serviceCategory: { id: category },
        timeslots: week('08:00'),
      }),
      400,
      API_ERROR_CODES.invalidBody,
      'location',
    );
    expectError(
      await call(api, 'GET', '/availabilities?locationId=abc', as.glow),
      400,
      API_ERROR_CODES.invalidQuery,
      'locationId',
    );
    expect(await allRows()).toEqual(before);
  });

  it('401 without a token and 403 for a customer or a provider account with no provider; nothing changes', async () => {
    const category = await freshCategory();
    const created = await create(as.glow, glowLocation, category);
    const before = await allRows();
    const put = { timeslots: week('08:00'), version: 1 };
    const post = {
      serviceCategory: { id: injectables },
      location: { id: glowLocation },
      timeslots: week('08:00'),
    };
    await expectNoChange(api.db, async () => {
      expectError(
        await call(api, 'GET', `/availabilities?locationId=${glowLocation}`),
        401,
        API_ERROR_CODES.unauthenticated,
      );
      expectError(
        await call(api, 'POST', '/availabilities', undefined, post),
        401,
        API_ERROR_CODES.unauthenticated,
      );
      expectError(
        await call(api, 'PUT', `/availabilities/${created.id}`, undefined, put),
        401,
        API_ERROR_CODES.unauthenticated,
      );
      for (const token of [as.customer, as.unlinked]) {
        expectError(
          await call(api, 'GET', `/availabilities?locationId=${glowLocation}`, token),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(await call(api, 'POST', '/availabilities', token, post), 403, API_ERROR_CODES.forbidden);
        expectError(
          await call(api, 'PUT', `/availabilities/${created.id}`, token, put),
          403,
          API_ERROR_CODES.forbidden,
        );
      }
    });
    expect(await allRows()).toEqual(before);
  });

  it('provider A can neither read nor write provider B’s location’s availability; nothing changes', async () => {
    // Provider B's row, made by B; provider A's own row, made by A.
    const theirs = await create(as.multi, serenityLocation, facials);
    const mine = await create(as.glow, glowLocation, facials, '09:00');
    const before = await allRows();
    await expectNoChange(api.db, async () => {
      // The path: B's location's list, and B's row by its id.
      expectError(
        await call(api, 'GET', `/availabilities?locationId=${serenityLocation}`, as.glow),
        403,
        API_ERROR_CODES.forbidden,
      );
      expectError(
        await call(api, 'PUT', `/availabilities/${theirs.id}`, as.glow, {
          timeslots: week('10:00'),
          version: 1,
        }),
        403,
        API_ERROR_CODES.forbidden,
      );
      // The body: a create naming B's location, for a category B has and one B has not.
      for (const category of [facials, injectables]) {
        expectError(
          await call(api, 'POST', '/availabilities', as.glow, {
            serviceCategory: { id: category },
            location: { id: serenityLocation },
            timeslots: week('10:00'),
          }),
          403,
          API_ERROR_CODES.forbidden,
          'location',
        );
      }
      // And the other way round.
      expectError(
        await call(api, 'PUT', `/availabilities/${mine.id}`, as.multi, {
          timeslots: week('10:00'),
          version: 1,
        }),
        403,
        API_ERROR_CODES.forbidden,
      );
      expectError(
        await call(api, 'GET', `/availabilities?locationId=${glowLocation}`, as.multi),
        403,
        API_ERROR_CODES.forbidden,
      );
    });
    expect(await allRows()).toEqual(before);
    // B's list never shows A's row, and A's never shows B's.
    const theirList = v.parse(
      AvailabilityListSchema,
      (await call(api, 'GET', `/availabilities?locationId=${serenityLocation}`, as.multi)).body,
    );
    expect(theirList.map((entry) => entry.id)).toContain(theirs.id);
    expect(theirList.map((entry) => entry.locationId)).toEqual(theirList.map(() => serenityLocation));
    // An admin reaches both.
    expect((await call(api, 'GET', `/availabilities?locationId=${serenityLocation}`, as.admin)).status).toBe(
      200,
    );
  });

  it('unknown ids: 404 naming the field, and no row is written', async () => {
    const before = await allRows();
    expectError(
      await call(api, 'PUT', '/availabilities/999999', as.admin, { timeslots: week('08:00'), version: 1 }),
      404,
      API_ERROR_CODES.availabilityNotFound,
      'id',
    );
    expectError(
      await call(api, 'POST', '/availabilities', as.glow, {
        serviceCategory: { id: 999999 },
        location: { id: glowLocation },
        timeslots: week('08:00'),
      }),
      404,
      API_ERROR_CODES.serviceCategoryNotFound,
      'serviceCategory',
    );
    expect(await allRows()).toEqual(before);
  });
});
