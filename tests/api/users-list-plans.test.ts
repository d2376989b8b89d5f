/**
 * The users list and search read indexes, not the whole table: each query GET /user runs is planned with
 * EXPLAIN on PostgreSQL (with 20,000 bulk users and fresh statistics) and no plan may hold a sequential
 * scan of users. PGlite has the same indexes (same migrations) but its planner is not checked here.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { seedBulkUsers } from '../../server/db/seed/bulk-users';
import { decodeCursor, listUsers, type ListUsersOptions } from '../../server/users/list';
import { flatten, type PlanNode } from './plan-support';
import { context, openTestDatabase, type TestDatabase } from './support';

describe.skipIf(!context.postgresUrl)('GET /user on PostgreSQL: the plans use indexes', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await seedBulkUsers(database.handle.db, 20_000);
  }, 180_000);
  afterAll(() => database?.dispose());

  /** Runs the list as the API does, recording its SQL, then EXPLAINs each statement it ran. */
  async function explain(options: ListUsersOptions) {
    const { driver } = database.handle;
    if (driver.engine !== 'postgres') throw new Error('PostgreSQL expected');
    const statements: { sql: string; params: unknown[] }[] = [];
    const db = drizzle({
      client: driver.pool,
      schema,
      logger: { logQuery: (sql, params) => statements.push({ sql, params }) },
    });
    const list = await listUsers(db, options);
    const plans: PlanNode[][] = [];
    for (const statement of statements) {
      const result = await driver.pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `explain (format json) ${statement.sql}`,
        statement.params,
      );
      const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!plan) throw new Error(`no plan for ${statement.sql}`);
      plans.push(flatten(plan));
    }
    return { list, statements, plans };
  }

  /**
   * Runs the list and checks the plan of each statement it ran: the page, and its capped count unless the
   * page is found by number and not full (it then ends the list, so its total needs no count). `only`:
   * 'count' limits the check to the count (a deep page by number: its OFFSET is the planner's to choose);
   * 'one statement' expects the page alone (a search of three characters or more whose matches the page's
   * statement read in full gives its total with the page).
   */
  async function expectIndexed(options: ListUsersOptions, only?: 'count' | 'one statement') {
    const { list, statements, plans } = await explain(options);
    const pageSize = options.pageSize === 'all' ? Infinity : (options.pageSize ?? 10);
    const endsTheList =
      !options.after && list.users.length < pageSize && (list.users.length > 0 || (options.page ?? 1) === 1);
    expect(statements.length).toBe(endsTheList || only === 'one statement' ? 1 : 2);
    if (only === 'count') {
      statements.shift();
      plans.shift();
    }
    for (const [i, nodes] of plans.entries()) {
      const onUsers = nodes.filter((node) => node['Relation Name'] === 'users');
      const what = `${JSON.stringify(options)}: ${statements[i]?.sql}\n${JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name']]))}`;
      expect(onUsers.length, what).toBeGreaterThan(0);
      expect(
        onUsers.filter((node) => node['Node Type'] === 'Seq Scan'),
        what,
      ).toEqual([]);
      expect(
        // A bitmap index scan names its index but not the table; every index of users is named users_….
        nodes.some((node) => node['Index Name']?.startsWith('users_')),
        what,
      ).toBe(true);
    }
    return list;
  }

  it('page 1 and a page after a cursor read users_live_order_idx', async () => {
    const first = await expectIndexed({ page: 1, pageSize: 10 });
    expect(first.users.length).toBe(10);
    expect(first.totalCapped).toBe(true);
    expect(first.nextCursor).not.toBeNull();
    const cursor = first.nextCursor as string;
    const after = decodeCursor(cursor);
    expect(after).not.toBeNull();
    const second = await expectIndexed({ pageSize: 10, ...(after && { after }) });
    const byNumber = await listUsers(database.handle.db, { page: 2, pageSize: 10 });
    expect(second.users.map((user) => user.id)).toEqual(byNumber.users.map((user) => user.id));
  });

  it('a search by name or email, one finding nothing and a phone search read the trigram indexes', async () => {
    const few = await expectIndexed({ search: 'Sofia Garcia' });
    expect(few.users.map((user) => user.displayName)).toEqual(['Sofia Garcia']);
    expect(few).toMatchObject({ total: 1, totalCapped: false });
    const byEmail = await expectIndexed({ search: 'elena.rossi.12' });
    expect(byEmail.total).toBe(await exactCount(`search_text like '%elena.rossi.12%'`));
    expect(byEmail.users.every((user) => user.email.includes('elena.rossi.12'))).toBe(true);
    const none = await expectIndexed({ search: 'nobody-matches-this' });
    expect(none).toMatchObject({ users: [], total: 0, totalCapped: false });
    const phone = await expectIndexed({ search: '(512) 555-0104' });
    expect(phone.users.map((user) => user.displayName)).toEqual(['Sofia Garcia']);
  });

  /** How many live users match `condition`, counted in full (for comparing with the capped total). */
  async function exactCount(condition: string): Promise<number> {
    const { driver } = database.handle;
    if (driver.engine !== 'postgres') throw new Error('PostgreSQL expected');
    const result = await driver.pool.query<{ n: number }>(
      `select count(*)::int as n from users where is_deleted = false and ${condition}`,
    );
    return result.rows[0]?.n ?? NaN;
  }

  it('a deep page by number counts only past its last row, along the index, with the same total', async () => {
    const everyone = await exactCount('true');
    const lastPage = Math.ceil(everyone / 10);
    // 500 rows from the end: a full page, then a count of the rows after it (fewer than the cap).
    const deep = await expectIndexed({ page: lastPage - 50, pageSize: 10 }, 'count');
    expect(deep).toMatchObject({ total: everyone, totalCapped: false });
    // Far from the end: the count stops at the cap past the page's start.
    const middle = await expectIndexed({ page: Math.floor(lastPage / 2), pageSize: 10 }, 'count');
    expect(middle).toMatchObject({ total: (Math.floor(lastPage / 2) - 1) * 10 + 1000, totalCapped: true });
    // The last page is not full (or exactly full): its total is known from the page alone, or counted.
    const end = await listUsers(database.handle.db, { page: lastPage, pageSize: 10 });
    expect(end).toMatchObject({ total: everyone, totalCapped: false });
    // Past the end: no rows, and a count from the start (all of the list: not held to an index).
    const past = await listUsers(database.handle.db, { page: lastPage + 5, pageSize: 10 });
    expect(past.users).toEqual([]);
    expect(past.total).toBe(Math.min(everyone, (lastPage + 4) * 10 + 1000));
    // A search with many matches (fewer than the sorted search reads), deep: one statement through the trigram
    // index gives the page and its total, with no count.
    const maya = await exactCount(`search_text like '%maya%'`);
    const mayaDeep = await expectIndexed(
      { search: 'maya', page: Math.floor(maya / 10) - 1, pageSize: 10 },
      'one statement',
    );
    expect(mayaDeep).toMatchObject({ total: maya, totalCapped: false });
    // A dense term (every bulk user's email): more matches than the sorted search reads (5,000), so its page
    // is found along the order's index (users-list-broad.test.ts). Page 1's statement alone shows more than
    // the cap, and so does a page after a cursor with its number: no count. A page whose cap reaches past
    // what that statement read is counted, through an index, to the total a full count gives.
    const bulk = await exactCount(`search_text like '%bulk%'`);
    expect(bulk).toBeGreaterThan(6_000);
    const densePage1 = await explain({ search: 'bulk', page: 1, pageSize: 10 });
    expect(densePage1.statements.length).toBe(1);
    expect(densePage1.list).toMatchObject({ total: 1000, totalCapped: true });
    const cursor = decodeCursor(densePage1.list.nextCursor ?? '');
    expect(cursor).not.toBeNull();
    const denseNext = await explain({
      search: 'bulk',
      page: 2,
      pageSize: 10,
      ...(cursor && { after: cursor }),
    });
    expect(denseNext.statements.length).toBe(1);
    expect(denseNext.list).toMatchObject({ total: 1010, totalCapped: true });
    const denseDeepPage = Math.floor(bulk / 10) - 20;
    const denseDeep = await expectIndexed({ search: 'bulk', page: denseDeepPage, pageSize: 10 }, 'count');
    expect(denseDeep).toMatchObject({ total: bulk, totalCapped: false });
    for (const dir of ['asc', 'desc'] as const) {
      const joined = await expectIndexed({
        sort: 'joined',
        dir,
        page: lastPage - 20,
        pageSize: 10,
      });
      expect(joined).toMatchObject({ total: everyone, totalCapped: false });
    }
  });

  it('the other orders and the role filter read their indexes', async () => {
    for (const order of [
      { sort: 'email', dir: 'asc' },
      { sort: 'email', dir: 'desc' },
      { sort: 'joined', dir: 'desc' },
      { sort: 'joined', dir: 'asc' },
      { sort: 'name', dir: 'desc' },
    ] as const) {
      const page = await expectIndexed({ ...order, page: 1, pageSize: 10 });
      expect(page.users.length).toBe(10);
    }
    const providers = await expectIndexed({ role: 'PROVIDER', page: 1, pageSize: 10 });
    expect(providers.users.every((user) => user.role === 'PROVIDER')).toBe(true);
    const admins = await expectIndexed({ role: 'ADMIN', sort: 'joined', dir: 'desc', page: 1, pageSize: 10 });
    expect(admins.users.every((user) => user.role === 'ADMIN')).toBe(true);
  });
});
