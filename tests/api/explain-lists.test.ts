/**
 * No list reads without a bound (issue 34, "the provider side at scale"): each list endpoint's SQL, as the
 * repository function its route calls issues it (recorded by a logging Drizzle client on the same pool), is
 * planned with EXPLAIN (FORMAT JSON) on PostgreSQL with the planner's own settings, over a database grown to
 * the sizes: 100,000 users, 2,000 providers, 20,000 appointments, 20,000 notifications, 100,000
 * audit events and 500 pricing-tier polygons.
 *
 * A paged list's plan must hold a Limit node and no Seq Scan of its big table: the page is read along an
 * index and the read stops at the page. (GET /audit and GET /notifications did not until migration 0034: their
 * `order by … desc` sorts nulls first, which their DESC NULLS LAST indexes could not serve, so each page read
 * and sorted the whole table. The unread inbox still does, for another reason: see its test.) The dashboard month is bounded by its window instead (a provider's
 * month along appointments_provider_start_idx, no LIMIT: the calendar shows every booking of the month).
 * The catalogue lists (credits, promo codes, pricing tiers with their polygons) are whole by contract: the
 * screen shows every row and the API has no page for them. They are checked for what they are: one
 * statement per table whatever the number of rows (no N+1), and where their table is small a Seq Scan is the
 * right plan (reading a few pages beats an index walk), which the test allows and says so.
 */
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentListPage } from '../../server/appointments/list.repository';
import { calendarJson } from '../../server/appointments/repository';
import { auditPage } from '../../server/audit/repository';
import { listCredits } from '../../server/credits/repository';
import type { Db } from '../../server/db/client';
import { BULK_PROVIDER, seedBulkAppointments } from '../../server/db/seed/bulk-appointments';
import { seedBulkProviders } from '../../server/db/seed/bulk-providers';
import { bulkUser, seedBulkUsers } from '../../server/db/seed/bulk-users';
import { notificationPage } from '../../server/notifications/repository';
import { getPriceTier, listPriceTiers } from '../../server/pricing-tiers/repository';
import { listPromoCodes } from '../../server/promos/repository';
import { listProviders } from '../../server/providers/providers.repository';
import * as t from '../../server/db/schema';
import { decodeCursor, listUsers } from '../../server/users/list';
import { flatten, recordingDb, type PlanNode } from './plan-support';
import { context, openTestDatabase, type TestDatabase } from './support';

/** 2,000 bulk appointments in each of ten months (20,000); the dashboard month read is one of them. */
const MONTHS = Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
const PER_MONTH = 2_000;
const USERS = 100_000;
const PROVIDERS = 2_000;
const NOTIFICATIONS = 20_000;
const AUDIT_EVENTS = 100_000;
const POLYGONS = 500;

interface Planned {
  sql: string;
  nodes: PlanNode[];
}

