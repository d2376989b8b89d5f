/**
 * Ids named in request bodies stay in the caller's scope (server/http/scope.ts): provider A (provider@…)
 * naming provider B's (multi@…) provider, location, credentials, settlement account or customer is refused
 * like a path id (403 `auth/forbidden` naming the body key; an unknown id 404) and changes no row; A naming
 * their own record works; an admin may name anything.
 */
import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import * as t from '../../server/db/schema';
import { demoSquareTokens } from '../../server/outside/square/standin-data';
import {
  laTime,
  mondayAhead,
  slotFixture,
  weekdaysNineToFive,
  type SlotFixture,
} from './appointments-support';
import { call, callers, expectError, type Callers } from './provider-support';
import { engines, startTestServer, tableDigest, type TestServer } from './support';

/** A token the Square stand-in knows (a demo merchant's), so reading locations with it answers. */
const squareToken = (label: string) => demoSquareTokens(label === 'own' ? '' : '-2').accessToken;
const IdBody = v.object({ id: v.number() });
const AccountBody = v.object({ id: v.string() });

interface Records {
  /** SQUARE credentials saved by A (usable to read locations in the sandbox). */
  ownCredentials: number;
  /** SQUARE credentials B's provider points at. */
  theirCredentials: number;
  /** Credentials B saved that no provider uses yet. */
  theirLooseCredentials: number;
  ownAccount: string;
  theirAccount: string;
  /** A user who booked with A's provider, and one who booked only with B's. */
  ownCustomer: number;
  theirCustomer: number;
}

