/**
 * A provider's connection settings after onboarding (spec 02 §2 "Location settings and credentials", §3, §7):
 * GET /credentials?provider= and GET /credentials/{id} answer the credentials masked and versioned; PUT
 * /credentials/{id} is a versioned write (400 without a version, 409 record/stale on an older one, one of three
 * concurrent saves applies); POST /strategies/fetch/locations verifies MINDBODY credentials with the saved
 * password when none is typed; the location's externalLocationId is associated with PUT /locations/{id}. Who
 * may do what, and provider A naming provider B's credentials or location is refused and changes nothing.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { CredentialsSchema } from '../../src/api/contract/onboarding';
import { LocationSchema } from '../../src/api/contract/provider';
import { ExternalLocationListSchema } from '../../src/api/contract/strategies';
import * as t from '../../server/db/schema';
import { openSecrets } from '../../server/onboarding/secrets';
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

const SANDBOX = { username: 'Siteowner', password: 'apitest1234', siteId: '-99' };

describe.each(engines)('connection settings on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let serenity: number;
  let serenityCredentials: number;
  let glow: number;
  let glowLocation: number;

  const rowOf = async (id: number) => {
    const [row] = await api.db.select().from(t.credentials).where(eq(t.credentials.id, id));
    if (!row) throw new Error(`no credentials ${id}`);
    return openSecrets(row);
  };
  const locationRow = async (id: number) => {
    const [row] = await api.db.select().from(t.locations).where(eq(t.locations.id, id));
    if (!row) throw new Error(`no location ${id}`);
    return row;
  };
  /** A MINDBODY provider of multi's (linked to the account) with the sandbox login saved, made for one test. */
  async function ownMindbody(label: string) {
    const saved = await call(api, 'POST', '/credentials', as.multi, { strategy: 'MINDBODY', ...SANDBOX });
    const credentials = v.parse(CredentialsSchema, saved.body);
    const provider = await call(api, 'POST', '/providers', as.admin, {
      name: `${label} ${engine} ${Date.now()}`,
      strategy: 'MINDBODY',
      credentialsId: credentials.id,
    });
    expect(provider.status, JSON.stringify(provider.body)).toBe(201);
    const [multi] = await api.db
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.email, 'multi@upkeep.test'));
    const made = provider.body as { id: number };
    await api.db.insert(t.userProviders).values({ userId: multi?.id ?? 0, providerId: made.id });
    return credentials;
  }

  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    serenity = await providerId(api.db, 'Serenity Med Spa');
    glow = await providerId(api.db, 'Glow Studio');
    glowLocation = await locationIdOf(api.db, 'Glow Studio');
    const [row] = await api.db
      .select({ id: t.providers.credentialsId })
      .from(t.providers)
      .where(eq(t.providers.id, serenity));
    serenityCredentials = row?.id ?? 0;
  });
  afterAll(async () => {
    await api?.stop();
  });

  describe('GET /credentials?provider= and GET /credentials/{id}', () => {
    it("answers the provider's credentials masked, with their version, to its users and admins", async () => {
      for (const token of [as.admin, as.multi]) {
        const read = await call(api, 'GET', `/credentials?provider=${serenity}`, token);
        expect(read.status).toBe(200);
        const credentials = v.parse(CredentialsSchema, read.body);
        expect(credentials).toMatchObject({
          id: serenityCredentials,
          strategy: 'MINDBODY',
          username: 'serenity-demo',
          siteId: '-99',
          version: 1,
        });
        expect(credentials.password).not.toContain('demo-password');
        const byId = await call(api, 'GET', `/credentials/${serenityCredentials}`, token);
        expect(byId).toEqual(read);
      }
    });

    it('refuses no token (401), a customer (403), another provider (403), unknown and bad ids', async () => {
      expectError(
        await call(api, 'GET', `/credentials?provider=${serenity}`),
        401,
        API_ERROR_CODES.unauthenticated,
      );
      expectError(
        await call(api, 'GET', `/credentials?provider=${serenity}`, as.customer),
        403,
        API_ERROR_CODES.forbidden,
      );
      expectError(
        await call(api, 'GET', `/credentials?provider=${serenity}`, as.glow),
        403,
        API_ERROR_CODES.forbidden,
        'provider',
      );
      expectError(
        await call(api, 'GET', `/credentials/${serenityCredentials}`, as.glow),
        403,
        API_ERROR_CODES.forbidden,
      );
      expectError(
        await call(api, 'GET', '/credentials?provider=999999', as.admin),
        404,
        API_ERROR_CODES.providerNotFound,
        'provider',
      );
      // A MANUAL provider has none.
      expectError(
        await call(api, 'GET', `/credentials?provider=${glow}`, as.glow),
        404,
        API_ERROR_CODES.credentialsNotFound,
        'provider',
      );
      expectError(
        await call(api, 'GET', '/credentials/999999', as.admin),
        404,
        API_ERROR_CODES.credentialsNotFound,
        'id',
      );
      expectError(
        await call(api, 'GET', '/credentials?provider=abc', as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        'provider',
      );
    });
  });

  describe('PUT /credentials/{id} (versioned)', () => {
    it('changes what is sent, moves the version on and keeps the password encrypted', async () => {
      const saved = await ownMindbody('Versioned');
      expect(saved.version).toBe(1);
      const changed = await call(api, 'PUT', `/credentials/${saved.id}`, as.multi, {
        siteId: '-98',
        version: 1,
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(v.parse(CredentialsSchema, changed.body)).toMatchObject({ siteId: '-98', version: 2 });
      const row = await rowOf(saved.id);
      expect(row).toMatchObject({ siteId: '-98', username: 'Siteowner', password: SANDBOX.password });
      const [sealed] = await api.db.select().from(t.credentials).where(eq(t.credentials.id, saved.id));
      expect(sealed?.password).not.toContain(SANDBOX.password);
    });

    it('without a version is 400 naming it; an older version is 409 record/stale and changes nothing', async () => {
      const saved = await ownMindbody('Stale');
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'PUT', `/credentials/${saved.id}`, as.multi, { siteId: '-1' }),
          400,
          API_ERROR_CODES.invalidBody,
          'version',
        );
        expectError(
          await call(api, 'PUT', `/credentials/${saved.id}`, as.multi, { siteId: 7, version: 1 }),
          400,
          API_ERROR_CODES.invalidBody,
          'siteId',
        );
      });
      const first = await call(api, 'PUT', `/credentials/${saved.id}`, as.multi, {
        siteId: '-2',
        version: 1,
      });
      expect(first.status).toBe(200);
      const before = await rowOf(saved.id);
      expectError(
        await call(api, 'PUT', `/credentials/${saved.id}`, as.multi, { siteId: '-1', version: 1 }),
        409,
        API_ERROR_CODES.recordStale,
        'version',
      );
      expect(await rowOf(saved.id)).toEqual(before);
    });

    it('a save that sends only its version counts as a change: the version moves on, the values stay', async () => {
      const saved = await ownMindbody('Only version');
      const before = await rowOf(saved.id);
      const answer = await call(api, 'PUT', `/credentials/${saved.id}`, as.multi, { version: 1 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(v.parse(CredentialsSchema, answer.body)).toMatchObject({ siteId: before.siteId, version: 2 });
      expect(await rowOf(saved.id)).toEqual({ ...before, version: 2 });
      expectError(
        await call(api, 'PUT', `/credentials/${saved.id}`, as.multi, { version: 1 }),
        409,
        API_ERROR_CODES.recordStale,
        'version',
      );
    });

    it('of three concurrent saves from one version exactly one applies', async () => {
      const saved = await ownMindbody('Concurrent');
      const answers = await Promise.all(
        ['-5', '-6', '-7'].map((siteId) =>
          call(api, 'PUT', `/credentials/${saved.id}`, as.multi, { siteId, version: saved.version }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
      expect((await rowOf(saved.id)).version).toBe(saved.version + 1);
    });

    it("refuses provider A changing provider B's credentials, no token and a customer, changing nothing", async () => {
      const before = await rowOf(serenityCredentials);
      await expectNoChange(api.db, async () => {
        const body = { siteId: '-1', version: before.version };
        expectError(
          await call(api, 'PUT', `/credentials/${serenityCredentials}`, as.glow, body),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'PUT', `/credentials/${serenityCredentials}`, undefined, body),
          401,
          API_ERROR_CODES.unauthenticated,
        );
        expectError(
          await call(api, 'PUT', `/credentials/${serenityCredentials}`, as.customer, body),
          403,
          API_ERROR_CODES.forbidden,
        );
      });
      expect(await rowOf(serenityCredentials)).toEqual(before);
    });
  });

  describe('POST /strategies/fetch/locations with saved MINDBODY credentials', () => {
    const fetchLocations = (token: string, body: object) =>
      call(api, 'POST', '/strategies/fetch/locations', token, { strategy: 'MINDBODY', ...body });

    it('uses the saved password when none is typed; the sandbox still judges the whole login', async () => {
      const saved = await ownMindbody('Kept password');
      const found = await fetchLocations(as.multi, {
        username: 'Siteowner',
        siteId: '-99',
        credentialsId: saved.id,
      });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(v.parse(ExternalLocationListSchema, found.body).map((l) => l.id)).toEqual(['mb-1', 'mb-2']);
      expectError(
        await fetchLocations(as.multi, { username: 'Siteowner', siteId: '-5', credentialsId: saved.id }),
        422,
        API_ERROR_CODES.strategyRejected,
      );
      // Serenity's seeded demo password is not the sandbox's.
      expectError(
        await fetchLocations(as.multi, {
          username: 'Siteowner',
          siteId: '-99',
          credentialsId: serenityCredentials,
        }),
        422,
        API_ERROR_CODES.strategyRejected,
      );
    });

    it('needs a password or saved credentials (400 naming password); B’s credentials are refused to A', async () => {
      expectError(
        await fetchLocations(as.multi, { username: 'Siteowner', siteId: '-99' }),
        400,
        API_ERROR_CODES.invalidBody,
        'password',
      );
      for (const body of [
        { username: 'Siteowner', siteId: '-99', credentialsId: serenityCredentials },
        { ...SANDBOX, credentialsId: serenityCredentials },
      ]) {
        expectError(await fetchLocations(as.glow, body), 403, API_ERROR_CODES.forbidden, 'credentialsId');
      }
      expectError(
        await fetchLocations(as.admin, { username: 'Siteowner', siteId: '-99', credentialsId: 999_999 }),
        404,
        API_ERROR_CODES.credentialsNotFound,
        'credentialsId',
      );
      const square = v.parse(
        CredentialsSchema,
        (await call(api, 'POST', '/credentials', as.multi, { strategy: 'SQUARE', accessToken: 'tok' })).body,
      );
      expectError(
        await fetchLocations(as.multi, { username: 'Siteowner', siteId: '-99', credentialsId: square.id }),
        400,
        API_ERROR_CODES.badRequest,
        'credentialsId',
      );
    });
  });

  describe("the location's externalLocationId (the association)", () => {
    it('is saved on the location, versioned; A cannot associate B’s location', async () => {
      const serenityLocation = await locationIdOf(api.db, 'Serenity Med Spa');
      const before = await locationRow(serenityLocation);
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'PUT', `/locations/${serenityLocation}`, as.glow, {
            externalLocationId: 'mb-2',
            version: before.version,
          }),
          403,
          API_ERROR_CODES.forbidden,
        );
      });
      expect(await locationRow(serenityLocation)).toEqual(before);

      const associated = await call(api, 'PUT', `/locations/${serenityLocation}`, as.multi, {
        externalLocationId: 'mb-2',
        version: before.version,
      });
      expect(associated.status, JSON.stringify(associated.body)).toBe(200);
      expect(v.parse(LocationSchema, associated.body)).toMatchObject({
        externalLocationId: 'mb-2',
        version: before.version + 1,
      });
      expectError(
        await call(api, 'PUT', `/locations/${serenityLocation}`, as.multi, {
          externalLocationId: 'mb-1',
          version: before.version,
        }),
        409,
        API_ERROR_CODES.recordStale,
        'version',
      );
      expect((await locationRow(serenityLocation)).externalLocationId).toBe('mb-2');
      // Glow's own location stays Glow's.
      expect((await locationRow(glowLocation)).externalLocationId).toBeNull();
    });
  });
});
