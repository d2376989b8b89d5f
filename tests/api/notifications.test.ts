/**
 * The admins' inbox: each kind of notification is produced by making its event happen (a late cancellation,
 * a receipt that cannot be sent, a scheduling system that stops answering, a payouts account with
 * requirements due, a provider still onboarding seven days later), read and dismissed per admin, kept in the
 * database across a restart, and refused to anyone but an admin.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import * as t from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { completeOnboarding } from '../../server/outside/stripe/standin-data';
import { createSandboxSchedulingSystems } from '../../server/strategies/sandbox';
import { adapterFailure, adapterOk } from '../../server/strategies/scheduling-system';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import {
  NotificationPageSchema,
  NotificationStateSchema,
  type Notification,
} from '../../src/api/contract/notifications';
import { ProviderAppointmentSchema } from '../../src/api/contract/appointment';
import { laTime, mondayAhead, slotFixture, type SlotFixture } from './appointments-support';
import { call, callers, expectError, providerId, type Callers } from './provider-support';
import {
  captureLog,
  context,
  engines,
  signIn,
  startTestServer,
  TEST_ORIGIN,
  testIdentity,
  type TestServer,
} from './support';

const DAY_MS = 24 * 60 * 60 * 1000;

async function secondAdmin(): Promise<string> {
  const email = 'api-test-admin-two@upkeep.test';
  await testIdentity().ensureAccount({
    email,
    password: 'api-test-password',
    role: 'admin',
    displayName: 'Second admin',
  });
  return signIn(email, 'api-test-password');
}

describe.each(engines)('notifications on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let otherAdmin: string;
  let fixture: SlotFixture;
  let clock = new Date();
  let mindbody: 'answers' | 'silent' = 'answers';

  beforeAll(async () => {
    const sandbox = createSandboxSchedulingSystems();
    api = await startTestServer(engine, {
      now: () => clock,
      schedulingSystems: {
        ...sandbox,
        MINDBODY: {
          ...sandbox.MINDBODY,
          fetchServiceItems: async () =>
            mindbody === 'silent'
              ? adapterFailure('unavailable', 'MINDBODY did not answer')
              : adapterOk([{ id: 'x-1', name: 'Adapter item', category: null }]),
        },
      },
    });
    as = await callers();
    otherAdmin = await secondAdmin();
    fixture = await slotFixture(api.db, 'Inbox Glow', 'provider@upkeep.test');
  });
  afterAll(async () => {
    await api?.stop();
  });

  const inbox = async (token = as.admin, query = '') => {
    const result = await call(api, 'GET', `/notifications${query}`, token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return v.parse(NotificationPageSchema, result.body);
  };
  const entryOf = async (kind: string, recordId: string, token = as.admin) =>
    (await inbox(token, '?limit=100')).items.find(
      (item: Notification) => item.kind === kind && item.recordId === recordId,
    );

  let counter = 0;
  const book = async (time: string) => {
    counter += 1;
    const result = await call(api, 'POST', '/i/appointments/', as.admin, {
      email: `inbox-${engine}-${counter}@upkeep.test`,
      firstName: 'Ines',
      lastName: `Inbox ${counter}`,
      phone: '+1 310 555 0111',
      birthdate: '1985-06-15',
      serviceItemIds: [fixture.botoxId],
      provider: fixture.providerId,
      startDate: laTime(mondayAhead(2).add({ days: counter % 5 }), time),
    });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return v.parse(ProviderAppointmentSchema, result.body);
  };

  it('a late cancellation adds an entry naming the booking, once, in the cancel itself', async () => {
    const booking = await book('10:00');
    const early = await call(
      api,
      'DELETE',
      `/appointments/${(await book('12:00')).groupId}?refundOption=REFUND&latecancelfee=false`,
      as.admin,
    );
    expect(early.status).toBe(200);
    const cancelled = await call(
      api,
      'DELETE',
      `/appointments/${booking.groupId}?refundOption=NO_REFUND&latecancelfee=true`,
      as.admin,
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const entry = await entryOf('late-cancellation', booking.groupId);
    expect(entry).toMatchObject({
      recordType: 'appointment',
      providerId: fixture.providerId,
      readAt: null,
      params: { provider: 'Inbox Glow', customer: `Ines Inbox ${counter - 1}`, lateFeeInCents: 10_000 },
    });
    expect(entry?.params['start']).toBe(booking.startDate);
    const lates = (await inbox(as.admin, '?limit=100')).items.filter(
      (item) => item.kind === 'late-cancellation' && item.providerId === fixture.providerId,
    );
    expect(lates).toHaveLength(1);
  });

  it('a receipt with no address to go to adds an entry; the same failure again adds none', async () => {
    const booking = await book('14:00');
    await api.db
      .update(t.locations)
      .set({ billingContactEmail: null })
      .where(eq(t.locations.id, fixture.locationId));
    await api.db.delete(t.userProviders).where(eq(t.userProviders.providerId, fixture.providerId));
    const body = { recipient: 'PROVIDER', groupId: booking.groupId, provider: fixture.providerId };
    for (let i = 0; i < 2; i += 1)
      expectError(
        await call(api, 'POST', '/appointments/receipts', as.admin, body),
        409,
        API_ERROR_CODES.receiptNoAddress,
        'recipient',
      );
    const entries = (await inbox(as.admin, '?limit=100')).items.filter(
      (item) => item.kind === 'receipt-failed' && item.recordId === booking.groupId,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.params).toMatchObject({ recipient: 'PROVIDER', provider: 'Inbox Glow' });
  });

  it('a scheduling system that stops answering adds an entry; its next answer resolves it', async () => {
    const serenity = await providerId(api.db, 'Serenity Med Spa');
    const path = `/strategies/fetch/svc-items?provider=${serenity}`;
    mindbody = 'silent';
    expectError(await call(api, 'GET', path, as.admin), 502, API_ERROR_CODES.strategyUnavailable);
    expectError(await call(api, 'GET', path, as.admin), 502, API_ERROR_CODES.strategyUnavailable);
    const down = await entryOf('connection-down', String(serenity));
    expect(down?.params).toEqual({ provider: 'Serenity Med Spa', system: 'MINDBODY' });
    mindbody = 'answers';
    expect((await call(api, 'GET', path, as.admin)).status).toBe(200);
    expect(await entryOf('connection-down', String(serenity))).toBeUndefined();
  });

  it('a submitted payouts account with requirements due adds an entry', async () => {
    const link = await call(api, 'POST', '/settlement-accounts/onboarding-link', as.admin, {
      locationId: fixture.locationId,
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const accountId = (link.body as { id: string }).id;
    // Created, nothing submitted yet: not an admin's concern.
    expect(await entryOf('payouts-requirements', String(fixture.providerId))).toBeUndefined();
    await completeOnboarding(api.db, accountId, 'Inbox Glow');
    expect((await call(api, 'GET', `/settlement-accounts/${accountId}`, as.admin)).status).toBe(200);
    const entry = await entryOf('payouts-requirements', String(fixture.providerId));
    expect(entry?.params).toEqual({
      provider: 'Inbox Glow',
      account: accountId,
      requirements: ['external_account'],
    });
  });

  it('a provider still onboarding seven days after it was added adds an entry; finishing resolves it', async () => {
    const id = String(fixture.providerId);
    expect(await entryOf('onboarding-stuck', id)).toBeUndefined();
    clock = new Date(Date.now() + 8 * DAY_MS);
    const stuck = await entryOf('onboarding-stuck', id);
    expect(stuck?.params).toMatchObject({ provider: 'Inbox Glow', missing: ['hours', 'payouts', 'cover'] });
    expect(stuck?.createdAt).toBe(clock.toISOString());
    // Asking again adds nothing.
    await entryOf('onboarding-stuck', id);
    const rows = await api.db
      .select()
      .from(t.notifications)
      .where(eq(t.notifications.dedupeKey, `onboarding-stuck:${id}`));
    expect(rows).toHaveLength(1);

    const hours = Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7].flatMap((day) => [
        [`day${day}open`, '9:00am'],
        [`day${day}close`, '5:00pm'],
      ]),
    );
    await api.db.insert(t.settlementAccounts).values({
      id: `acct_inbox_${engine}`,
      accountId: `acct_inbox_${engine}`,
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    await api.db
      .update(t.locations)
      .set({ ...hours, settlementAccountId: `acct_inbox_${engine}` })
      .where(eq(t.locations.id, fixture.locationId));
    await api.db
      .update(t.providers)
      .set({ coverImageURL: 'https://example.test/cover.jpg' })
      .where(eq(t.providers.id, fixture.providerId));
    expect(await entryOf('onboarding-stuck', id)).toBeUndefined();
  });

  it("read and dismissed are each admin's own; unread counts and the unread filter follow", async () => {
    const first = await inbox();
    const target = first.items[0]!;
    expect(first.unread).toBeGreaterThan(0);
    const theirsBefore = await inbox(otherAdmin);

    const read = await call(api, 'PUT', `/notifications/${target.id}/read`, as.admin, { read: true });
    expect(read.status).toBe(200);
    expect(v.parse(NotificationStateSchema, read.body)).toMatchObject({
      id: target.id,
      readAt: clock.toISOString(),
      dismissed: false,
      unread: first.unread - 1,
    });
    expect((await inbox(as.admin, '?filter=unread&limit=100')).items.map((i) => i.id)).not.toContain(
      target.id,
    );
    const theirs = await inbox(otherAdmin, '?filter=unread&limit=100');
    expect(theirs.unread).toBe(theirsBefore.unread);
    expect(theirs.items.map((i) => i.id)).toContain(target.id);

    const unread = await call(api, 'PUT', `/notifications/${target.id}/read`, as.admin, { read: false });
    expect(v.parse(NotificationStateSchema, unread.body)).toMatchObject({
      readAt: null,
      unread: first.unread,
    });

    const dismissed = await call(api, 'PUT', `/notifications/${target.id}/dismiss`, as.admin, {
      dismissed: true,
    });
    expect(v.parse(NotificationStateSchema, dismissed.body)).toMatchObject({ dismissed: true });
    expect((await inbox(as.admin, '?limit=100')).items.map((i) => i.id)).not.toContain(target.id);
    expect((await inbox(otherAdmin, '?limit=100')).items.map((i) => i.id)).toContain(target.id);
    const undone = await call(api, 'PUT', `/notifications/${target.id}/dismiss`, as.admin, {
      dismissed: false,
    });
    expect(v.parse(NotificationStateSchema, undone.body).dismissed).toBe(false);
    expect((await inbox(as.admin, '?limit=100')).items.map((i) => i.id)).toContain(target.id);
  });

  it('pages newest first by cursor', async () => {
    const all = await inbox(as.admin, '?limit=100');
    expect(all.items.length).toBeGreaterThan(3);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await inbox(as.admin, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((item) => item.id));
    const times = all.items.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('401 without a token, 403 for a provider or a customer, 400 naming the field, 404 for no such entry', async () => {
    const [first] = (await inbox()).items;
    expect((await call(api, 'GET', '/notifications')).status).toBe(401);
    for (const token of [as.glow, as.customer]) {
      expectError(await call(api, 'GET', '/notifications', token), 403, API_ERROR_CODES.forbidden);
      expectError(
        await call(api, 'PUT', `/notifications/${first!.id}/read`, token, { read: true }),
        403,
        API_ERROR_CODES.forbidden,
      );
      expectError(
        await call(api, 'PUT', `/notifications/${first!.id}/dismiss`, token, { dismissed: true }),
        403,
        API_ERROR_CODES.forbidden,
      );
    }
    expectError(
      await call(api, 'GET', '/notifications?filter=everything', as.admin),
      400,
      API_ERROR_CODES.invalidQuery,
      'filter',
    );
    expectError(
      await call(api, 'GET', '/notifications?cursor=nonsense', as.admin),
      400,
      API_ERROR_CODES.invalidQuery,
      'cursor',
    );
    expectError(
      await call(api, 'PUT', `/notifications/${first!.id}/read`, as.admin, { read: 'yes' }),
      400,
      API_ERROR_CODES.invalidBody,
      'read',
    );
    expectError(
      await call(api, 'PUT', '/notifications/abc/dismiss', as.admin, { dismissed: true }),
      400,
      API_ERROR_CODES.invalidParam,
    );
    expectError(
      await call(api, 'PUT', '/notifications/999999/read', as.admin, { read: true }),
      404,
      API_ERROR_CODES.notificationNotFound,
      'id',
    );
  });

  it('the entries and each admin state survive a restart', async () => {
    const [first] = (await inbox()).items;
    await call(api, 'PUT', `/notifications/${first!.id}/read`, as.admin, { read: true });
    const before = await inbox(as.admin, '?limit=100');
    // A new process over the same stored data: for PGlite a copy of its data directory, reopened.
    const handle =
      engine === 'pglite'
        ? await openDatabase({
            inMemory: true,
            loadDataDir: await (
              api.db as unknown as { $client: { dumpDataDir(): Promise<Blob> } }
            ).$client.dumpDataDir(),
          })
        : undefined;
    const app = createApp({
      db: handle?.db ?? api.db,
      engine,
      identity: testIdentity(),
      env: readEnv({
        APP_ENV: 'test',
        FIREBASE_PROJECT_ID: context.projectId,
        FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
        CORS_ORIGINS: TEST_ORIGIN,
      }),
      log: captureLog().log,
      now: () => clock,
    });
    try {
      const response = await app.request('/notifications?limit=100', {
        headers: { Authorization: `Bearer ${as.admin}` },
      });
      expect(response.status).toBe(200);
      const after = v.parse(NotificationPageSchema, await response.json());
      expect(after).toEqual(before);
      expect(after.items.find((item) => item.id === first!.id)?.readAt).toBe(clock.toISOString());
    } finally {
      await handle?.close();
    }
  });
});