describe.each(engines)('ids named in request bodies on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let mine: SlotFixture;
  let theirs: SlotFixture;
  let r: Records;
  const monday = mondayAhead(3);

  const created = async (token: string, method: string, path: string, body: unknown) => {
    const result = await call(api, method, path, token, body);
    expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
    return result.body;
  };
  const versionOf = async (table: typeof t.providers | typeof t.locations, id: number) => {
    const [row] = await api.db
      .select({ version: table.version })
      .from(table as typeof t.providers)
      .where(eq(table.id, id));
    return row!.version;
  };
  const customer = (label: string) => ({
    email: `cross-${label}-${engine}@upkeep.test`,
    firstName: 'Cross',
    lastName: label,
    phone: '555-0100',
    birthdate: '1990-01-02',
  });
  const userIdOf = async (email: string) => {
    const [row] = await api.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
    return row!.id;
  };

  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    mine = await slotFixture(api.db, `Cross Mine ${engine}`, 'provider@upkeep.test');
    theirs = await slotFixture(api.db, `Cross Theirs ${engine}`, 'multi@upkeep.test');
    // The fixture's locations have no street address; a location save checks the whole address.
    await api.db
      .update(t.locations)
      .set({ streetAddress: '2 Cross St', city: 'Los Angeles', state: 'CA' })
      .where(inArray(t.locations.id, [mine.locationId, theirs.locationId]));
    const credentials = (token: string, label: string) =>
      created(token, 'POST', '/credentials', { strategy: 'SQUARE', accessToken: squareToken(label) });
    const ownCredentials = v.parse(IdBody, await credentials(as.glow, 'own')).id;
    const theirCredentials = v.parse(IdBody, await credentials(as.multi, 'theirs')).id;
    const theirLooseCredentials = v.parse(IdBody, await credentials(as.multi, 'loose')).id;
    await created(as.multi, 'PUT', `/providers/${theirs.providerId}`, {
      credentialsId: theirCredentials,
      version: await versionOf(t.providers, theirs.providerId),
    });
    const link = (token: string, locationId: number) =>
      created(token, 'POST', '/settlement-accounts/onboarding-link', { locationId });
    const ownAccount = v.parse(AccountBody, await link(as.glow, mine.locationId)).id;
    const theirAccount = v.parse(AccountBody, await link(as.multi, theirs.locationId)).id;
    const book = (token: string, fixture: SlotFixture, label: string, time: string) =>
      created(token, 'POST', '/i/appointments/', {
        ...customer(label),
        serviceItemIds: [fixture.facialId],
        provider: fixture.providerId,
        startDate: laTime(monday, time),
      });
    await book(as.glow, mine, 'own', '09:00');
    await book(as.multi, theirs, 'theirs', '09:00');
    r = {
      ownCredentials,
      theirCredentials,
      theirLooseCredentials,
      ownAccount,
      theirAccount,
      ownCustomer: await userIdOf(customer('own').email),
      theirCustomer: await userIdOf(customer('theirs').email),
    };
  });
  afterAll(async () => {
    await api?.stop();
  });

  type Request = [method: string, path: string, body: unknown];
  const booking = (extra: Record<string, unknown>) => ({
    ...customer('refused'),
    serviceItemIds: [mine.facialId],
    provider: mine.providerId,
    startDate: laTime(monday, '11:00'),
    ...extra,
  });
  const address = { streetAddress: '1 Cross St', city: 'Boise', state: 'ID' };

  /** Every body field that names a record, with provider A naming provider B's record there. */
  const theirRecords: [route: string, field: string, make: () => Promise<Request>][] = [
    [
      'POST /providers',
      'credentialsId',
      async () => ['POST', '/providers', { name: 'Taken', credentialsId: r.theirCredentials }],
    ],
    [
      'POST /providers (credentials B saved, unused)',
      'credentialsId',
      async () => ['POST', '/providers', { name: 'Taken', credentialsId: r.theirLooseCredentials }],
    ],
    [
      'POST /providers',
      'locationId',
      async () => ['POST', '/providers', { name: 'Taken', locationId: theirs.locationId }],
    ],
    [
      'PUT /providers/{id}',
      'credentialsId',
      async () => [
        'PUT',
        `/providers/${mine.providerId}`,
        { credentialsId: r.theirCredentials, version: await versionOf(t.providers, mine.providerId) },
      ],
    ],
    [
      'PUT /providers/{id}',
      'locationId',
      async () => [
        'PUT',
        `/providers/${mine.providerId}`,
        { locationId: theirs.locationId, version: await versionOf(t.providers, mine.providerId) },
      ],
    ],
    [
      'POST /locations',
      'settlementAccount',
      async () => ['POST', '/locations', { ...address, settlementAccount: { id: r.theirAccount } }],
    ],
    [
      'PUT /locations/{id}',
      'settlementAccount',
      async () => [
        'PUT',
        `/locations/${mine.locationId}`,
        { settlementAccount: { id: r.theirAccount }, version: await versionOf(t.locations, mine.locationId) },
      ],
    ],
    [
      'PUT /locations/{id} (a seeded account of B)',
      'settlementAccount',
      async () => [
        'PUT',
        `/locations/${mine.locationId}`,
        {
          settlementAccount: { id: 'acct_demo_serenity' },
          version: await versionOf(t.locations, mine.locationId),
        },
      ],
    ],
    [
      'POST /settlement-accounts/onboarding-link',
      'locationId',
      async () => ['POST', '/settlement-accounts/onboarding-link', { locationId: theirs.locationId }],
    ],
    [
      'POST /settlement-accounts',
      'stripeAccountId',
      async () => [
        'POST',
        '/settlement-accounts/',
        { stripeAccountId: r.theirAccount, locationId: mine.locationId },
      ],
    ],
    [
      'POST /settlement-accounts',
      'locationId',
      async () => [
        'POST',
        '/settlement-accounts/',
        { stripeAccountId: r.ownAccount, locationId: theirs.locationId },
      ],
    ],
    [
      'POST /availabilities',
      'location',
      async () => [
        'POST',
        '/availabilities',
        {
          serviceCategory: { id: mine.categoryId },
          location: { id: theirs.locationId },
          timeslots: weekdaysNineToFive(),
        },
      ],
    ],
    [
      'POST /special-date',
      'locationId',
      async () => [
        'POST',
        '/special-date',
        { startDate: '2031/01/05', endDate: '2031/01/06', locationId: theirs.locationId },
      ],
    ],
    [
      'POST /providers/svc-items',
      'locationId',
      async () => [
        'POST',
        '/providers/svc-items',
        { externalId: 'x-taken', locationId: theirs.locationId, serviceItemId: mine.botoxId },
      ],
    ],
    [
      'POST /commission',
      'providerId',
      async () => [
        'POST',
        '/commission',
        { serviceCategoryId: mine.categoryId, providerId: theirs.providerId, percentage: 10 },
      ],
    ],
    [
      'POST /strategies/fetch/locations',
      'credentialsId',
      async () => [
        'POST',
        '/strategies/fetch/locations',
        { strategy: 'SQUARE', credentialsId: r.theirCredentials },
      ],
    ],
    [
      'POST /appointments/availability',
      'provider',
      async () => [
        'POST',
        '/appointments/availability',
        { serviceItemIds: [theirs.facialId], startDate: monday.toString(), provider: theirs.providerId },
      ],
    ],
    [
      'POST /appointments/availability/explain',
      'provider',
      async () => [
        'POST',
        '/appointments/availability/explain',
        { serviceItemIds: [theirs.facialId], provider: theirs.providerId, time: laTime(monday, '10:00') },
      ],
    ],
    [
      'POST /i/appointments',
      'provider',
      async () => [
        'POST',
        '/i/appointments/',
        booking({ provider: theirs.providerId, serviceItemIds: [theirs.facialId] }),
      ],
    ],
    [
      'POST /i/appointments',
      'user',
      async () => ['POST', '/i/appointments/', booking({ user: r.theirCustomer })],
    ],
  ];

  /** A's request is refused with the status and code, naming `field` when given, and no row changes. */
  async function expectRefusedUnchanged(request: Request, status: number, code: string, field?: string) {
    const [method, path, body] = request;
    const before = await tableDigest(api.db);
    const result = await call(api, method, path, as.glow, body);
    expect(await tableDigest(api.db)).toEqual(before);
    const error = expectError(result, status, code);
    if (field !== undefined) expect(error.field).toBe(field);
  }

  it.each(theirRecords)(
    '%s %s naming B’s record: 403 naming the key, no row changes',
    async (_route, field, make) => {
      await expectRefusedUnchanged(await make(), 403, API_ERROR_CODES.forbidden, field);
    },
  );

  it('an unknown id is a 404 naming the key, no row changes', async () => {
    const version = await versionOf(t.locations, mine.locationId);
    const unknown: [Request, string, string][] = [
      [
        ['PUT', `/locations/${mine.locationId}`, { settlementAccount: { id: 'acct_nothing' }, version }],
        API_ERROR_CODES.settlementAccountNotFound,
        'settlementAccount',
      ],
      [['POST', '/i/appointments/', booking({ user: 999_999 })], API_ERROR_CODES.userNotFound, 'user'],
      [
        ['POST', '/commission', { serviceCategoryId: mine.categoryId, providerId: 999_999, percentage: 10 }],
        API_ERROR_CODES.providerNotFound,
        'providerId',
      ],
      [
        ['POST', '/strategies/fetch/locations', { strategy: 'SQUARE', credentialsId: 999_999 }],
        API_ERROR_CODES.credentialsNotFound,
        'credentialsId',
      ],
      [
        ['POST', '/special-date', { startDate: '2031/01/05', endDate: '2031/01/06', locationId: 999_999 }],
        API_ERROR_CODES.locationNotFound,
        'locationId',
      ],
    ];
    for (const [request, code, field] of unknown) await expectRefusedUnchanged(request, 404, code, field);
  });

  it('B’s credentials stay B’s after the refused takeover: A can neither change nor delete them', async () => {
    const path = `/credentials/${r.theirCredentials}`;
    await expectRefusedUnchanged(
      ['PUT', path, { username: 'x', version: 1 }],
      403,
      API_ERROR_CODES.forbidden,
    );
    await expectRefusedUnchanged(['GET', path, undefined], 403, API_ERROR_CODES.forbidden);
    await expectRefusedUnchanged(['DELETE', path, undefined], 403, API_ERROR_CODES.forbidden);
  });

  it('A naming their own records works', async () => {
    const ok = async (method: string, path: string, body: unknown, status = 200) => {
      const result = await call(api, method, path, as.glow, body);
      expect(result.status, `${method} ${path}: ${JSON.stringify(result.body)}`).toBe(status);
      return result.body;
    };
    const location = v.parse(IdBody, await ok('POST', '/locations', address, 201)).id;
    await ok(
      'POST',
      '/providers',
      { name: `Cross Own ${engine}`, locationId: location, credentialsId: r.ownCredentials },
      201,
    );
    await ok('PUT', `/providers/${mine.providerId}`, {
      credentialsId: r.ownCredentials,
      version: await versionOf(t.providers, mine.providerId),
    });
    await ok(
      'POST',
      '/settlement-accounts/',
      { stripeAccountId: r.ownAccount, locationId: mine.locationId },
      201,
    );
    await ok('PUT', `/locations/${mine.locationId}`, {
      settlementAccount: { id: r.ownAccount },
      version: await versionOf(t.locations, mine.locationId),
    });
    await ok('POST', '/locations', { ...address, settlementAccount: { id: r.ownAccount } }, 201);
    await ok('POST', '/settlement-accounts/onboarding-link', { locationId: mine.locationId }, 201);
    await ok(
      'POST',
      '/availabilities',
      {
        serviceCategory: { id: theirs.categoryId },
        location: { id: mine.locationId },
        timeslots: weekdaysNineToFive(),
      },
      201,
    );
    await ok(
      'POST',
      '/special-date',
      { startDate: '2031/01/05', endDate: '2031/01/06', locationId: mine.locationId },
      201,
    );
    await ok(
      'POST',
      '/providers/svc-items',
      { externalId: 'x-own', locationId: mine.locationId, serviceItemId: mine.botoxId },
      201,
    );
    await ok(
      'POST',
      '/commission',
      { serviceCategoryId: mine.categoryId, providerId: mine.providerId, percentage: 10 },
      201,
    );
    await ok('POST', '/strategies/fetch/locations', { strategy: 'SQUARE', credentialsId: r.ownCredentials });
    await ok('POST', '/appointments/availability', {
      serviceItemIds: [mine.facialId],
      startDate: monday.toString(),
      provider: mine.providerId,
    });
    await ok('POST', '/appointments/availability/explain', {
      serviceItemIds: [mine.facialId],
      provider: mine.providerId,
      time: laTime(monday, '10:00'),
    });
    await ok(
      'POST',
      '/i/appointments/',
      booking({ user: r.ownCustomer, startDate: laTime(monday, '13:00') }),
      201,
    );
    // The dashboard shows A's own account, never B's.
    const activity = await ok('GET', `/appointments/activity?provider=${mine.providerId}`, undefined);
    expect(activity).toMatchObject({ settlementAccount: { id: r.ownAccount } });
  });

  it('an admin may name any provider’s records', async () => {
    const result = await call(api, 'POST', '/providers', as.admin, {
      name: `Cross Admin ${engine}`,
      locationId: theirs.locationId,
      credentialsId: r.theirCredentials,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    const version = await versionOf(t.locations, theirs.locationId);
    const attached = await call(api, 'PUT', `/locations/${theirs.locationId}`, as.admin, {
      settlementAccount: { id: r.ownAccount },
      version,
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
  });
});
