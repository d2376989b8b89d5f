/**
 * The provider side's lists read along an index and make a fixed number of queries however many rows they
 * return (no N+1): providers (2,000 bulk providers), a provider's appointments in a window (2,000 bulk
 * appointments in a month), a location's service mappings and its special dates. Each list runs as the API
 * runs it, its SQL recorded, and each statement is planned on PostgreSQL with sequential scans disabled, so a
 * small table is not scanned merely because it is small: a plan that still holds a Seq Scan of the list's table
 * means no index serves that filter. server/README.md "Lists" names the index each one uses.
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentListPage } from '../../server/appointments/list.repository';
import { appointmentRows } from '../../server/appointments/repository';
import type { Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import * as t from '../../server/db/schema';
import { BULK_PROVIDER, seedBulkAppointments } from '../../server/db/seed/bulk-appointments';
import { seedBulkProviders } from '../../server/db/seed/bulk-providers';
import { listMappings } from '../../server/provider-svc-items/repository';
import { listProviders } from '../../server/providers/providers.repository';
import { listSpecialDates } from '../../server/providers/special-dates.repository';
import { flatten, type PlanNode } from './plan-support';
import { context, openTestDatabase, type TestDatabase } from './support';

const MONTH = '2026-11';

describe.skipIf(!context.postgresUrl)('Provider-side lists on PostgreSQL: indexed, no N+1', () => {
  let database: TestDatabase;
  let glow: { id: number; locationId: number };

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const { db } = database.handle;
    await seedBulkProviders(db, 2_000);
    await seedBulkAppointments(db, 2_000, MONTH);
    const [row] = await db
      .select({ id: t.providers.id, locationId: t.providers.locationId })
      .from(t.providers)
      .where(eq(t.providers.name, BULK_PROVIDER));
    if (!row?.locationId) throw new Error(`${BULK_PROVIDER} with a location expected`);
    glow = { id: row.id, locationId: row.locationId };
    // Two mappings for its location, so a list of them would show a query per row.
    const items = await db.select({ id: t.serviceItems.id }).from(t.serviceItems).limit(2);
    await db
      .insert(t.providerServiceItems)
      .values(
        items.map((item, i) => ({
          locationId: glow.locationId,
          externalId: `plan-${i}`,
          serviceItemId: item.id,
        })),
      )
      .onConflictDoNothing();
    await db.execute(sql`analyze`);
  }, 240_000);
  afterAll(() => database?.dispose());

  /** Runs `list` on a database that records its SQL, then plans each statement with seq scans off. */
  async function explain<T>(list: (db: Db) => Promise<T>) {
    const { driver } = database.handle;
    if (driver.engine !== 'postgres') throw new Error('PostgreSQL expected');
    const statements: { sql: string; params: unknown[] }[] = [];
    const db = drizzle({
      client: driver.pool,
      schema,
      logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
    });
    const result = await list(db);
    const client = await driver.pool.connect();
    const plans: PlanNode[][] = [];
    try {
      await client.query('set enable_seqscan = off');
      for (const statement of statements) {
        const answer = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `explain (format json) ${statement.sql}`,
          statement.params,
        );
        const plan = answer.rows[0]?.['QUERY PLAN'][0]?.Plan;
        if (!plan) throw new Error(`no plan for ${statement.sql}`);
        plans.push(flatten(plan));
      }
    } finally {
      await client.query('reset enable_seqscan');
      client.release();
    }
    return { result, statements, plans };
  }

  /**
   * `list` makes `indexes.length` statements; statement i reads `table` without a sequential scan and
   * names `indexes[i]` (undefined: any index whose name starts with `table`).
   */
  async function expectIndexed<T>(
    list: (db: Db) => Promise<T>,
    table: string,
    indexes: (string | undefined)[],
  ): Promise<T> {
    const { result, statements, plans } = await explain(list);
    expect(statements.length).toBe(indexes.length);
    for (const [i, nodes] of plans.entries()) {
      const what = `${statements[i]?.sql}\n${JSON.stringify(nodes.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]))}`;
      expect(
        nodes.filter((node) => node['Node Type'] === 'Seq Scan'),
        what,
      ).toEqual([]);
      const wanted = indexes[i];
      if (wanted)
        expect(
          nodes.map((node) => node['Index Name']),
          what,
        ).toContain(wanted);
      else
        expect(
          nodes.some((node) => node['Index Name']?.startsWith(table)),
          what,
        ).toBe(true);
    }
    return result;
  }

  it('GET /providers: a page in name order, filtered by country and city or by name, and one by id', async () => {
    const page = await expectIndexed((db) => listProviders(db, {}, { page: 1, pageSize: 24 }), 'providers', [
      'providers_list_order_idx',
      undefined,
    ]);
    expect(page.providers.length).toBe(24);
    expect(page.total).toBeGreaterThan(2_000);
    const denver = await expectIndexed(
      (db) => listProviders(db, { country: 'us', city: 'denver' }, { page: 1, pageSize: 24 }),
      'locations',
      ['locations_country_city_idx', 'locations_country_city_idx'],
    );
    expect(denver.providers.length).toBe(24);
    expect(denver.providers.every((provider) => provider.location?.city === 'Denver')).toBe(true);
    const named = await expectIndexed(
      (db) => listProviders(db, { name: 'laser clinic #1' }, { page: 1, pageSize: 24 }),
      'providers',
      [undefined, 'providers_name_trgm_idx'],
    );
    expect(named.providers.length).toBeGreaterThan(0);
    expect(named.providers.every((provider) => provider.name.toLowerCase().includes('laser clinic #1'))).toBe(
      true,
    );
    const own = await expectIndexed((db) => listProviders(db, { ids: [glow.id] }), 'providers', [
      'providers_pkey',
    ]);
    expect(own.providers.map((provider) => provider.name)).toEqual([BULK_PROVIDER]);
  });

  it("GET /appointments: a provider's month in one query along appointments_provider_start_idx", async () => {
    const rows = await expectIndexed(
      (db) =>
        appointmentRows(db, glow.id, new Date('2026-10-25T00:00:00Z'), new Date('2026-12-07T00:00:00Z')),
      'appointments',
      ['appointments_provider_start_idx'],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2_000);
  });

  it('GET /appointments/list: a page of every provider’s, or of one provider’s, in one query along an index', async () => {
    const all = await expectIndexed(
      (db) => appointmentListPage(db, { providers: 'all' }, undefined, 50),
      'appointments',
      ['appointments_start_idx'],
    );
    expect(all.items).toHaveLength(50);
    const own = await expectIndexed(
      (db) =>
        appointmentListPage(
          db,
          { providers: [glow.id], status: 'COMPLETED', from: '2026-11-03' },
          undefined,
          50,
        ),
      'appointments',
      ['appointments_provider_start_idx'],
    );
    expect(own.items).toHaveLength(50);
    expect(own.items.every((a) => a.status === 'COMPLETED' && a.provider.id === glow.id)).toBe(true);
  });

  it("GET /providers/svc-items and GET /special-date/provider/{locationId}: a location's mappings and special dates", async () => {
    const mappings = await expectIndexed(
      (db) => listMappings(db, glow.locationId),
      'provider_service_items',
      [undefined],
    );
    expect(mappings.length).toBeGreaterThanOrEqual(2);
    const { db } = database.handle;
    const dates = await db
      .select({ id: t.specialDates.id })
      .from(t.specialDates)
      .where(eq(t.specialDates.locationId, glow.locationId));
    const special = await expectIndexed(
      (reader) => listSpecialDates(reader, glow.locationId),
      'special_date',
      [
        'special_dates_location_idx',
        // Its few rows may be read along the primary key (ordered by id) rather than by special date.
        ...(dates.length > 0 ? [undefined] : []),
      ],
    );
    expect(special.length).toBe(dates.length);
  });
});
