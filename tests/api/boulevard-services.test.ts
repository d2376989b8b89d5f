/**
 * A BOULEVARD provider's services (spec 02 §2 Step 2, §3, §7): GET /strategies/fetch/svc-items lists the
 * Boulevard services (from the provider's scheduling-system adapter, asked with the saved business id), and
 * the supported Upkeep items and bundles are kept as mappings (/providers/svc-items) whose externalId is the
 * Boulevard service id. Who may read and write them, bad input, a stale update, and a provider user reaching
 * another provider's Boulevard location or mapping refused with nothing changed.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
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
  type BoulevardConnection,
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

/** Luxe Aesthetics: a seeded BOULEVARD provider of multi@upkeep.test (not of provider@upkeep.test, Glow Studio). */
const LUXE = 'Luxe Aesthetics';
const HYDRAFACIAL = 'urn:blvd:Service:1a01';
const BOTOX = 'urn:blvd:Service:2b01';

describe.each(engines)('a BOULEVARD provider’s services on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let luxe: number;
  let luxeLocation: number;
  let glowLocation: number;
  let hydrafacial: number;
  let botox: number;
  let glowBundle: number;

  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    luxe = await providerId(api.db, LUXE);
    luxeLocation = await locationIdOf(api.db, LUXE);
    glowLocation = await locationIdOf(api.db, 'Glow Studio');
    hydrafacial = await idByName(api.db, t.serviceItems, 'HydraFacial');
    botox = await idByName(api.db, t.serviceItems, 'Botox');
    glowBundle = await idByName(api.db, t.bundles, 'Glow Up Facial Bundle');
    await api.db.delete(t.providerServiceItems).where(eq(t.providerServiceItems.locationId, luxeLocation));
  });
  afterAll(async () => {
    await api?.stop();
  });

  const list = async (location: number) =>
    v.parse(
      ProviderServiceItemListSchema,
      (await call(api, 'GET', `/providers/svc-items?location=${location}`, as.admin)).body,
    );

  it('lists the Boulevard services for the provider’s own user and an admin; others are refused', async () => {
    const path = `/strategies/fetch/svc-items?provider=${luxe}`;
    for (const token of [as.multi, as.admin]) {
      const result = await call(api, 'GET', path, token);
      expect(result.status).toBe(200);
      expect(v.parse(ExternalServiceItemListSchema, result.body)).toEqual({
        strategy: 'BOULEVARD',
        items: SANDBOX_SERVICE_ITEMS.BOULEVARD,
      });
    }
    expectError(await call(api, 'GET', path), 401, API_ERROR_CODES.unauthenticated);
    expectError(await call(api, 'GET', path, as.customer), 403, API_ERROR_CODES.forbidden);
    // Glow Studio's provider user asking for Luxe Aesthetics' services.
    expectError(await call(api, 'GET', path, as.glow), 403, API_ERROR_CODES.forbidden);
    expectError(await call(api, 'GET', path, as.unlinked), 403, API_ERROR_CODES.forbidden);
  });

  it('422 naming the provider for a BOULEVARD provider without a business id', async () => {
    const [created] = await api.db
      .insert(t.providers)
      .values({ name: `Boulevard without business ${engine}`, strategy: 'BOULEVARD' })
      .returning({ id: t.providers.id });
    expectError(
      await call(api, 'GET', `/strategies/fetch/svc-items?provider=${created?.id}`, as.admin),
      422,
      API_ERROR_CODES.strategyNoConnection,
      'provider',
    );
    await api.db.delete(t.providers).where(eq(t.providers.id, created?.id ?? 0));
  });

  it('keeps the supported items as mappings to Boulevard service ids: create, update, stale, delete', async () => {
    const created = await call(api, 'POST', '/providers/svc-items', as.multi, {
      externalId: HYDRAFACIAL,
      locationId: luxeLocation,
      serviceItemId: hydrafacial,
    });
    expect(created.status).toBe(201);
    const facial = v.parse(ProviderServiceItemSchema, created.body);
    const bundle = v.parse(
      ProviderServiceItemSchema,
      (
        await call(api, 'POST', '/providers/svc-items', as.multi, {
          externalId: 'urn:blvd:Service:5e01',
          locationId: luxeLocation,
          bundleId: glowBundle,
        })
      ).body,
    );
    expect(await list(luxeLocation)).toEqual([facial, bundle]);

    // The item is now booked by another Boulevard service.
    const moved = await call(api, 'PUT', `/providers/svc-items/${facial.id}`, as.multi, {
      externalId: 'urn:blvd:Service:1a04',
      serviceItemId: hydrafacial,
      version: facial.version,
    });
    expect(moved.body).toMatchObject({ externalId: 'urn:blvd:Service:1a04', version: 2 });
    await expectNoChange(api.db, async () =>
      expectError(
        await call(api, 'PUT', `/providers/svc-items/${facial.id}`, as.admin, {
          externalId: HYDRAFACIAL,
          serviceItemId: hydrafacial,
          version: facial.version,
        }),
        409,
        API_ERROR_CODES.recordStale,
        'version',
      ),
    );
    // A second mapping of the same item at the location: the spec's message.
    await expectNoChange(api.db, async () =>
      expectError(
        await call(api, 'POST', '/providers/svc-items', as.multi, {
          externalId: BOTOX,
          locationId: luxeLocation,
          serviceItemId: hydrafacial,
        }),
        409,
        API_ERROR_CODES.mappingExists,
        'serviceItemId',
      ),
    );
    await expectNoChange(api.db, async () =>
      expectError(
        await call(api, 'POST', '/providers/svc-items', as.multi, {
          externalId: '',
          locationId: luxeLocation,
          serviceItemId: botox,
        }),
        400,
        API_ERROR_CODES.invalidBody,
        'externalId',
      ),
    );

    expect((await call(api, 'DELETE', `/providers/svc-items/${bundle.id}`, as.multi)).status).toBe(200);
    expect((await list(luxeLocation)).map((mapping) => mapping.externalId)).toEqual([
      'urn:blvd:Service:1a04',
    ]);
    await call(api, 'DELETE', `/providers/svc-items/${facial.id}`, as.admin);
  });

  it('a provider user cannot read or change another provider’s Boulevard mappings, nor map onto its location', async () => {
    const mine = v.parse(
      ProviderServiceItemSchema,
      (
        await call(api, 'POST', '/providers/svc-items', as.multi, {
          externalId: BOTOX,
          locationId: luxeLocation,
          serviceItemId: botox,
        })
      ).body,
    );
    for (const [method, path, payload] of [
      ['GET', `/providers/svc-items?location=${luxeLocation}`, undefined],
      [
        'POST',
        '/providers/svc-items',
        { externalId: HYDRAFACIAL, locationId: luxeLocation, serviceItemId: hydrafacial },
      ],
      [
        'PUT',
        `/providers/svc-items/${mine.id}`,
        { externalId: HYDRAFACIAL, serviceItemId: botox, version: 1 },
      ],
      ['DELETE', `/providers/svc-items/${mine.id}`, undefined],
    ] as const) {
      await expectNoChange(api.db, async () => {
        expectError(await call(api, method, path, undefined, payload), 401, API_ERROR_CODES.unauthenticated);
        expectError(await call(api, method, path, as.customer, payload), 403, API_ERROR_CODES.forbidden);
        // Glow Studio's provider user on Luxe Aesthetics' location and mapping.
        expectError(await call(api, method, path, as.glow, payload), 403, API_ERROR_CODES.forbidden);
      });
    }
    // Nor may Luxe's own user map onto Glow Studio's location.
    await expectNoChange(api.db, async () =>
      expectError(
        await call(api, 'POST', '/providers/svc-items', as.multi, {
          externalId: BOTOX,
          locationId: glowLocation,
          serviceItemId: botox,
        }),
        403,
        API_ERROR_CODES.forbidden,
      ),
    );
    expect(await list(luxeLocation)).toEqual([mine]);
    await call(api, 'DELETE', `/providers/svc-items/${mine.id}`, as.admin);
  });
});

