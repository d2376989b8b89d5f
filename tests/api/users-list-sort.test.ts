/**
 * GET /user sorted and filtered (the users table's columns and role filter): by name, email or joined
 * date in either direction, ties by id; only one role; a cursor continues in the chosen order; unknown
 * values are refused with the parameter named.
 */
import { eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { UserListSchema, type UserSummary } from '../../src/api/contract/user';
import * as t from '../../server/db/schema';
import { bulkUser, seedBulkUsers } from '../../server/db/seed/bulk-users';
import { engines, startTestServer, tokenFor, type TestServer } from './support';

const COUNT = 40;

describe.each(engines)('GET /user with sort, dir and role, on %s', (engine) => {
  let api: TestServer;
  let admin: string;

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
    await seedBulkUsers(api.db, COUNT);
    // Spread the joined dates (the seed writes them in one instant) and make a few providers.
    const seeded = await api.db
      .select({ id: t.users.id, email: t.users.email })
      .from(t.users)
      .where(
        inArray(
          t.users.email,
          Array.from({ length: COUNT }, (_, i) => bulkUser(i + 1).email),
        ),
      );
    for (const [index, row] of seeded.entries()) {
      await api.db
        .update(t.users)
        .set({
          createdAt: new Date(Date.UTC(2024, 0, 1 + ((index * 7) % COUNT))),
          role: index % 5 === 0 ? 'PROVIDER' : 'USER',
        })
        .where(eq(t.users.id, row.id));
    }
  }, 120_000);
  afterAll(() => api?.stop());

  async function list(query: string) {
    const response = await api.fetch(`/user${query}`, { token: admin });
    expect(response.status, query).toBe(200);
    return v.parse(UserListSchema, await response.json());
  }

  const nameKey = (user: UserSummary) => (user.displayName ?? user.email ?? '').toLowerCase();

  function expectOrdered(users: UserSummary[], key: (user: UserSummary) => string, dir: 'asc' | 'desc') {
    const sign = dir === 'asc' ? 1 : -1;
    for (let i = 1; i < users.length; i += 1) {
      const a = users[i - 1] as UserSummary;
      const b = users[i] as UserSummary;
      const byKey = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
      const compared = byKey !== 0 ? byKey : a.id - b.id;
      expect(compared * sign, `${key(a)} then ${key(b)}`).toBeLessThan(0);
    }
  }

  it('sorts by name, email and joined date, both ways', async () => {
    const all = (await list('?pageSize=all')).users;
    expectOrdered(all, nameKey, 'asc');
    expectOrdered((await list('?pageSize=all&sort=name&dir=desc')).users, nameKey, 'desc');
    const email = (user: UserSummary) => (user.email ?? '').toLowerCase();
    expectOrdered((await list('?pageSize=all&sort=email')).users, email, 'asc');
    expectOrdered((await list('?pageSize=all&sort=email&dir=desc')).users, email, 'desc');
    const joined = (user: UserSummary) => user.createdAt;
    const newest = (await list('?pageSize=all&sort=joined&dir=desc')).users;
    expectOrdered(newest, joined, 'desc');
    expectOrdered((await list('?pageSize=all&sort=joined')).users, joined, 'asc');
    expect(newest.length).toBe(all.length);
  });

  it('filters by role, counted and paged', async () => {
    const providers = await list('?role=PROVIDER&pageSize=5');
    expect(providers.users.every((user) => user.role === 'PROVIDER')).toBe(true);
    const every = await list('?role=PROVIDER&pageSize=all');
    expect(providers.total).toBe(every.users.length);
    expect(every.users.length).toBeGreaterThanOrEqual(COUNT / 5);
    const searched = await list(`?role=USER&search=${encodeURIComponent('bulk.example.com')}&pageSize=all`);
    expect(searched.users.length).toBeGreaterThan(0);
    expect(searched.users.every((user) => user.role === 'USER')).toBe(true);
  });

  it('a cursor continues in the chosen order, as page numbers do', async () => {
    for (const order of ['sort=joined&dir=desc', 'sort=email', 'sort=name&dir=desc&role=USER']) {
      let after: string | null = null;
      for (let page = 1; page <= 3; page += 1) {
        const byCursor = await list(`?${order}&pageSize=7${after ? `&after=${after}` : ''}`);
        const byNumber = await list(`?${order}&pageSize=7&page=${page}`);
        expect(
          byCursor.users.map((user) => user.id),
          `${order}, page ${page}`,
        ).toEqual(byNumber.users.map((user) => user.id));
        after = byCursor.nextCursor;
      }
    }
  });

  it('refuses unknown values, naming the parameter', async () => {
    for (const [query, field] of [
      ['?sort=phone', 'sort'],
      ['?dir=up', 'dir'],
      ['?role=CUSTOMER', 'role'],
      ['?role=USER&role=ADMIN', 'role'],
    ] as const) {
      const response = await api.fetch(`/user${query}`, { token: admin });
      expect(response.status, query).toBe(400);
      const body = v.parse(ApiErrorSchema, await response.json());
      expect(body.field, query).toBe(field);
    }
  });
});
