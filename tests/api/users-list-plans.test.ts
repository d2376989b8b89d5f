/**
 * The users list and search read indexes, not the whole table: each query GET /user runs is planned with
 * EXPLAIN on PostgreSQL (with 20,000 bulk users and fresh statistics) and no plan may hold a sequential
 * scan of users. PGlite has the same indexes (same migrations) but its planner is not checked here.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { seedBulkUsers } from '../../server/db/seed/bulk-users';
import { listUsers, type ListUsersOptions } from '../../server/users/repository';
import { context, openTestDatabase, type TestDatabase } from './support';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

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

  async function expectIndexed(options: ListUsersOptions) {
    const { list, statements, plans } = await explain(options);
    // The page and its capped count.
    expect(statements.length).toBe(2);
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
    const { decodeCursor } = await import('../../server/users/repository');
    const after = decodeCursor(cursor);
    expect(after).not.toBeNull();
    const second = await expectIndexed({ pageSize: 10, ...(after && { after }) });
    const byNumber = await listUsers(database.handle.db, { page: 2, pageSize: 10 });
    expect(second.users.map((user) => user.id)).toEqual(byNumber.users.map((user) => user.id));
  });

  it('a search by name or email, one finding nothing and a phone search read the trigram indexes', async () => {
    const few = await expectIndexed({ search: 'Sofia Garcia' });
    expect(few.users.map((user) => user.displayName)).toEqual(['Sofia Garcia']);
    const byEmail = await expectIndexed({ search: 'elena.rossi.12' });
    expect(byEmail.total).toBeGreaterThan(0);
    expect(byEmail.users.every((user) => user.email.includes('elena.rossi.12'))).toBe(true);
    const none = await expectIndexed({ search: 'nobody-matches-this' });
    expect(none).toMatchObject({ users: [], total: 0, totalCapped: false });
    const phone = await expectIndexed({ search: '(512) 555-0104' });
    expect(phone.users.map((user) => user.displayName)).toEqual(['Sofia Garcia']);
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
