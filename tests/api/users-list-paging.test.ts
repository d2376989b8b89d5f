/**
 * GET /user beyond a thousand users: the total counted up to the cap and said to be a lower bound, page
 * numbers and cursors giving the same pages, a search kept when the phone column is rewritten, and a
 * cursor the API did not write refused.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { UserListSchema } from '../../src/api/contract/user';
import * as t from '../../server/db/schema';
import { bulkUser, seedBulkUsers } from '../../server/db/seed/bulk-users';
import { TOTAL_CAP } from '../../server/users/list';
import { engines, startTestServer, tokenFor, type TestServer } from './support';

describe.each(engines)('GET /user with more users than the count cap, on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let live = 0;

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
    await seedBulkUsers(api.db, TOTAL_CAP + 200);
    live = (await api.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.isDeleted, false))).length;
  }, 120_000);
  afterAll(() => api?.stop());

  async function list(query: string) {
    const response = await api.fetch(`/user${query}`, { token: admin });
    expect(response.status, query).toBe(200);
    return v.parse(UserListSchema, await response.json());
  }

  it('counts up to the cap past the page, and says when more match', async () => {
    const first = await list('?pageSize=10');
    expect(first).toMatchObject({ total: TOTAL_CAP, totalCapped: true });
    // Near the end the count reaches every row: exact again.
    const last = await list(`?pageSize=10&page=${Math.ceil(live / 10)}`);
    expect(last).toMatchObject({ total: live, totalCapped: false, nextCursor: null });
    // All is every row, counted exactly.
    const all = await list('?pageSize=all');
    expect(all).toMatchObject({ total: live, totalCapped: false });
    expect(all.users.length).toBe(live);
  });

  it('a cursor gives the same pages as page numbers', async () => {
    let after: string | null = null;
    for (let page = 1; page <= 3; page += 1) {
      const byCursor = await list(`?pageSize=25${after ? `&after=${after}` : ''}`);
      const byNumber = await list(`?pageSize=25&page=${page}`);
      expect(byCursor.users.map((user) => user.id)).toEqual(byNumber.users.map((user) => user.id));
      expect(byCursor.nextCursor).not.toBeNull();
      after = byCursor.nextCursor;
    }
  });

  it('a cursor with its page number gives that page and its total, as the number alone does', async () => {
    const lastPage = Math.ceil(live / 10);
    // Page by page from page 1 in the middle, and up to the end (a full page, then the short last one).
    for (const from of [1, Math.floor(lastPage / 2), lastPage - 2]) {
      let after = (await list(`?pageSize=10&page=${from}`)).nextCursor;
      for (let page = from + 1; page <= Math.min(from + 2, lastPage); page += 1) {
        const byNumber = await list(`?pageSize=10&page=${page}`);
        const byCursor = await list(`?pageSize=10&page=${page}&after=${after}`);
        expect(
          byCursor.users.map((user) => user.id),
          `page ${page}`,
        ).toEqual(byNumber.users.map((user) => user.id));
        expect(byCursor, `page ${page}`).toMatchObject({
          total: byNumber.total,
          totalCapped: byNumber.totalCapped,
          nextCursor: byNumber.nextCursor,
        });
        after = byCursor.nextCursor;
      }
    }
    // The same with a search finding many.
    const first = await list('?pageSize=10&search=bulk');
    const second = await list(`?pageSize=10&page=2&search=bulk&after=${first.nextCursor}`);
    const secondByNumber = await list('?pageSize=10&page=2&search=bulk');
    expect(second.users.map((user) => user.id)).toEqual(secondByNumber.users.map((user) => user.id));
    expect(second.total).toBe(secondByNumber.total);
  });

  it('a search follows a changed phone number (the digits column is kept by the database)', async () => {
    const person = bulkUser(7);
    await api.db
      .update(t.users)
      .set({ phone: '+1 (415) 000-9999' })
      .where(eq(t.users.firebaseUid, person.firebaseUid));
    expect((await list('?search=(415)%20000-9999')).users.map((user) => user.firebaseUid)).toEqual([
      person.firebaseUid,
    ]);
    expect((await list(`?search=${person.phone.slice(1)}`)).total).toBe(0);
  });

  it('400 for a cursor the API did not write', async () => {
    for (const after of ['x', Buffer.from('[1,2]').toString('base64url'), 'a'.repeat(1_001)]) {
      const response = await api.fetch(`/user?after=${after}`, { token: admin });
      expect(response.status).toBe(400);
      const error = v.parse(ApiErrorSchema, await response.json());
      expect(error.code).toBe('request/invalid-query');
      expect(error.message).toMatch(/^after/);
    }
  });
});
