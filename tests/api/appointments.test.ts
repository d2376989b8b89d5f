/**
 * GET /appointments, GET /appointments/calendar and GET /appointments/activity: the provider dashboard's
 * reads, and who may read what.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CalendarAppointmentListSchema,
  ProviderActivitySchema,
  ProviderAppointmentListSchema,
} from '../../src/api/contract/appointment';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { call, callers, expectError, providerId, type Callers } from './provider-support';
import { engines, seedNow, startTestServer, type TestServer } from './support';

const DAY = 86_400_000;

describe.each(engines)('/appointments on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let glow: number;
  let serenity: number;
  let luxe: number;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    glow = await providerId(api.db, 'Glow Studio');
    serenity = await providerId(api.db, 'Serenity Med Spa');
    luxe = await providerId(api.db, 'Luxe Aesthetics');
  });
  afterAll(async () => {
    await api?.stop();
  });

  const list = async (query: string, token = as.admin) => {
    const result = await call(api, 'GET', `/appointments?${query}`, token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return v.parse(ProviderAppointmentListSchema, result.body);
  };

  it('lists a provider’s appointments 30 days each side of now, ascending, every status', async () => {
    const rows = await list(`provider=${glow}`, as.glow);
    expect(rows.length).toBeGreaterThan(15);
    const starts = rows.map((a) => a.startDate);
    expect(starts).toEqual([...starts].sort());
    expect(rows.every((a) => a.provider.id === glow && a.location?.timezone === 'America/Los_Angeles')).toBe(
      true,
    );
    expect(new Set(rows.map((a) => a.status))).toEqual(
      new Set(['ACTIVE', 'COMPLETED', 'CANCELLED', 'LATE_CANCELLED', 'FILMING']),
    );
    expect(rows.every((a) => a.user === null)).toBe(true);
    expect(rows.some((a) => a.bundle !== null)).toBe(true);
  });

  it('group=true joins the rows booked together; user=true adds the customer', async () => {
    const rows = await list(`provider=${glow}`);
    const grouped = await list(`provider=${glow}&group=true&user=true`);
    expect(grouped.length).toBeLessThan(rows.length);
    expect(new Set(grouped.map((a) => a.groupId)).size).toBe(grouped.length);
    const three = grouped.find((a) => a.serviceItems.length === 3);
    expect(three).toBeDefined();
    const parts = rows.filter((a) => a.groupId === three?.groupId);
    expect(parts).toHaveLength(3);
    expect(three?.startDate).toBe(parts[0]?.startDate);
    expect(three?.endDate).toBe(parts[2]?.endDate);
    expect(three?.serviceItemDisplayName).toBe(parts.map((a) => a.serviceItemDisplayName).join(', '));
    expect(grouped.every((a) => a.user !== null && a.user.email.includes('@'))).toBe(true);
  });

  it('answers within the window asked for', async () => {
    const from = new Date(seedNow.getTime() - 10 * DAY).toISOString();
    const to = new Date(seedNow.getTime() + 10 * DAY).toISOString();
    const inside = await list(`provider=${glow}&from=${from}&to=${to}`);
    const all = await list(`provider=${glow}`);
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(all.length);
    expect(inside.every((a) => a.startDate >= from && a.startDate < to)).toBe(true);
    expect(inside).toEqual(all.filter((a) => a.startDate >= from && a.startDate < to));
  });

  it('calendar: one light entry per booking, the same bookings, times and names as group=true', async () => {
    const from = new Date(seedNow.getTime() - 40 * DAY).toISOString();
    const to = new Date(seedNow.getTime() + 40 * DAY).toISOString();
    const window = `provider=${glow}&from=${from}&to=${to}`;
    const result = await call(api, 'GET', `/appointments/calendar?${window}`, as.glow);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const light = v.parse(CalendarAppointmentListSchema, result.body);
    const full = await list(`${window}&group=true&user=true`, as.glow);
    expect(light.length).toBeGreaterThan(15);
    expect(light).toEqual(
      full.map((a) => ({
        id: a.id,
        groupId: a.groupId,
        status: a.status,
        startDate: a.startDate,
        endDate: a.endDate,
        title: a.serviceItemDisplayName,
        timezone: a.location?.timezone ?? null,
        customer: a.user ? (a.user.displayName ?? a.user.email) : null,
      })),
    );
    expect(light.some((a) => a.title?.includes(', '))).toBe(true);
    // An empty window is an empty array; the same checks as GET /appointments.
    const empty = await call(
      api,
      'GET',
      `/appointments/calendar?provider=${glow}&from=2001-01-01T00:00:00Z&to=2001-02-01T00:00:00Z`,
      as.glow,
    );
    expect(empty.body).toEqual([]);
    expectError(
      await call(api, 'GET', `/appointments/calendar?provider=${serenity}`, as.glow),
      403,
      API_ERROR_CODES.forbidden,
    );
    expectError(
      await call(api, 'GET', `/appointments/calendar?provider=${glow}`),
      401,
      API_ERROR_CODES.unauthenticated,
    );
    expectError(
      await call(
        api,
        'GET',
        `/appointments/calendar?provider=${glow}&from=2026-01-01T00:00:00Z&to=2026-12-01T00:00:00Z`,
        as.glow,
      ),
      400,
      API_ERROR_CODES.invalidQuery,
      'to',
    );
  });

  it('groupId: that one booking with its details, whenever it is; another provider’s is not found', async () => {
    const full = await list(`provider=${glow}&group=true&user=true`, as.glow);
    const three = full.find((a) => a.serviceItems.length === 3);
    const old = await list(
      `provider=${glow}&group=true&user=true&groupId=${encodeURIComponent(three?.groupId ?? '')}&from=2001-01-01T00:00:00Z&to=2001-02-01T00:00:00Z`,
      as.glow,
    );
    expect(old).toEqual([three]);
    const serenityBooking = (await list(`provider=${serenity}&group=true`, as.multi))[0];
    expect(
      await list(`provider=${glow}&group=true&groupId=${encodeURIComponent(serenityBooking?.groupId ?? '')}`),
    ).toEqual([]);
    expectError(
      await call(api, 'GET', `/appointments?provider=${glow}&groupId=`, as.glow),
      400,
      API_ERROR_CODES.invalidQuery,
      'groupId',
    );
  });

  it('a provider reads only their own providers (403 otherwise); admins every one', async () => {
    expect((await list(`provider=${serenity}`, as.multi)).length).toBeGreaterThan(0);
    expect((await list(`provider=${luxe}`, as.multi)).length).toBeGreaterThan(0);
    expectError(
      await call(api, 'GET', `/appointments?provider=${serenity}`, as.glow),
      403,
      API_ERROR_CODES.forbidden,
    );
    expectError(
      await call(api, 'GET', `/appointments?provider=${glow}`, as.multi),
      403,
      API_ERROR_CODES.forbidden,
    );
    expectError(
      await call(api, 'GET', `/appointments?provider=${glow}`, as.unlinked),
      403,
      API_ERROR_CODES.forbidden,
    );
    expectError(
      await call(api, 'GET', `/appointments/activity?provider=${serenity}`, as.glow),
      403,
      API_ERROR_CODES.forbidden,
    );
    expectError(
      await call(api, 'GET', `/appointments?provider=${glow}`, as.customer),
      403,
      API_ERROR_CODES.forbidden,
    );
    expect((await list(`provider=${serenity}`, as.admin)).length).toBeGreaterThan(0);
  });

  it('401 without a token; 404 for an unknown provider; 400 for a bad query', async () => {
    expectError(
      await call(api, 'GET', `/appointments?provider=${glow}`),
      401,
      API_ERROR_CODES.unauthenticated,
    );
    expectError(
      await call(api, 'GET', '/appointments/activity?provider=1'),
      401,
      API_ERROR_CODES.unauthenticated,
    );
    expectError(
      await call(api, 'GET', '/appointments?provider=987654', as.admin),
      404,
      API_ERROR_CODES.providerNotFound,
      'provider',
    );
    for (const [query, field] of [
      ['', 'provider'],
      ['provider=x', 'provider'],
      [`provider=${glow}&group=yes`, 'group'],
      [`provider=${glow}&from=yesterday`, 'from'],
      [`provider=${glow}&from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z`, 'to'],
      [`provider=${glow}&from=2026-01-01T00:00:00Z&to=2026-12-01T00:00:00Z`, 'to'],
    ] as const) {
      expectError(
        await call(api, 'GET', `/appointments?${query}`, as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        field,
      );
    }
    expectError(
      await call(api, 'GET', '/appointments/activity', as.admin),
      400,
      API_ERROR_CODES.invalidQuery,
      'provider',
    );
  });

  it('activity: bookings and payouts of the past 30 days, lifetime payouts, the settlement account', async () => {
    const activity = async (id: number, token: string) => {
      const result = await call(api, 'GET', `/appointments/activity?provider=${id}`, token);
      expect(result.status).toBe(200);
      return v.parse(ProviderActivitySchema, result.body);
    };
    // Glow Studio: 3 demo bookings (one late-cancelled, not counted) + 4 dashboard ones; no account.
    expect(await activity(glow, as.glow)).toEqual({
      bookingsPast30Days: 7,
      payouts: 'available',
      payoutsPast30DaysInCents: 0,
      lifetimePayoutsInCents: 0,
      activityWindowDays: 30,
      settlementAccount: null,
    });
    // Serenity's payouts: its completed appointments, as the payment provider lists them (the rule itself is
    // tested in payouts.test.ts); lifetime also counts the older ones.
    const s = await activity(serenity, as.multi);
    const listed = (await call(api, 'GET', '/settlement-accounts/payouts/acct_demo_serenity', as.multi))
      .body as { amount: number; arrival_date: number }[];
    const nowS = Date.now() / 1000;
    const arrived = (fromS: number) =>
      listed
        .filter((p) => p.arrival_date <= nowS && p.arrival_date >= fromS)
        .reduce((total, p) => total + p.amount, 0);
    expect(s).toMatchObject({
      bookingsPast30Days: 5,
      payouts: 'available',
      payoutsPast30DaysInCents: arrived(nowS - 30 * 86_400),
      lifetimePayoutsInCents: arrived(0),
      settlementAccount: { id: 'acct_demo_serenity', charges_enabled: true, payouts_enabled: true },
    });
    if (s.payouts !== 'available') throw new Error("Serenity's payouts did not come");
    expect(s.lifetimePayoutsInCents).toBeGreaterThan(s.payoutsPast30DaysInCents);
    expect(s.payoutsPast30DaysInCents).toBeGreaterThan(0);
    // Luxe's account has no bank yet (payouts not enabled): nothing paid out.
    const l = await activity(luxe, as.admin);
    expect(l).toMatchObject({ payoutsPast30DaysInCents: 0, lifetimePayoutsInCents: 0 });
    expect(l.settlementAccount?.requirements.currently_due).toEqual([
      'company.tax_id',
      'tos_acceptance.date',
      'tos_acceptance.ip',
    ]);
  });
});
