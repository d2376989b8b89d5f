/**
 * GET /user for broad searches (terms of one, two or three characters, common words): a page is found along
 * the order's index when matches come early in the list, else from the rows the trigram index gives,
 * sorted; either way it is the same page, with the same total, as the whole list filtered by the term
 * (`pageSize=all`, one plain query), in every order and after a cursor. On PostgreSQL, EXPLAIN ANALYZE
 * shows which way a page was found and how many rows the walk along the order's index read.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserListSchema, type UserList } from '../../src/api/contract/user';
import * as schema from '../../server/db/schema';
import { bulkUser, seedBulkUsers } from '../../server/db/seed/bulk-users';
import { listUsers, TOTAL_CAP, type ListUsersOptions } from '../../server/users/list';
import { analyzed, recordingDb, type PlanNode } from './plan-support';
import {
  context,
  engines,
  openTestDatabase,
  startTestServer,
  tokenFor,
  type TestDatabase,
  type TestServer,
} from './support';

/** Dense and early in the list ("m", "ma"), clustered mid-list ("maya", "el", "ele"), none ("zz"). */
const TERMS = ['m', 'ma', 'may', 'maya', 'z', 'zh', 'el', 'EL', 'ele', 'elena.', 'zz', '5', '55', '555', 'q'];

describe.each(engines)('GET /user, broad searches, on %s', (engine) => {
  let api: TestServer;
  let admin: string;

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
    await seedBulkUsers(api.db, 3_000);
  }, 180_000);
  afterAll(() => api?.stop());

  async function list(query: string): Promise<UserList> {
    const response = await api.fetch(`/user${query}`, { token: admin });
    expect(response.status, query).toBe(200);
    return v.parse(UserListSchema, await response.json());
  }
  const ids = (list: UserList) => list.users.map((user) => user.id);

  it('a page of a broad term is that page of the whole list filtered, with the same total', async () => {
    for (const term of TERMS) {
      for (const order of ['', '&sort=email&dir=desc', '&sort=joined&dir=desc']) {
        const search = `?search=${encodeURIComponent(term)}${order}`;
        const all = await list(`${search}&pageSize=all`);
        const matching = ids(all);
        for (const page of [1, 3]) {
          const offset = (page - 1) * 10;
          const got = await list(`${search}&pageSize=10&page=${page}`);
          const what = `${term} ${order} page ${page}`;
          expect(ids(got), what).toEqual(matching.slice(offset, offset + 10));
          expect(got.total, what).toBe(Math.min(matching.length, offset + TOTAL_CAP));
          expect(got.totalCapped, what).toBe(matching.length > offset + TOTAL_CAP);
          if (page === 1 && got.nextCursor) {
            const next = await list(`${search}&pageSize=10&after=${got.nextCursor}`);
            expect(ids(next), `${what}, after its cursor`).toEqual(matching.slice(10, 20));
            // As the console's Next asks: the cursor with the page's number, counted as page 2 by number.
            const numbered = await list(`${search}&pageSize=10&page=2&after=${got.nextCursor}`);
            expect(ids(numbered), `${what}, page 2 after its cursor`).toEqual(matching.slice(10, 20));
            expect(numbered.total, `${what}, page 2 after its cursor`).toBe(
              Math.min(matching.length, 10 + TOTAL_CAP),
            );
            expect(numbered.totalCapped).toBe(matching.length > 10 + TOTAL_CAP);
          }
        }
      }
    }
  });

  it('a term of one or two characters outside ASCII is found like any other', async () => {
    const person = bulkUser(11);
    await api.db
      .update(schema.users)
      .set({
        displayName: 'Joëlle Kim',
        firstName: 'Joëlle',
        lastName: 'Kim',
        email: 'jk.11@bulk.example.com',
      })
      .where(eq(schema.users.firebaseUid, person.firebaseUid));
    for (const term of ['ë', 'ël', 'oël']) {
      const found = await list(`?search=${encodeURIComponent(term)}`);
      expect(
        found.users.map((user) => user.displayName),
        term,
      ).toEqual(['Joëlle Kim']);
      expect(found).toMatchObject({ total: 1, totalCapped: false });
    }
  });
});

describe.skipIf(!context.postgresUrl)('GET /user on PostgreSQL: broad searches read indexes', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await seedBulkUsers(database.handle.db, 20_000);
  }, 240_000);
  afterAll(() => database?.dispose());

  /** Runs the list as the API does, then EXPLAIN ANALYZE of each statement it ran: the nodes that ran. */
  async function plans(options: ListUsersOptions) {
    const { driver } = database.handle;
    if (driver.engine !== 'postgres') throw new Error('PostgreSQL expected');
    const { db, statements } = recordingDb(driver.pool);
    const list = await listUsers(db, options);
    const nodes: PlanNode[][] = [];
    for (const statement of statements) nodes.push(await analyzed(driver.pool, statement));
    return { list, nodes };
  }

  /** The rows the order's index gave in the page's statement (0: the page was taken from the sorted matches). */
  const walked = (page: PlanNode[]) =>
    page.find((node) => node['Index Name'] === 'users_live_order_idx')?.['Actual Rows'] ?? 0;

  it('a term clustered mid-list ("maya": 1 user in 26) is read from the trigram index, sorted', async () => {
    const { list, nodes } = await plans({ search: 'maya', page: 1, pageSize: 10 });
    const page = nodes[0] ?? [];
    const what = JSON.stringify(page.map((node) => [node['Node Type'], node['Index Name']]));
    expect(
      page.filter((node) => node['Node Type'] === 'Seq Scan'),
      what,
    ).toEqual([]);
    expect(
      page.some((node) => node['Index Name'] === 'users_search_text_trgm_idx'),
      what,
    ).toBe(true);
    // Not looked for along the order's index (its first match is 9,000 rows down).
    expect(walked(page), what).toBe(0);
    expect(list.users.length).toBe(10);
    expect(list.users.every((user) => user.displayName?.startsWith('Maya '))).toBe(true);
    // 1 user in 26 of 20,000: fewer than the cap, all counted.
    expect(list.total).toBeGreaterThan(700);
    expect(list.totalCapped).toBe(false);
  });

  it('a dense term ("bulk", "com") is found along the order index after a few rows', async () => {
    for (const term of ['bulk', 'com']) {
      const { list, nodes } = await plans({ search: term, page: 1, pageSize: 10 });
      const page = nodes[0] ?? [];
      const what = JSON.stringify(page.map((node) => [node['Node Type'], node['Index Name']]));
      expect(walked(page), what).toBe(10);
      expect(list).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    }
  });
});
