/**
 * GET /appointments/list: the appointments workspace's pages. Who reads what (admin every provider, a
 * provider user their own), the filters (status, provider, days in each appointment's own zone, customer),
 * cursor paging (every row once, in order, newest or oldest start first) and the refusals (401, 403, 404, 400 naming the field).
 */
import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { AppointmentListPageSchema, type AppointmentListItem } from '../../src/api/contract/appointment-list';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { call, callers, expectError, providerId, type Callers } from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

describe.each(engines)('GET /appointments/list on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let glow: number;
  let serenity: number;
  let luxe: number;
  /** A provider of this test's own with locations in far-apart zones (see beforeAll). */
  let zoned: number;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    glow = await providerId(api.db, 'Glow Studio');
    serenity = await providerId(api.db, 'Serenity Med Spa');
    luxe = await providerId(api.db, 'Luxe Aesthetics');
    zoned = await zonedFixture();
  });
  afterAll(async () => {
    await api?.stop();
  });

  /**
   * Kiritimati (UTC+14) and New York (UTC−5 in January): two appointments whose UTC day differs from their
   * local day, one on each side, and one with no location (its provider's zone, Honolulu, UTC−10).
   */
  async function zonedFixture(): Promise<number> {
    const { db } = api;
    const [east] = await db
      .insert(t.locations)
      .values({ name: 'Far East', timezone: 'Pacific/Kiritimati' })
      .returning();
    const [west] = await db
      .insert(t.locations)
      .values({ name: 'New York', timezone: 'America/New_York' })
      .returning();
    const [provider] = await db
      .insert(t.providers)
      .values({ name: 'Zoned Spa', locationId: east!.id, timezone: 'Pacific/Honolulu' })
      .returning();
    const [customer] = await db
      .insert(t.users)
      .values({ email: 'zoe.zoned@upkeep.test', displayName: 'Zoe Zoned' })
      .returning();
    const row = (groupId: string, start: string, locationId: number | null) => ({
      groupId,
      startDate: new Date(start),
      endDate: new Date(Date.parse(start) + 3_600_000),
      userId: customer!.id,
      providerId: provider!.id,
      locationId,
      name: groupId,
    });
    await db.insert(t.appointments).values([
      // 2030-01-01 10:30 UTC is 2030-01-02 00:30 in Kiritimati.
      row('zoned-east', '2030-01-01T10:30:00Z', east!.id),
      // 2030-01-02 04:30 UTC is 2030-01-01 23:30 in New York.
      row('zoned-west', '2030-01-02T04:30:00Z', west!.id),
      // 2030-01-03 08:00 UTC is 2030-01-02 22:00 in Honolulu (no location: the provider's zone).
      row('zoned-none', '2030-01-03T08:00:00Z', null),
    ]);
    return provider!.id;
  }

  const page = async (query: string, token = as.admin) => {
    const result = await call(api, 'GET', `/appointments/list?${query}`, token);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return v.parse(AppointmentListPageSchema, result.body);
  };

  /** Every page of the query, following nextCursor. */
  const everyPage = async (query: string, token = as.admin, limit = 200) => {
    const items: AppointmentListItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next = await page(
        `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        token,
      );
      items.push(...next.items);
      cursor = next.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(500);
    } while (cursor);
    return { items, pages };
  };

  /** The ids in the list's order: by start then id, newest first (or oldest first with `asc`). */
  const rowsOf = async (providerIds?: number[], dir: 'asc' | 'desc' = 'desc') => {
    const rows = await api.db
      .select({ id: t.appointments.id, startDate: t.appointments.startDate })
      .from(t.appointments)
      .where(providerIds ? inArray(t.appointments.providerId, providerIds) : undefined);
    const sign = dir === 'asc' ? 1 : -1;
    return rows
      .sort((a, b) => sign * (a.startDate.getTime() - b.startDate.getTime() || a.id - b.id))
      .map((row) => row.id);
  };

  it('an admin reads every provider’s appointments, newest start first, each row once', async () => {
    const { items } = await everyPage('');
    expect(items.map((a) => a.id)).toEqual(await rowsOf());
    const withAppointments = await api.db
      .selectDistinct({ id: t.appointments.providerId })
      .from(t.appointments);
    expect(new Set(items.map((a) => a.provider.id))).toEqual(new Set(withAppointments.map((p) => p.id)));
    expect(withAppointments.length).toBeGreaterThan(3);
    const first = items.find((a) => a.provider.id === glow);
    expect(first).toMatchObject({
      provider: { id: glow, name: 'Glow Studio' },
      timezone: 'America/Los_Angeles',
      customer: { email: expect.stringContaining('@') as string },
    });
    expect(items.some((a) => a.service !== null)).toBe(true);
  });

  it('a provider reads only their own providers’ appointments', async () => {
    const own = await everyPage('', as.glow);
    expect(own.items.map((a) => a.id)).toEqual(await rowsOf([glow]));
    const multi = await everyPage('', as.multi);
    expect(multi.items.map((a) => a.id)).toEqual(await rowsOf([serenity, luxe]));
    expect((await page(`provider=${luxe}`, as.multi)).items.every((a) => a.provider.id === luxe)).toBe(true);
    // A provider account linked to no provider has none.
    expect(await page('', as.unlinked)).toEqual({ items: [], nextCursor: null });
  });

  it('a provider naming another’s provider is refused (403); an unknown provider is 404', async () => {
    expectError(
      await call(api, 'GET', `/appointments/list?provider=${serenity}`, as.glow),
      403,
      API_ERROR_CODES.forbidden,
      'provider',
    );
    expectError(
      await call(api, 'GET', `/appointments/list?provider=${glow}&status=ACTIVE`, as.multi),
      403,
      API_ERROR_CODES.forbidden,
      'provider',
    );
    expectError(
      await call(api, 'GET', '/appointments/list?provider=987654', as.admin),
      404,
      API_ERROR_CODES.providerNotFound,
      'provider',
    );
  });

  it('401 without a token; 403 for a customer', async () => {
    expectError(await call(api, 'GET', '/appointments/list'), 401, API_ERROR_CODES.unauthenticated);
    expectError(await call(api, 'GET', '/appointments/list', as.customer), 403, API_ERROR_CODES.forbidden);
  });

  it('400 for a bad filter, naming it', async () => {
    for (const [query, field] of [
      ['status=DONE', 'status'],
      ['status=ACTIVE&status=FILMING', 'status'],
      ['provider=x', 'provider'],
      ['provider=0', 'provider'],
      ['from=2026-02-30', 'from'],
      ['from=yesterday', 'from'],
      ['to=2026-13-01', 'to'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['q=', 'q'],
      ['q=%20%20', 'q'],
      [`q=${'a'.repeat(201)}`, 'q'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
      ['sort=status', 'sort'],
      ['sort=start&sort=start', 'sort'],
      ['dir=newest', 'dir'],
    ] as const) {
      expectError(
        await call(api, 'GET', `/appointments/list?${query}`, as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        field,
      );
    }
  });

  it('cursor paging returns every row once, in order, whatever the page size', async () => {
    const whole = (await everyPage('', as.admin, 200)).items.map((a) => a.id);
    const small = await everyPage('', as.admin, 7);
    expect(small.pages).toBe(Math.ceil(whole.length / 7));
    expect(small.items.map((a) => a.id)).toEqual(whole);
    // Filtered pages page the same way.
    const glowActive = (await everyPage(`provider=${glow}&status=ACTIVE`, as.glow, 3)).items;
    expect(glowActive.length).toBeGreaterThan(3);
    expect(glowActive.map((a) => a.id)).toEqual(
      (await everyPage('status=ACTIVE', as.admin)).items
        .filter((a) => a.provider.id === glow)
        .map((a) => a.id),
    );
    // The last page says so.
    const last = await page(`provider=${zoned}&limit=3`);
    expect(last.items).toHaveLength(3);
    expect(last.nextCursor).toBeNull();
  });

  it('sorts by start both ways, the cursor following the order; only by start (what the cursor follows)', async () => {
    expect((await everyPage('sort=start&dir=desc', as.admin, 200)).items.map((a) => a.id)).toEqual(
      await rowsOf(),
    );
    const oldest = await everyPage('sort=start&dir=asc', as.admin, 9);
    expect(oldest.items.map((a) => a.id)).toEqual(await rowsOf(undefined, 'asc'));
    // `dir` alone is enough (start is the one column); one provider's pages read along its own index.
    expect((await everyPage(`dir=asc&provider=${glow}`, as.admin, 4)).items.map((a) => a.id)).toEqual(
      await rowsOf([glow], 'asc'),
    );
    expect((await everyPage('dir=asc', as.multi, 5)).items.map((a) => a.id)).toEqual(
      await rowsOf([serenity, luxe], 'asc'),
    );
    const refused = expectError(
      await call(api, 'GET', '/appointments/list?sort=provider', as.admin),
      400,
      API_ERROR_CODES.invalidQuery,
      'sort',
    );
    expect(refused.message).toMatch('sort must be one of start');
  });

  it('filters by status, provider and customer (name or email, any case)', async () => {
    for (const status of ['COMPLETED', 'CANCELLED', 'LATE_CANCELLED', 'FILMING'] as const) {
      const { items } = await everyPage(`status=${status}`);
      expect(items.length, status).toBeGreaterThan(0);
      expect(items.every((a) => a.status === status)).toBe(true);
    }
    const serenityOnly = (await everyPage(`provider=${serenity}`)).items;
    expect(serenityOnly.map((a) => a.id)).toEqual(await rowsOf([serenity]));

    const byEmail = (await everyPage('q=ZOE.ZONED@')).items;
    expect(byEmail.map((a) => a.groupId).sort()).toEqual(['zoned-east', 'zoned-none', 'zoned-west']);
    const byName = (await everyPage('q=zoe%20zon')).items;
    expect(byName.map((a) => a.id)).toEqual(byEmail.map((a) => a.id));
    expect(byName[0]?.customer).toEqual({ displayName: 'Zoe Zoned', email: 'zoe.zoned@upkeep.test' });
    // Pattern characters are taken literally.
    expect((await page('q=%25')).items).toEqual([]);
    // A provider's search stays inside their own providers.
    expect((await page('q=zoe', as.glow)).items).toEqual([]);
  });

  it('filters by days in each appointment’s own zone (its location’s, else its provider’s)', async () => {
    const days = async (from: string, to: string) =>
      (await everyPage(`provider=${zoned}&from=${from}&to=${to}`)).items.map((a) => a.groupId).sort();
    expect(await days('2030-01-01', '2030-01-01')).toEqual(['zoned-west']);
    expect(await days('2030-01-02', '2030-01-02')).toEqual(['zoned-east', 'zoned-none']);
    expect(await days('2030-01-03', '2030-01-31')).toEqual([]);
    expect(await days('2029-12-31', '2030-01-02')).toEqual(['zoned-east', 'zoned-none', 'zoned-west']);
    // From alone and to alone.
    expect((await everyPage(`provider=${zoned}&from=2030-01-02`)).items.map((a) => a.groupId).sort()).toEqual(
      ['zoned-east', 'zoned-none'],
    );
    expect((await everyPage(`provider=${zoned}&to=2030-01-01`)).items.map((a) => a.groupId)).toEqual([
      'zoned-west',
    ]);
    const [east] = (await page(`provider=${zoned}&q=zoe&from=2030-01-02&to=2030-01-02`)).items.filter(
      (a) => a.groupId === 'zoned-east',
    );
    expect(east?.timezone).toBe('Pacific/Kiritimati');
    const [none] = await api.db
      .select({ id: t.appointments.id })
      .from(t.appointments)
      .where(eq(t.appointments.groupId, 'zoned-none'));
    const listed = (await page(`provider=${zoned}`)).items.find((a) => a.id === none?.id);
    expect(listed?.timezone).toBe('Pacific/Honolulu');
  });
});