const describeNodes = (nodes: PlanNode[]) =>
  JSON.stringify(nodes.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']].filter(Boolean)));

// Under CI the suite's global set-up fails when PostgreSQL does not answer; elsewhere it is skipped here.
describe.skipIf(!context.postgresUrl)('Every list on PostgreSQL is bounded and read along an index', () => {
  let database: TestDatabase;
  let glow: number;
  let adminUid: string;
  let indexesBefore: string[];
  let indexesAfter: string[];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const { db } = database.handle;
    const usersIndexes = async () =>
      (
        (await db.execute(
          sql`select indexdef from pg_indexes where tablename = 'users' order by indexname`,
        )) as unknown as { rows: { indexdef: string }[] }
      ).rows.map((row) => row.indexdef);
    indexesBefore = await usersIndexes();
    await seedBulkUsers(db, USERS);
    indexesAfter = await usersIndexes();
    await seedBulkProviders(db, PROVIDERS);
    for (const month of MONTHS) await seedBulkAppointments(db, PER_MONTH, month);
    const run = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const [provider] = await run<{ id: number }>(sql`select id from providers where name = ${BULK_PROVIDER}`);
    if (!provider) throw new Error(`${BULK_PROVIDER} expected`);
    glow = provider.id;
    const [admin] = await run<{ uid: string }>(
      sql`select firebase_uid as uid from users where role = 'ADMIN' and firebase_uid is not null limit 1`,
    );
    if (!admin) throw new Error('an admin expected in the demo data');
    adminUid = admin.uid;
    // Notifications, one in ten resolved, some read by the admin; audit events of a few kinds, actors and records.
    await db.execute(sql`
      insert into notifications (kind, record_type, record_id, dedupe_key, created_at, resolved_at)
      select 'provider.payouts', 'provider', (n % 2000)::text, 'bulk-' || n,
        now() - n * interval '1 minute', case when n % 10 = 0 then now() end
      from generate_series(1, ${NOTIFICATIONS}::int) as n`);
    await db.execute(sql`
      insert into notification_states (uid, notification_id, read_at)
      select ${adminUid}, id, now() from notifications where id % 3 = 0`);
    await db.execute(sql`
      insert into audit_events (at, actor_uid, actor_email, kind, record_type, record_id, method, path, status)
      select now() - n * interval '10 seconds', 'bulk-actor-' || (n % 50), 'actor' || (n % 50) || '@bulk.example.com',
        (array['create', 'update', 'delete', 'sign-in'])[n % 4 + 1], (array['user', 'provider', 'appointment'])[n % 3 + 1],
        (n % 5000)::text, 'POST', '/bulk', 200
      from generate_series(1, ${AUDIT_EVENTS}::int) as n`);
    // 500 polygons over the demo's tiers (the pricing-tier map at the size).
    await db.execute(sql`
      insert into polygons (name, points, price_tier_id)
      select 'bulk-' || n, '[[-105.0, 39.7], [-104.9, 39.7], [-104.9, 39.8], [-105.0, 39.7]]'::jsonb, tier.id
      from generate_series(1, ${POLYGONS}::int) as n
      join lateral (select id from price_tiers order by id offset n % (select count(*) from price_tiers) limit 1) tier on true`);
    await db.execute(sql`analyze`);
  }, 600_000);
  afterAll(() => database?.dispose());

  /** Runs `list` as its route does on a recording client, then plans each statement it issued. */
  async function plan<T>(list: (db: Db) => Promise<T>): Promise<{ result: T; plans: Planned[] }> {
    const { driver } = database.handle;
    if (driver.engine !== 'postgres') throw new Error('PostgreSQL expected');
    const { db, statements } = recordingDb(driver.pool);
    const result = await list(db);
    const plans: Planned[] = [];
    for (const statement of statements) {
      const answer = await driver.pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (format json) ${statement.sql}`,
        statement.params,
      );
      const root = answer.rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!root) throw new Error(`no plan for ${statement.sql}`);
      plans.push({ sql: statement.sql, nodes: flatten(root) });
    }
    return { result, plans };
  }

  /**
   * Each statement of a paged list: a Limit node, no Seq Scan of `table`, and an index of `table` read
   * (a bitmap index scan names its index, not its table; every index of a table starts with its name).
   */
  async function expectPaged<T>(list: (db: Db) => Promise<T>, table: string, statements: number) {
    const { result, plans } = await plan(list);
    expect(plans.length, plans.map((p) => p.sql).join('\n')).toBe(statements);
    for (const { sql: text, nodes } of plans) {
      const what = `${text}\n${describeNodes(nodes)}`;
      expect(
        nodes.some((node) => node['Node Type'] === 'Limit'),
        what,
      ).toBe(true);
      expect(
        nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === table),
        what,
      ).toEqual([]);
      expect(
        nodes.some((node) => node['Index Name']?.startsWith(`${table}_`)),
        what,
      ).toBe(true);
    }
    return result;
  }

  it('the bulk users made in SQL are the people bulkUser(n) describes, with every index of users back', async () => {
    const { db } = database.handle;
    const ns = [1, 25, 26, 27, 677, 12_345, USERS];
    const rows = await db
      .select()
      .from(t.users)
      .where(
        inArray(
          t.users.firebaseUid,
          ns.map((n) => `bulk-${n}`),
        ),
      );
    for (const n of ns) {
      const row = rows.find((r) => r.firebaseUid === `bulk-${n}`);
      expect(row, `bulk-${n}`).toMatchObject(bulkUser(n));
    }
    // 100,000 at once takes the rebuild path: the indexes dropped, then made again from their definitions.
    expect(indexesAfter).toEqual(indexesBefore);
  });

  it('GET /user: page 1, the page after a cursor and the three searches are limited, along indexes of users', async () => {
    // The page, and its total counted up to 1,000 rows past the page (a LIMIT inside the count).
    const first = await expectPaged((db) => listUsers(db, { page: 1, pageSize: 10 }), 'users', 2);
    expect(first.users).toHaveLength(10);
    const after = decodeCursor(first.nextCursor ?? '');
    expect(after).not.toBeNull();
    const deep = await expectPaged(
      (db) => listUsers(db, { page: 2, pageSize: 10, ...(after && { after }) }),
      'users',
      2,
    );
    expect(deep.users).toHaveLength(10);
    // A search finding a few, one finding none and a phone search: one statement each (its matches, read
    // through the trigram index up to 5,000, give the page and the total).
    for (const search of ['sofia garcia', 'nobody-matches-this', '(512) 555-0104']) {
      const found = await expectPaged((db) => listUsers(db, { search, page: 1, pageSize: 10 }), 'users', 1);
      expect(found.users.length).toBeLessThanOrEqual(1);
    }
  });

  it('GET /providers?page=: a page of 2,000 providers, and its filters, limited along their indexes', async () => {
    // The page, then the full count of the matching providers. The count reads every provider: a Seq Scan of
    // the 2,000 is the planner's right plan for counting a whole table (an index would be read whole too), so
    // it is not held to an index; it is bounded by the providers table, not by the users or appointments.
    const { result, plans } = await plan((db) => listProviders(db, {}, { page: 1, pageSize: 24 }));
    expect(result.providers).toHaveLength(24);
    expect(plans).toHaveLength(2);
    const [page, total] = plans as [Planned, Planned];
    expect(
      page.nodes.some((node) => node['Node Type'] === 'Limit'),
      describeNodes(page.nodes),
    ).toBe(true);
    expect(
      page.nodes.map((node) => node['Index Name']),
      describeNodes(page.nodes),
    ).toContain('providers_list_order_idx');
    expect(
      page.nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'providers'),
      describeNodes(page.nodes),
    ).toEqual([]);
    expect(total.nodes.some((node) => node['Node Type'] === 'Aggregate')).toBe(true);
    for (const filter of [{ country: 'us', city: 'denver' }, { name: 'laser clinic #1' }]) {
      const { result: filtered, plans: filteredPlans } = await plan((db) =>
        listProviders(db, filter, { page: 1, pageSize: 24 }),
      );
      expect(filtered.providers.length).toBeGreaterThan(0);
      const [first] = filteredPlans as [Planned];
      expect(
        first.nodes.some((node) => node['Node Type'] === 'Limit'),
        describeNodes(first.nodes),
      ).toBe(true);
      // The page reads an index: locations_country_city_idx for the city (a tenth of the 2,000 are in
      // Denver, so the planner may hash them against a Seq Scan of the 2,000 providers, a few dozen pages:
      // its right choice for a table this small); for the name, providers_name_trgm_idx, or the name order's
      // index filtered until the page is full when the part of the name is common. Its count, like the
      // unfiltered one, may read the 2,000 providers whole (a Seq Scan of a small table the count spans).
      expect(
        first.nodes.some((node) =>
          /^(locations_country_city_idx|providers_name_trgm_idx|providers_list_order_idx)$/.test(
            node['Index Name'] ?? '',
          ),
        ),
        describeNodes(first.nodes),
      ).toBe(true);
      for (const { nodes } of filteredPlans)
        expect(
          nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'locations'),
          describeNodes(nodes),
        ).toEqual([]);
    }
  });

  it('GET /appointments/list: a page of the workspace (every provider’s, or one provider’s) is limited along an index', async () => {
    const all = await expectPaged(
      (db) => appointmentListPage(db, { providers: 'all' }, undefined, 50),
      'appointments',
      1,
    );
    expect(all.items).toHaveLength(50);
    const own = await expectPaged(
      (db) => appointmentListPage(db, { providers: [glow], status: 'COMPLETED' }, undefined, 50),
      'appointments',
      1,
    );
    expect(own.items.length).toBeGreaterThan(0);
  });

  it('GET /appointments/calendar: the dashboard month is bounded by its window along appointments_provider_start_idx', async () => {
    const { result, plans } = await plan((db) =>
      calendarJson(db, glow, new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z')),
    );
    expect((JSON.parse(result) as unknown[]).length).toBeGreaterThan(1_000);
    expect(plans).toHaveLength(1);
    const [{ nodes }] = plans as [Planned];
    // No LIMIT: the month's calendar shows every booking in it; the index range of its start dates is the
    // bound: appointments_provider_start_idx, or appointments_start_idx when (as here, where every bulk
    // appointment is Glow Studio's) the provider is no narrower than the month.
    expect(
      nodes.some((node) => /^appointments_(provider_)?start_idx$/.test(node['Index Name'] ?? '')),
      describeNodes(nodes),
    ).toBe(true);
    expect(
      nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'appointments'),
      describeNodes(nodes),
    ).toEqual([]);
  });

  it('GET /notifications: a page of the inbox is limited along notifications_created_idx', async () => {
    const page = await expectPaged(
      (db) => notificationPage(db, adminUid, 'all', undefined, 20),
      'notifications',
      1,
    );
    expect(page.items).toHaveLength(20);
  });

  /**
   * The unread filter is an anti-join (no state row of this admin that reads or dismisses it) on the state's
   * primary key, so its page walks notifications_created_idx too. As a left join with `read_at is null` the
   * planner estimated one row, hashed every notification against every state row and sorted them.
   */
  it('GET /notifications?filter=unread: a page of the unread is limited along notifications_created_idx', async () => {
    const page = await expectPaged(
      (db) => notificationPage(db, adminUid, 'unread', undefined, 20),
      'notifications',
      1,
    );
    expect(page.items).toHaveLength(20);
  });

  it('GET /audit: the history, whole or of one record or actor, is limited along the audit indexes', async () => {
    const everything = await expectPaged((db) => auditPage(db, {}, undefined, 50), 'audit_events', 1);
    expect(everything.items).toHaveLength(50);
    const record = await expectPaged(
      (db) => auditPage(db, { recordType: 'provider', recordId: '42' }, undefined, 50),
      'audit_events',
      1,
    );
    expect(record.items.length).toBeGreaterThan(0);
    const actor = await expectPaged(
      (db) => auditPage(db, { actor: 'actor7@bulk.example.com' }, undefined, 50),
      'audit_events',
      1,
    );
    expect(actor.items).toHaveLength(50);
  });

  it('GET /credits, /promo and /pricing-tier: whole catalogues, one statement per table whatever their size', async () => {
    // Credits: the catalogue in title order along credits_title_idx or, with its tens of rows, a Seq Scan
    // and a sort (a few pages: the planner's right choice). No LIMIT: the contract has no page for it.
    const credits = await plan((db) => listCredits(db));
    expect(credits.plans).toHaveLength(1);
    expect(credits.result.length).toBeLessThan(1_000);
    // Promo codes and their services: two statements, whatever the number of codes.
    const promos = await plan((db) => listPromoCodes(db));
    expect(promos.plans).toHaveLength(2);
    // Pricing tiers with their prices and 500 polygons: the tiers, then their prices and polygons in one
    // statement each. The map draws every polygon, so all 500 are read; the polygons table is read whole
    // (a Seq Scan is right: every row is wanted).
    const tiers = await plan((db) => listPriceTiers(db));
    expect(tiers.plans).toHaveLength(3);
    expect(tiers.result.reduce((sum, tier) => sum + tier.polygons.length, 0)).toBeGreaterThanOrEqual(
      POLYGONS,
    );
    // One tier (GET /price-tier/{id}): three statements too. With the demo's few tiers a tier holds a large
    // part of the 500 polygons, so its polygons are read by a Seq Scan of the small table (the planner's
    // right choice for a few pages); polygons_tier_name_key (price_tier_id, name) serves it when tiers are many.
    const id = tiers.result[0]?.id ?? NaN;
    const one = await plan((db) => getPriceTier(db, id));
    expect(one.plans).toHaveLength(3);
    expect(one.result.ok).toBe(true);
  });
});
