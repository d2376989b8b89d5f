/**
 * Onboarding endpoints: strategies, credentials (secrets never answered in full, never logged),
 * availabilities, who may do what, and the test-mode fault header.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import {
  AvailabilityListSchema,
  AvailabilitySchema,
  CredentialsSchema,
  StrategyListSchema,
  TEST_FAULT_HEADER,
  type Timeslots,
} from '../../src/api/contract/onboarding';
import { createApp } from '../../server/app';
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
import {
  HIGH_LIMITS,
  captureLog,
  engines,
  startTestServer,
  tableCounts,
  testIdentity,
  type TestServer,
} from './support';
import { readEnv } from '../../server/env';
import { openSecret } from '../../server/onboarding/secrets';

const SECRET = 'hunter2-very-secret-password';

function week(checked: boolean): Timeslots {
  const day = [
    { time: '07:00', checked },
    { time: '07:15', checked: !checked },
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

describe.each(engines)('onboarding endpoints on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('GET /strategies lists the five strategies and which store credentials; 401 without a token, 403 for a customer', async () => {
    const list = v.parse(StrategyListSchema, (await call(api, 'GET', '/strategies', as.glow)).body);
    expect(list.map((entry) => entry.strategy)).toEqual([
      'MANUAL',
      'MINDBODY',
      'BOOKER',
      'BOULEVARD',
      'SQUARE',
    ]);
    expect(list.filter((entry) => entry.usesCredentials).map((entry) => entry.strategy)).toEqual([
      'MINDBODY',
      'SQUARE',
    ]);
    expectError(await call(api, 'GET', '/strategies'), 401, API_ERROR_CODES.unauthenticated);
    expectError(await call(api, 'GET', '/strategies', as.customer), 403, API_ERROR_CODES.forbidden);
  });

  describe('credentials', () => {
    it('saves credentials, answers secrets masked, and never writes them to the log', async () => {
      const created = await call(api, 'POST', '/credentials', as.glow, {
        strategy: 'MINDBODY',
        username: 'owner',
        password: SECRET,
        siteId: '-99',
      });
      expect(created.status).toBe(201);
      const saved = v.parse(CredentialsSchema, created.body);
      expect(saved).toMatchObject({ strategy: 'MINDBODY', username: 'owner', siteId: '-99' });
      expect(saved.password).not.toContain('hunter2');
      expect(saved.password?.endsWith('word')).toBe(true);
      const [row] = await api.db.select().from(t.credentials).where(eq(t.credentials.id, saved.id));
      expect(row?.password).not.toContain(SECRET);
      expect(openSecret(row?.password ?? '')).toBe(SECRET);

      const changed = await call(api, 'PUT', `/credentials/${saved.id}`, as.glow, {
        accessToken: SECRET,
        version: saved.version,
      });
      expect(changed.status).toBe(200);
      expect(JSON.stringify(changed.body)).not.toContain(SECRET);
      expect(api.logRaw.join('\n')).not.toContain('hunter2');

      const deleted = await call(api, 'DELETE', `/credentials/${saved.id}`, as.glow);
      expect(deleted).toEqual({ status: 200, body: { id: saved.id, deleted: true } });
      expect(await api.db.select().from(t.credentials).where(eq(t.credentials.id, saved.id))).toEqual([]);
    });

    it('refuses another provider user (403), unknown ids (404), bad bodies (400), no token (401), a customer (403)', async () => {
      const created = v.parse(
        CredentialsSchema,
        (await call(api, 'POST', '/credentials', as.glow, { strategy: 'SQUARE', accessToken: SECRET })).body,
      );
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'PUT', `/credentials/${created.id}`, as.multi, { username: 'x', version: 1 }),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'DELETE', `/credentials/${created.id}`, as.multi),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'PUT', '/credentials/999999', as.admin, { username: 'x', version: 1 }),
          404,
          API_ERROR_CODES.credentialsNotFound,
        );
        expectError(
          await call(api, 'DELETE', '/credentials/999999', as.admin),
          404,
          API_ERROR_CODES.credentialsNotFound,
        );
        expectError(
          await call(api, 'POST', '/credentials', as.glow, { strategy: 'FAX' }),
          400,
          API_ERROR_CODES.invalidBody,
          'strategy',
        );
        expectError(
          await call(api, 'DELETE', '/credentials/abc', as.admin),
          400,
          API_ERROR_CODES.invalidParam,
          'id',
        );
        expectError(
          await call(api, 'POST', '/credentials', undefined, { strategy: 'SQUARE' }),
          401,
          API_ERROR_CODES.unauthenticated,
        );
        expectError(
          await call(api, 'POST', '/credentials', as.customer, { strategy: 'SQUARE' }),
          403,
          API_ERROR_CODES.forbidden,
        );
      });
      // An admin reaches everything.
      expect((await call(api, 'DELETE', `/credentials/${created.id}`, as.admin)).status).toBe(200);
    });
  });

  describe('availabilities', () => {
    it('creates, lists and changes a location’s availability per category', async () => {
      const location = await locationIdOf(api.db, 'Glow Studio');
      const category = await idByName(api.db, t.serviceCategories, 'Facials');
      const created = await call(api, 'POST', '/availabilities', as.glow, {
        serviceCategory: { id: category },
        location: { id: location },
        timeslots: week(true),
      });
      expect(created.status).toBe(201);
      const saved = v.parse(AvailabilitySchema, created.body);
      expect(saved).toMatchObject({
        serviceCategoryId: category,
        locationId: location,
        timeslots: week(true),
      });

      const list = v.parse(
        AvailabilityListSchema,
        (await call(api, 'GET', `/availabilities?locationId=${location}`, as.glow)).body,
      );
      expect(list.map((entry) => entry.id)).toContain(saved.id);

      const changed = await call(api, 'PUT', `/availabilities/${saved.id}`, as.glow, {
        timeslots: week(false),
        version: saved.version,
      });
      expect(changed.status).toBe(200);
      expect(v.parse(AvailabilitySchema, changed.body)).toMatchObject({
        timeslots: week(false),
        version: saved.version + 1,
      });

      expectError(
        await call(api, 'POST', '/availabilities', as.glow, {
          serviceCategory: { id: category },
          location: { id: location },
          timeslots: week(true),
        }),
        409,
        API_ERROR_CODES.availabilityExists,
      );
    });

    it('refuses another provider’s location (403), unknown ids (404), bad slots (400), no token (401)', async () => {
      const glowLocation = await locationIdOf(api.db, 'Glow Studio');
      const category = await idByName(api.db, t.serviceCategories, 'Injectables');
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'GET', `/availabilities?locationId=${glowLocation}`, as.multi),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'POST', '/availabilities', as.multi, {
            serviceCategory: { id: category },
            location: { id: glowLocation },
            timeslots: week(true),
          }),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'POST', '/availabilities', as.admin, {
            serviceCategory: { id: 999999 },
            location: { id: glowLocation },
            timeslots: week(true),
          }),
          404,
          API_ERROR_CODES.serviceCategoryNotFound,
          'serviceCategory',
        );
        expectError(
          await call(api, 'GET', '/availabilities?locationId=999999', as.admin),
          404,
          API_ERROR_CODES.locationNotFound,
        );
        expectError(
          await call(api, 'PUT', '/availabilities/999999', as.admin, { timeslots: week(true), version: 1 }),
          404,
          API_ERROR_CODES.availabilityNotFound,
        );
        expectError(
          await call(api, 'POST', '/availabilities', as.admin, {
            serviceCategory: { id: category },
            location: { id: glowLocation },
            timeslots: { ...week(true), Monday: [{ time: '07:10', checked: true }] },
          }),
          400,
          API_ERROR_CODES.invalidBody,
          'timeslots',
        );
        expectError(
          await call(api, 'GET', '/availabilities', as.admin),
          400,
          API_ERROR_CODES.invalidQuery,
          'locationId',
        );
        expectError(
          await call(api, 'GET', `/availabilities?locationId=${glowLocation}`),
          401,
          API_ERROR_CODES.unauthenticated,
        );
      });
    });
  });

  describe('the test-mode fault header', () => {
    it('makes the named create fail with nothing written, and leaves the others alone', async () => {
      const before = await tableCounts(api.db);
      for (const [target, path, body] of [
        ['credentials', '/credentials', { strategy: 'MINDBODY' }],
        ['location', '/locations', { streetAddress: '1 Main St', city: 'Austin', state: 'TX' }],
        ['provider', '/providers', { name: 'Fault Spa' }],
        [
          'registration',
          '/provider/invite/user',
          { email: 'fault@upkeep.test', password: 'long-enough', code: 'ANYCODE1' },
        ],
      ] as const) {
        const response = await api.fetch(path, {
          method: 'POST',
          token: as.glow,
          headers: { 'Content-Type': 'application/json', [TEST_FAULT_HEADER]: target },
          body: JSON.stringify(body),
        });
        expect(response.status).toBe(500);
        expect(((await response.json()) as { code: string }).code).toBe(API_ERROR_CODES.testFault);
      }
      expect(await tableCounts(api.db)).toEqual(before);
      const createCredentials = async (fault: string) => {
        const response = await api.fetch('/credentials', {
          method: 'POST',
          token: as.glow,
          headers: { 'Content-Type': 'application/json', [TEST_FAULT_HEADER]: fault },
          body: JSON.stringify({ strategy: 'MINDBODY' }),
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { id: number }).id;
      };
      // Another target, or the same one with another method, leaves the call alone.
      const made = await createCredentials('provider');
      const remove = (id: number, fault: string) =>
        api.fetch(`/credentials/${id}`, {
          method: 'DELETE',
          token: as.glow,
          headers: { [TEST_FAULT_HEADER]: fault },
        });
      expect((await remove(made, 'credentials')).status).toBe(200);
      const kept = await createCredentials('credentials:DELETE');
      const failedDelete = await remove(kept, 'location,credentials:DELETE');
      expect(failedDelete.status).toBe(500);
      expect(((await failedDelete.json()) as { code: string }).code).toBe(API_ERROR_CODES.testFault);
      expect((await remove(kept, 'credentials:GET')).status).toBe(200);
    });

    it("user fails one user's calls with the method named, never the users list", async () => {
      const status = async (method: string, path: string, fault: string) =>
        (await api.fetch(path, { method, token: as.admin, headers: { [TEST_FAULT_HEADER]: fault } })).status;
      const uid = 'seed-jordan-lee';
      expect(await status('GET', `/user/${uid}`, 'user:GET')).toBe(500);
      expect(await status('GET', `/user/${uid}/credits`, 'user:GET')).toBe(500);
      expect(await status('GET', `/user/appointments?firebaseUid=${uid}`, 'user:GET')).toBe(500);
      expect(await status('GET', '/user', 'user:GET')).toBe(200);
      expect(await status('GET', `/user/${uid}`, 'user')).toBe(200);
      expect(await status('GET', `/user/${uid}`, 'user:DELETE')).toBe(200);
      expect(await status('DELETE', `/user/${uid}/credits/999999`, 'user:DELETE')).toBe(500);
    });

    it('is refused outside test mode', async () => {
      const app = createApp({
        db: api.db,
        engine,
        identity: testIdentity(),
        log: captureLog().log,
        env: readEnv({ APP_ENV: 'production', DATA_DIR: '.tmp/onboarding-faults', ...HIGH_LIMITS }),
      });
      const before = await tableCounts(api.db);
      const response = await app.request('/providers', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TEST_FAULT_HEADER]: 'provider' },
        body: JSON.stringify({ name: 'Fault Spa' }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe(API_ERROR_CODES.badRequest);
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });
});
