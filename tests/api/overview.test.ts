/**
 * GET /overview (issue 30): every figure checked against the rows (worked out again in overview-support.ts),
 * a fixture of known rows in a window of its own with the zone boundaries (23:30 local on the last day counts,
 * 00:30 the next day in New York does not), the providers list filtered by onboarding state, and the refusals
 * (401, 403 for a provider, 400 naming the field).
 */
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { OverviewSchema, type Overview } from '../../src/api/contract/overview';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { ProviderPageSchema } from '../../src/api/contract/provider-list';
import { ONBOARDING_STATES } from '../../src/domain/overview/overview';
import { netOfCommission } from '../../src/domain/payouts/earnings';
import { DEFAULT_TIME_ZONE } from '../../src/domain/shared/constants';
import { call, callers, expectError, type Callers } from './provider-support';
import { engines, startTestServer, type TestServer } from './support';
import {
  expectedAppointmentFigures,
  expectedNewUsers,
  expectedPayoutsWaiting,
  expectedProviderStates,
} from './overview-support';

const UNTIL = '2031-06-30';
const HOUR_MS = 3_600_000;

describe.each(engines)('GET /overview on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let fixture: { providerId: number; itemPrice: number; bundlePrice: number; bundlePercent: number };

  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    fixture = await insertFixture();
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** A live MANUAL provider (Los Angeles, a second location in New York, its own zone Honolulu) in 2031. */
  async function insertFixture() {
    const { db } = api;
    await db.insert(t.settlementAccounts).values({
      id: 'acct_overview',
      accountId: 'acct_overview',
      chargesEnabled: true,
      payoutsEnabled: true,
    });
    const [la] = await db
      .insert(t.locations)
      .values({ name: 'Overview LA', timezone: 'America/Los_Angeles', settlementAccountId: 'acct_overview' })
      .returning();
    const [ny] = await db
      .insert(t.locations)
      .values({ name: 'Overview NY', timezone: 'America/New_York' })
      .returning();
    const [provider] = await db
      .insert(t.providers)
      .values({ name: 'Overview Spa', locationId: la!.id, timezone: 'Pacific/Honolulu', strategy: 'MANUAL' })
      .returning();
    const [item] = await db.select().from(t.serviceItems).limit(1);
    const [bundle] = await db.select().from(t.bundles).limit(1);
    const parts = await db
      .select({ price: t.serviceItems.priceInCents })
      .from(t.bundleServiceItems)
      .innerJoin(t.serviceItems, eq(t.serviceItems.id, t.bundleServiceItems.serviceItemId))
      .where(eq(t.bundleServiceItems.bundleId, bundle!.id));
    await db
      .insert(t.commissions)
      .values({ providerId: provider!.id, serviceCategoryId: item!.serviceCategoryId, percentage: 20 });
    await db.insert(t.availabilities).values({
      serviceCategoryId: item!.serviceCategoryId,
      locationId: la!.id,
      timeslots: { Monday: [{ time: '9:00am', checked: true }] },
    });
    const [customer] = await db.insert(t.users).values({ email: 'olive.overview@upkeep.test' }).returning();
    const row = (
      start: string,
      status: (typeof t.APPOINTMENT_STATUSES)[number],
      locationId: number | null,
      extra: Partial<typeof t.appointments.$inferInsert> = {},
    ) => ({
      groupId: `overview-${start}`,
      status,
      startDate: new Date(start),
      endDate: new Date(Date.parse(start) + HOUR_MS),
      userId: customer!.id,
      providerId: provider!.id,
      locationId,
      ...extra,
    });
    const now = Date.now();
    await db.insert(t.appointments).values([
      // 23:30 in Los Angeles on the window's last day.
      row('2031-07-01T06:30:00Z', 'COMPLETED', la!.id, { priceInCents: 10_000, serviceItemId: item!.id }),
      // 00:30 on its first day.
      row('2031-06-01T07:30:00Z', 'CANCELLED', la!.id),
      // 23:30 the day before: the previous window's last day.
      row('2031-06-01T06:30:00Z', 'LATE_CANCELLED', la!.id),
      // 00:30 on 1 July in New York (still 30 June in Los Angeles): after the window.
      row('2031-07-01T04:30:00Z', 'COMPLETED', ny!.id, { priceInCents: 7_000 }),
      // Previous window, no booked price: the service item's, 20% commission.
      row('2031-05-02T13:00:00Z', 'COMPLETED', ny!.id, { serviceItemId: item!.id }),
      // Before the previous window.
      row('2031-05-02T06:00:00Z', 'ACTIVE', la!.id),
      // A bundle without a booked price: the sum of its items.
      row('2031-06-10T18:00:00Z', 'COMPLETED', la!.id, { bundleId: bundle!.id }),
      // No location: the provider's zone (22:30 on 14 June in Honolulu).
      row('2031-06-15T08:30:00Z', 'ACTIVE', null),
      // Ended an hour ago: its payout arrives in two days.
      row(new Date(now - 2 * HOUR_MS).toISOString(), 'COMPLETED', la!.id, {
        priceInCents: 5_000,
        serviceItemId: item!.id,
      }),
    ]);
    await db.insert(t.users).values([
      // 23:30 on 29 June, and on 30 June, in the marketplace's zone; 00:30 on 1 July is after the window.
      { email: 'new-1@overview.test', createdAt: new Date('2031-06-30T06:30:00Z') },
      { email: 'new-2@overview.test', createdAt: new Date('2031-07-01T06:30:00Z') },
      { email: 'new-3@overview.test', createdAt: new Date('2031-07-01T07:30:00Z') },
      { email: 'new-4@overview.test', createdAt: new Date('2031-05-15T19:00:00Z') },
      { email: 'gone@overview.test', createdAt: new Date('2031-06-10T19:00:00Z'), isDeleted: true },
    ]);
    const bundleCategory = bundle!.serviceCategoryId;
    return {
      providerId: provider!.id,
      itemPrice: item!.priceInCents,
      bundlePrice: parts.reduce((sum, part) => sum + part.price, 0),
      bundlePercent: bundleCategory === item!.serviceCategoryId ? 20 : 0,
    };
  }

  const overview = async (query = '') => {
    const answer = await call(api, 'GET', `/overview${query}`, as.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return v.parse(OverviewSchema, answer.body);
  };
  const commissionOf = (price: number, percent: number) => price - netOfCommission(price, percent);

  it('counts the known rows of a window, each on its day in its own zone', async () => {
    const figures = await overview(`?until=${UNTIL}`);
    expect(figures.current).toEqual({ from: '2031-06-01', to: '2031-06-30' });
    expect(figures.previous).toEqual({ from: '2031-05-02', to: '2031-05-31' });
    const daily = (days: Record<number, number>) => Array.from({ length: 30 }, (_, i) => days[i] ?? 0);
    expect(figures.bookings).toEqual({ current: 4, previous: 2, daily: daily({ 0: 1, 9: 1, 13: 1, 29: 1 }) });
    expect(figures.cancellations).toEqual({ current: 1, previous: 0, daily: daily({ 0: 1 }) });
    expect(figures.lateCancellations).toEqual({ current: 0, previous: 1, daily: daily({}) });
    const revenue = 10_000 + fixture.bundlePrice;
    expect(figures.revenue).toEqual({
      current: revenue,
      previous: fixture.itemPrice,
      daily: daily({ 9: fixture.bundlePrice, 29: 10_000 }),
    });
    expect(figures.commission.current).toBe(
      commissionOf(10_000, 20) + commissionOf(fixture.bundlePrice, fixture.bundlePercent),
    );
    expect(figures.commission.previous).toBe(commissionOf(fixture.itemPrice, 20));
    expect(figures.newUsers).toEqual({ current: 2, previous: 1, daily: daily({ 28: 1, 29: 1 }) });
  });

  it("counts new users on their day in the settings' default zone", async () => {
    /** Saves the default zone on top of the stored settings, with the version read. */
    const zoneTo = async (defaultTimezone: string) => {
      const read = await call(api, 'GET', '/settings', as.admin);
      const { updatedAt: _updatedAt, ...stored } = read.body as Record<string, unknown>;
      const saved = await call(api, 'PUT', '/settings', as.admin, { ...stored, defaultTimezone });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await zoneTo('America/New_York');
    try {
      // In New York 06:30Z on 30 June is that day (02:30), and 06:30Z on 1 July is 1 July: after the window.
      const daily = Array.from({ length: 30 }, (_, i) => (i === 29 ? 1 : 0));
      expect((await overview(`?until=${UNTIL}`)).newUsers).toEqual({ current: 1, previous: 1, daily });
    } finally {
      await zoneTo(DEFAULT_TIME_ZONE);
    }
    expect((await overview(`?until=${UNTIL}`)).newUsers.current).toBe(2);
  });

  it('matches the rows for the last 30 days (today in the marketplace zone) and for the fixture window', async () => {
    const today = () => Temporal.Now.plainDateISO(DEFAULT_TIME_ZONE).toString();
    /** Without `until` the server reads today itself: the figures and the day read on both sides of them. */
    async function figuresOfToday(): Promise<[Overview, string]> {
      for (;;) {
        const before = today();
        const figures: Overview = await overview();
        // Read again should the marketplace's midnight fall during the request.
        if (today() === before) return [figures, before];
      }
    }
    for (const read of [figuresOfToday, async () => [await overview(`?until=${UNTIL}`), UNTIL] as const]) {
      const [figures, until] = await read();
      const expected = await expectedAppointmentFigures(api.db, until);
      for (const key of ['bookings', 'cancellations', 'lateCancellations', 'revenue', 'commission'] as const)
        expect(figures[key], `${key} until ${until}`).toEqual(expected[key]);
      expect(figures.newUsers).toEqual(await expectedNewUsers(api.db, until));
    }
    // The demo data has bookings in the last 30 days.
    expect((await overview()).bookings.current).toBeGreaterThan(0);
  });

  it('counts providers in each onboarding state, and the providers list filters by the same rules', async () => {
    const figures = await overview();
    const states = await expectedProviderStates(api.db);
    expect(states.get(fixture.providerId)).toEqual(new Set(ONBOARDING_STATES));
    for (const state of ONBOARDING_STATES) {
      const ids = [...states].filter(([, set]) => set.has(state)).map(([id]) => id);
      expect(figures.providers[state], state).toBe(ids.length);
      const listed = await call(api, 'GET', `/providers?onboarding=${state}&pageSize=100`, as.admin);
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const page = v.parse(ProviderPageSchema, listed.body);
      expect(page.total, state).toBe(ids.length);
      expect(page.providers.map((p) => p.id).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    }
    // Not every provider is live in the demo data, so the filter does narrow.
    expect(figures.providers.live).toBeLessThan(figures.providers.started);
  });

  it('sums the payouts still on their way as the payments sandbox derives them', async () => {
    const before = new Date();
    const figures = await overview();
    const expected = await expectedPayoutsWaiting(api.db, before);
    expect(figures.payoutsWaiting).toEqual(expected);
    // The fixture's appointment that ended an hour ago is among them, less its 20% commission.
    expect(figures.payoutsWaiting.amountInCents).toBeGreaterThanOrEqual(netOfCommission(5_000, 20));
  });

  it('401 without a token, 403 for a provider or a customer: no figures leave', async () => {
    expectError(await call(api, 'GET', '/overview'), 401, API_ERROR_CODES.unauthenticated);
    for (const token of [as.glow, as.multi, as.customer])
      expectError(await call(api, 'GET', '/overview', token), 403, API_ERROR_CODES.forbidden);
  });

  it('400 for a bad query, naming the field', async () => {
    for (const query of ['until=2031-02-30', 'until=yesterday', 'until=2031-06-01&until=2031-06-02'])
      expectError(
        await call(api, 'GET', `/overview?${query}`, as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        'until',
      );
    expectError(
      await call(api, 'GET', '/providers?onboarding=halfway&page=1', as.admin),
      400,
      API_ERROR_CODES.invalidQuery,
      'onboarding',
    );
  });
});