describe('GET /strategies/fetch/svc-items asks the Boulevard adapter with the saved business id', () => {
  let api: TestServer;
  let as: Callers;
  const asked: { connection: BoulevardConnection; externalId: string | null }[] = [];
  let answer: 'items' | 'not-connected' | 'unavailable' = 'items';

  beforeAll(async () => {
    const sandbox = createSandboxSchedulingSystems();
    api = await startTestServer('pglite', {
      schedulingSystems: {
        ...sandbox,
        BOULEVARD: {
          ...sandbox.BOULEVARD,
          fetchServiceItems: async (connection, externalId) => {
            asked.push({ connection, externalId });
            if (answer === 'not-connected') return adapterFailure('not-connected', 'App not installed');
            if (answer === 'unavailable') return adapterFailure('unavailable', 'Boulevard did not answer');
            return adapterOk([{ id: 'urn:blvd:Service:x', name: 'Adapter service', category: null }]);
          },
        },
      },
    });
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('answers its services; a business it does not know is 422, no answer 502', async () => {
    const luxe = await providerId(api.db, LUXE);
    const [saved] = await api.db
      .select({ businessId: t.credentials.businessId, externalId: t.providers.externalId })
      .from(t.providers)
      .innerJoin(t.credentials, eq(t.credentials.id, t.providers.credentialsId))
      .where(eq(t.providers.id, luxe));
    const path = `/strategies/fetch/svc-items?provider=${luxe}`;
    const listed = await call(api, 'GET', path, as.multi);
    expect(v.parse(ExternalServiceItemListSchema, listed.body).items).toEqual([
      { id: 'urn:blvd:Service:x', name: 'Adapter service', category: null },
    ]);
    expect(saved?.businessId).toBeTruthy();
    expect(asked).toEqual([
      { connection: { businessId: saved?.businessId }, externalId: saved?.externalId ?? null },
    ]);
    answer = 'not-connected';
    expectError(
      await call(api, 'GET', path, as.admin),
      422,
      API_ERROR_CODES.strategyNotConnected,
      'provider',
    );
    answer = 'unavailable';
    expectError(await call(api, 'GET', path, as.admin), 502, API_ERROR_CODES.strategyUnavailable);
  });
});
