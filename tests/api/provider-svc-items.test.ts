/**
 * Service mappings (spec 02 §3, §7): GET /strategies/fetch/svc-items, GET/POST /providers/svc-items, PUT and
 * DELETE /providers/svc-items/{id}: who may do what, bad input, versioned updates, and one mapping per item per
 * location even under concurrent saves.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../src/api/contract/error-codes';
import {
  ExternalServiceItemListSchema,
  ProviderServiceItemListSchema,
  ProviderServiceItemSchema,
} from '../../src/api/contract/provider-svc-item';
import * as t from '../../server/db/schema';
import { createSandboxSchedulingSystems } from '../../server/strategies/sandbox';
import { SANDBOX_SERVICE_ITEMS } from '../../server/strategies/sandbox-catalogue';
import {
  adapterFailure,
  adapterOk,
  type MindbodyConnection,
} from '../../server/strategies/scheduling-system';
import {
  call,
  callers,
  expectError,
  expectNoChange,
  idByName,
  locationIdOf,
  providerId,
  type Callers,
} from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

const DUPLICATE = 'Failed to save: Mapping for service_item already exists';

describe.each(engines)('service mappings on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let serenity: number;
  let serenityLocation: number;
  let glowLocation: number;
  let botox: number;
  let dysport: number;
  let glowBundle: number;

  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    serenity = await providerId(api.db, 'Serenity Med Spa');
    serenityLocation = await locationIdOf(api.db, 'Serenity Med Spa');
    glowLocation = await locationIdOf(api.db, 'Glow Studio');
    botox = await idByName(api.db, t.serviceItems, 'Botox');
    dysport = await idByName(api.db, t.serviceItems, 'Dysport');
    glowBundle = await idByName(api.db, t.bundles, 'Glow Up Facial Bundle');
    await api.db
      .delete(t.providerServiceItems)
      .where(eq(t.providerServiceItems.locationId, serenityLocation));
  });
  afterAll(async () => {
    await api?.stop();
  });

  const list = async (token: string, location: number) =>
    v.parse(
      ProviderServiceItemListSchema,
      (await call(api, 'GET', `/providers/svc-items?location=${location}`, token)).body,
    );

  describe('GET /strategies/fetch/svc-items', () => {
    it("lists the provider's scheduling-system items for its own provider user and for an admin", async () => {
      for (const token of [as.multi, as.admin]) {
        const result = await call(api, 'GET', `/strategies/fetch/svc-items?provider=${serenity}`, token);
        expect(result.status).toBe(200);
        const body = v.parse(ExternalServiceItemListSchema, result.body);
        expect(body.strategy).toBe('MINDBODY');
        expect(body.items).toEqual(SANDBOX_SERVICE_ITEMS.MINDBODY);
      }
      const square = await providerId(api.db, 'Radiance Skin Bar');
      const booker = await providerId(api.db, 'Harbor Wellness');
      const squareItems = await call(api, 'GET', `/strategies/fetch/svc-items?provider=${square}`, as.admin);
      expect(v.parse(ExternalServiceItemListSchema, squareItems.body).items[0]?.id).toBe('SQ-FAC-HYDRA');
      const bookerItems = await call(api, 'GET', `/strategies/fetch/svc-items?provider=${booker}`, as.admin);
      expect(v.parse(ExternalServiceItemListSchema, bookerItems.body).strategy).toBe('BOOKER');
    });

    it('401 without a token, 403 for a customer and for another provider, 404 and 400 for bad ids', async () => {
      const path = `/strategies/fetch/svc-items?provider=${serenity}`;
      expectError(await call(api, 'GET', path), 401, API_ERROR_CODES.unauthenticated);
      expectError(await call(api, 'GET', path, as.customer), 403, API_ERROR_CODES.forbidden);
      expectError(await call(api, 'GET', path, as.glow), 403, API_ERROR_CODES.forbidden);
      expectError(
        await call(api, 'GET', '/strategies/fetch/svc-items?provider=987654', as.admin),
        404,
        API_ERROR_CODES.providerNotFound,
        'provider',
      );
      expectError(
        await call(api, 'GET', '/strategies/fetch/svc-items?provider=abc', as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        'provider',
      );
      expectError(
        await call(api, 'GET', '/strategies/fetch/svc-items', as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        'provider',
      );
    });

    it('400 for a MANUAL provider: it has no scheduling system (BOULEVARD: boulevard-services.test.ts)', async () => {
      const id = await providerId(api.db, 'Glow Studio');
      expectError(
        await call(api, 'GET', `/strategies/fetch/svc-items?provider=${id}`, as.admin),
        400,
        API_ERROR_CODES.strategyWithoutServiceItems,
        'provider',
      );
    });
  });

  describe('/providers/svc-items', () => {
    it('creates, lists, updates with the version and deletes a mapping', async () => {
      const created = await call(api, 'POST', '/providers/svc-items', as.multi, {
        externalId: 'mb-2001',
        locationId: serenityLocation,
        serviceItemId: botox,
      });
      expect(created.status).toBe(201);
      const mapping = v.parse(ProviderServiceItemSchema, created.body);
      expect(mapping).toMatchObject({
        externalId: 'mb-2001',
        locationId: serenityLocation,
        serviceItemId: botox,
        bundleId: null,
        version: 1,
      });
      expect(await list(as.multi, serenityLocation)).toEqual([mapping]);

      const updated = await call(api, 'PUT', `/providers/svc-items/${mapping.id}`, as.multi, {
        externalId: 'mb-2002',
        serviceItemId: dysport,
        version: 1,
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        id: mapping.id,
        externalId: 'mb-2002',
        serviceItemId: dysport,
        version: 2,
      });

      // Based on version 1 again: someone else's change is not overwritten.
      const stale = expectError(
        await call(api, 'PUT', `/providers/svc-items/${mapping.id}`, as.admin, {
          externalId: 'mb-2003',
          serviceItemId: botox,
          version: 1,
        }),
        409,
        API_ERROR_CODES.recordStale,
        'version',
      );
      expect(stale.message).toBe(RECORD_STALE_MESSAGE);

      const toBundle = await call(api, 'PUT', `/providers/svc-items/${mapping.id}`, as.admin, {
        externalId: 'mb-5001',
        bundleId: glowBundle,
        version: 2,
      });
      expect(toBundle.body).toMatchObject({ serviceItemId: null, bundleId: glowBundle, version: 3 });

      const deleted = await call(api, 'DELETE', `/providers/svc-items/${mapping.id}`, as.multi);
      expect(deleted).toEqual({ status: 200, body: { id: mapping.id, deleted: true } });
      expect(await list(as.admin, serenityLocation)).toEqual([]);
      expectError(
        await call(api, 'DELETE', `/providers/svc-items/${mapping.id}`, as.multi),
        404,
        API_ERROR_CODES.mappingNotFound,
        'id',
      );
      expectError(
        await call(api, 'PUT', `/providers/svc-items/${mapping.id}`, as.multi, {
          externalId: 'x',
          serviceItemId: botox,
          version: 3,
        }),
        404,
        API_ERROR_CODES.mappingNotFound,
        'id',
      );
    });

    it("409 'Failed to save: Mapping for service_item already exists' for a second mapping of an item or bundle", async () => {
      const first = await call(api, 'POST', '/providers/svc-items', as.multi, {
        externalId: 'mb-2001',
        locationId: serenityLocation,
        serviceItemId: botox,
      });
      expect(first.status).toBe(201);
      const again = await expectNoChange(api.db, async () =>
        call(api, 'POST', '/providers/svc-items', as.multi, {
          externalId: 'mb-2002',
          locationId: serenityLocation,
          serviceItemId: botox,
        }),
      );
      expect(expectError(again, 409, API_ERROR_CODES.mappingExists, 'serviceItemId').message).toBe(DUPLICATE);

      const bundle = await call(api, 'POST', '/providers/svc-items', as.multi, {
        externalId: 'mb-5001',
        locationId: serenityLocation,
        bundleId: glowBundle,
      });
      expect(bundle.status).toBe(201);
      expectError(
        await call(api, 'POST', '/providers/svc-items', as.multi, {
          externalId: 'mb-5002',
          locationId: serenityLocation,
          bundleId: glowBundle,
        }),
        409,
        API_ERROR_CODES.mappingExists,
        'bundleId',
      );

      // An update onto an item already mapped is refused the same way and changes nothing.
      const other = v.parse(
        ProviderServiceItemSchema,
        (
          await call(api, 'POST', '/providers/svc-items', as.multi, {
            externalId: 'mb-2002',
            locationId: serenityLocation,
            serviceItemId: dysport,
          })
        ).body,
      );
      const moved = await expectNoChange(api.db, () =>
        call(api, 'PUT', `/providers/svc-items/${other.id}`, as.multi, {
          externalId: 'mb-2002',
          serviceItemId: botox,
          version: other.version,
        }),
      );
      expect(expectError(moved, 409, API_ERROR_CODES.mappingExists).message).toBe(DUPLICATE);
      const after = await list(as.multi, serenityLocation);
      expect(after.find((row) => row.id === other.id)).toEqual(other);

      // The same item at another location is a different mapping.
      const elsewhere = await call(api, 'POST', '/providers/svc-items', as.glow, {
        externalId: 'glow-botox',
        locationId: glowLocation,
        serviceItemId: botox,
      });
      expect(elsewhere.status).toBe(201);
      await api.db
        .delete(t.providerServiceItems)
        .where(eq(t.providerServiceItems.locationId, serenityLocation));
      await api.db.delete(t.providerServiceItems).where(eq(t.providerServiceItems.locationId, glowLocation));
    });

    it('20 concurrent saves of the same item give one mapping and nineteen 409s', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          call(api, 'POST', '/providers/svc-items', n % 2 ? as.admin : as.multi, {
            externalId: `mb-race-${n}`,
            locationId: serenityLocation,
            serviceItemId: dysport,
          }),
        ),
      );
      const statuses = results.map((result) => result.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      for (const result of results.filter((entry) => entry.status === 409)) {
        expect(expectError(result, 409, API_ERROR_CODES.mappingExists).message).toBe(DUPLICATE);
      }
      const rows = await api.db
        .select()
        .from(t.providerServiceItems)
        .where(eq(t.providerServiceItems.locationId, serenityLocation));
      expect(rows).toHaveLength(1);
      await api.db
        .delete(t.providerServiceItems)
        .where(eq(t.providerServiceItems.locationId, serenityLocation));
    });

    it('401 without a token, 403 for a customer, a provider on another provider’s mappings, nothing changed', async () => {
      const mine = v.parse(
        ProviderServiceItemSchema,
        (
          await call(api, 'POST', '/providers/svc-items', as.multi, {
            externalId: 'mb-1001',
            locationId: serenityLocation,
            serviceItemId: botox,
          })
        ).body,
      );
      const body = { externalId: 'x', locationId: serenityLocation, serviceItemId: dysport };
      const update = { externalId: 'x', serviceItemId: dysport, version: mine.version };
      for (const [method, path, payload] of [
        ['GET', `/providers/svc-items?location=${serenityLocation}`, undefined],
        ['POST', '/providers/svc-items', body],
        ['PUT', `/providers/svc-items/${mine.id}`, update],
        ['DELETE', `/providers/svc-items/${mine.id}`, undefined],
      ] as const) {
        await expectNoChange(api.db, async () => {
          expectError(
            await call(api, method, path, undefined, payload),
            401,
            API_ERROR_CODES.unauthenticated,
          );
          expectError(await call(api, method, path, as.customer, payload), 403, API_ERROR_CODES.forbidden);
          // Glow Studio's provider user on Serenity Med Spa's mappings.
          expectError(await call(api, method, path, as.glow, payload), 403, API_ERROR_CODES.forbidden);
          expectError(await call(api, method, path, as.unlinked, payload), 403, API_ERROR_CODES.forbidden);
        });
      }
      expect(await list(as.multi, serenityLocation)).toEqual([mine]);
      await call(api, 'DELETE', `/providers/svc-items/${mine.id}`, as.admin);
    });

    it('400 naming the field for bad input; 404 for a location, item or bundle that does not exist', async () => {
      const cases: Array<[unknown, string]> = [
        [{ locationId: serenityLocation, serviceItemId: botox }, 'externalId'],
        [{ externalId: '  ', locationId: serenityLocation, serviceItemId: botox }, 'externalId'],
        [{ externalId: 'a'.repeat(201), locationId: serenityLocation, serviceItemId: botox }, 'externalId'],
        [{ externalId: 'x', serviceItemId: botox }, 'locationId'],
        [{ externalId: 'x', locationId: 'one', serviceItemId: botox }, 'locationId'],
        [{ externalId: 'x', locationId: serenityLocation }, 'serviceItemId'],
        [
          { externalId: 'x', locationId: serenityLocation, serviceItemId: botox, bundleId: glowBundle },
          'serviceItemId',
        ],
        [{ externalId: 'x', locationId: serenityLocation, serviceItemId: -1 }, 'serviceItemId'],
        [{ externalId: 'x', locationId: serenityLocation, bundleId: 1.5 }, 'bundleId'],
      ];
      for (const [body, field] of cases) {
        await expectNoChange(api.db, async () =>
          expectError(
            await call(api, 'POST', '/providers/svc-items', as.admin, body),
            400,
            API_ERROR_CODES.invalidBody,
            field,
          ),
        );
      }
      expectError(
        await call(api, 'PUT', '/providers/svc-items/abc', as.admin, {
          externalId: 'x',
          serviceItemId: botox,
        }),
        400,
        API_ERROR_CODES.invalidParam,
        'id',
      );
      expectError(
        await call(api, 'PUT', '/providers/svc-items/1', as.admin, {
          externalId: 'x',
          serviceItemId: botox,
          version: 0,
        }),
        400,
        API_ERROR_CODES.invalidBody,
        'version',
      );
      expectError(
        await call(api, 'GET', '/providers/svc-items?location=x', as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        'location',
      );
      expectError(
        await call(api, 'GET', '/providers/svc-items?location=987654', as.admin),
        404,
        API_ERROR_CODES.locationNotFound,
        'location',
      );
      expectError(
        await call(api, 'POST', '/providers/svc-items', as.admin, {
          externalId: 'x',
          locationId: 987654,
          serviceItemId: botox,
        }),
        404,
        API_ERROR_CODES.locationNotFound,
        'locationId',
      );
      expectError(
        await call(api, 'POST', '/providers/svc-items', as.admin, {
          externalId: 'x',
          locationId: serenityLocation,
          serviceItemId: 987654,
        }),
        404,
        API_ERROR_CODES.serviceItemNotFound,
        'serviceItemId',
      );
      expectError(
        await call(api, 'POST', '/providers/svc-items', as.admin, {
          externalId: 'x',
          locationId: serenityLocation,
          bundleId: 987654,
        }),
        404,
        API_ERROR_CODES.bundleNotFound,
        'bundleId',
      );
    });
  });
});

describe("GET /strategies/fetch/svc-items asks the provider's scheduling-system adapter", () => {
  let api: TestServer;
  let as: Callers;
  const asked: { connection: MindbodyConnection; externalId: string | null }[] = [];
  let answer: 'items' | 'rejected' | 'unavailable' = 'items';

  beforeAll(async () => {
    const sandbox = createSandboxSchedulingSystems();
    api = await startTestServer('pglite', {
      schedulingSystems: {
        ...sandbox,
        MINDBODY: {
          ...sandbox.MINDBODY,
          fetchServiceItems: async (connection, externalId) => {
            asked.push({ connection, externalId });
            if (answer === 'rejected') return adapterFailure('rejected', 'Site refused');
            if (answer === 'unavailable') return adapterFailure('unavailable', 'MINDBODY did not answer');
            return adapterOk([{ id: 'x-1', name: 'Adapter item', category: null }]);
          },
        },
      },
    });
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('with the saved credentials and external id; a refusal is 422, no answer 502', async () => {
    const serenity = await providerId(api.db, 'Serenity Med Spa');
    const [saved] = await api.db
      .select({ credentials: t.credentials, externalId: t.providers.externalId })
      .from(t.providers)
      .innerJoin(t.credentials, eq(t.credentials.id, t.providers.credentialsId))
      .where(eq(t.providers.id, serenity));
    const path = `/strategies/fetch/svc-items?provider=${serenity}`;

    const listed = await call(api, 'GET', path, as.admin);
    expect(listed.status).toBe(200);
    expect(v.parse(ExternalServiceItemListSchema, listed.body).items).toEqual([
      { id: 'x-1', name: 'Adapter item', category: null },
    ]);
    expect(asked).toEqual([
      {
        connection: {
          username: saved?.credentials.username,
          password: saved?.credentials.password,
          siteId: saved?.credentials.siteId,
        },
        externalId: saved?.externalId,
      },
    ]);

    answer = 'rejected';
    expectError(await call(api, 'GET', path, as.admin), 422, API_ERROR_CODES.strategyRejected, 'provider');
    answer = 'unavailable';
    expectError(await call(api, 'GET', path, as.admin), 502, API_ERROR_CODES.strategyUnavailable);
  });
});
