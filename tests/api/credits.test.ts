import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreditListSchema,
  CreditSchema,
  type Credit,
  UserCreditListSchema,
  UserCreditSchema,
} from '../../src/api/contract/credit';
import * as t from '../../server/db/schema';
import {
  engines,
  startTestServer,
  tableCounts,
  tokenFor,
  type TestServer,
  expectRejected,
  JSON_HEADERS,
  sendJson,
} from './support';
import { DeletedSchema } from '../../src/api/contract/primitives';
import { expectEveryOrder, expectOrderRefused } from './list-order';

describe.each(engines)('/credits and /user/{firebaseUid}/credits on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let provider: string;
  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
    provider = await tokenFor('provider');
  });
  afterAll(async () => {
    await api?.stop();
  });

  const send = (method: string, path: string, body?: unknown, token = admin) =>
    sendJson(api, method, path, body, token);

  async function credits() {
    const response = await api.fetch('/credits', { token: admin });
    expect(response.status).toBe(200);
    return v.parse(CreditListSchema, await response.json());
  }

  it('401 without a token and 403 for a provider on every route, and nothing changes', async () => {
    const before = await tableCounts(api.db);
    const routes: [string, string][] = [
      ['GET', '/credits'],
      ['POST', '/credits'],
      ['PUT', '/credits/1'],
      ['DELETE', '/credits/1'],
      ['GET', '/user/seed-jordan-lee/credits'],
      ['POST', '/user/seed-jordan-lee/credits'],
      ['DELETE', '/user/seed-jordan-lee/credits/1'],
    ];
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : { title: 'x', totalInCents: 1, creditId: 1 };
      await expectRejected(
        await api.fetch(path, { method, headers: JSON_HEADERS, body: body && JSON.stringify(body) }),
        401,
        'auth/unauthenticated',
      );
      await expectRejected(await send(method, path, body, provider), 403, 'auth/forbidden');
    }
    expect(await tableCounts(api.db)).toEqual(before);
  });

  describe('/credits', () => {
    it('lists the seeded credits by title', async () => {
      const list = await credits();
      expect(list.map((credit) => [credit.title, credit.totalInCents])).toEqual([
        ['Referral Bonus', 5_000],
        ['Service Recovery', 10_000],
        ['Welcome Credit', 2_500],
      ]);
    });

    it('creates a credit (201) that the list then shows', async () => {
      const response = await send('POST', '/credits', {
        title: '  Holiday Gift ',
        description: '',
        totalInCents: 1_999,
      });
      expect(response.status).toBe(201);
      const created = v.parse(CreditSchema, await response.json());
      expect(created).toMatchObject({ title: 'Holiday Gift', description: null, totalInCents: 1_999 });
      expect((await credits()).find((credit) => credit.id === created.id)).toEqual(created);
    });

    it('400 naming the field for a bad credit, and nothing is stored', async () => {
      const before = await tableCounts(api.db);
      const cases: [unknown, [string, RegExp]][] = [
        [{}, ['title', /^title is required/]],
        [{ title: '   ', totalInCents: 100 }, ['title', /^title is required/]],
        [{ title: 'x' }, ['totalInCents', /^totalInCents is required/]],
        [{ title: 'x', totalInCents: 19.99 }, ['totalInCents', /.*whole number/]],
        [{ title: 'x', totalInCents: -1 }, ['totalInCents', /.*negative/]],
        [{ title: 'x', totalInCents: '100' }, ['totalInCents', /./]],
        [{ title: 'x', totalInCents: 100_000_001 }, ['totalInCents', /./]],
      ];
      for (const [body, [field, pattern]] of cases) {
        expect(
          await expectRejected(await send('POST', '/credits', body), 400, 'request/invalid-body', field),
          JSON.stringify(body),
        ).toMatch(pattern);
      }
      await expectRejected(await send('POST', '/credits', '{"title":'), 400, 'request/invalid-json');
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('PUT changes title and description; the same total may be sent, a different one is a 400', async () => {
      const created = v.parse(
        CreditSchema,
        await (await send('POST', '/credits', { title: 'Editable', totalInCents: 2_900 })).json(),
      );
      const updated = await send('PUT', `/credits/${created.id}`, {
        ...created,
        title: 'Edited',
        description: 'Line one\nLine two',
      });
      expect(updated.status).toBe(200);
      expect(v.parse(CreditSchema, await updated.json())).toEqual({
        ...created,
        version: created.version + 1,
        title: 'Edited',
        description: 'Line one\nLine two',
      });

      const before = await tableCounts(api.db);
      const message = await expectRejected(
        await send('PUT', `/credits/${created.id}`, { title: 'Sneaky', totalInCents: 9_999, version: 2 }),
        400,
        'credit/total-immutable',
        'totalInCents',
      );
      expect(message).toMatch(/^The total cannot be changed after creation/);
      expect(message).toContain('$29.00');
      const [row] = await api.db.select().from(t.credits).where(eq(t.credits.id, created.id));
      expect(row).toMatchObject({ title: 'Edited', totalInCents: 2_900 });
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('404 for an unknown credit, 400 for a bad id or a mismatching body id', async () => {
      await expectRejected(
        await send('PUT', '/credits/987654', { title: 'x', version: 1 }),
        404,
        'credit/not-found',
      );
      await expectRejected(
        await send('PUT', '/credits/abc', { title: 'x', version: 1 }),
        400,
        'request/invalid-param',
        'id',
      );
      const [first] = await credits();
      await expectRejected(
        await send('PUT', `/credits/${first?.id}`, { id: 987654, title: 'x', version: first?.version }),
        400,
        'credit/id-mismatch',
        'id',
      );
    });
  });

  describe('DELETE /credits/{id}', () => {
    async function make(title: string) {
      const response = await send('POST', '/credits', { title, totalInCents: 1_000 });
      expect(response.status).toBe(201);
      return v.parse(CreditSchema, await response.json());
    }

    it('deletes a credit nobody holds (200 { id, deleted }); the list no longer has it; again is a 404', async () => {
      const spare = await make('Spare Credit');
      const before = await tableCounts(api.db);
      const response = await send('DELETE', `/credits/${spare.id}`);
      expect(response.status).toBe(200);
      expect(v.parse(DeletedSchema, await response.json())).toEqual({ id: spare.id, deleted: true });
      expect((await credits()).map((credit) => credit.id)).not.toContain(spare.id);
      expect(await tableCounts(api.db)).toEqual({ ...before, credits: (before.credits ?? 0) - 1 });
      await expectRejected(await send('DELETE', `/credits/${spare.id}`), 404, 'credit/not-found');
    });

    it('409 credit/in-use naming how many users hold it, and nothing changes', async () => {
      const welcome = (await credits()).find((credit) => credit.title === 'Welcome Credit');
      const shared = await make('Shared Credit');
      // Two users, one of them twice: counted as two users.
      for (const uid of ['seed-priya-patel', 'seed-marcus-johnson', 'seed-marcus-johnson']) {
        expect((await send('POST', `/user/${uid}/credits`, { creditId: shared.id })).status).toBe(201);
      }
      const before = await tableCounts(api.db);
      const heldRows = await api.db.select().from(t.userCredits);

      expect(
        await expectRejected(await send('DELETE', `/credits/${welcome?.id}`), 409, 'credit/in-use'),
      ).toBe(
        '"Welcome Credit" is held by 1 user, so it cannot be deleted: that would take it from them. Remove it from their credits first.',
      );
      expect(await expectRejected(await send('DELETE', `/credits/${shared.id}`), 409, 'credit/in-use')).toBe(
        '"Shared Credit" is held by 2 users, so it cannot be deleted: that would take it from them. Remove it from their credits first.',
      );

      expect(await tableCounts(api.db)).toEqual(before);
      expect(await api.db.select().from(t.userCredits)).toEqual(heldRows);
      expect((await credits()).map((credit) => credit.id)).toEqual(
        expect.arrayContaining([welcome?.id, shared.id]),
      );
    });

    it('a deleted user still holding the credit counts too (their credits stay on record)', async () => {
      const kept = await make('Kept On Record');
      const [gone] = await api.db
        .insert(t.users)
        .values({ email: 'gone-credit-holder@example.com', isDeleted: true })
        .returning({ id: t.users.id });
      await api.db.insert(t.userCredits).values({ userId: gone?.id ?? 0, creditId: kept.id });
      const before = await tableCounts(api.db);
      expect(await expectRejected(await send('DELETE', `/credits/${kept.id}`), 409, 'credit/in-use')).toBe(
        '"Kept On Record" is held by 1 user (a deleted account kept on record), so it cannot be deleted: that would take it from them.',
      );
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('once its holders no longer have it, the credit can be deleted', async () => {
      const brief = await make('Brief Credit');
      const granted = v.parse(
        UserCreditSchema,
        await (await send('POST', '/user/seed-sofia-garcia/credits', { creditId: brief.id })).json(),
      );
      await expectRejected(await send('DELETE', `/credits/${brief.id}`), 409, 'credit/in-use');
      expect((await send('DELETE', `/user/seed-sofia-garcia/credits/${granted.id}`)).status).toBe(200);
      expect((await send('DELETE', `/credits/${brief.id}`)).status).toBe(200);
    });

    it('404 for an unknown credit, 400 for a bad id; nothing changes', async () => {
      const before = await tableCounts(api.db);
      expect(await expectRejected(await send('DELETE', '/credits/987654'), 404, 'credit/not-found')).toBe(
        'No credit with id 987654',
      );
      for (const bad of ['abc', '0', '-1', '1.5', '9999999999', '%20']) {
        await expectRejected(await send('DELETE', `/credits/${bad}`), 400, 'request/invalid-param', 'id');
      }
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });

  describe('/user/{firebaseUid}/credits', () => {
    it("lists a user's credits with what was spent", async () => {
      const response = await api.fetch('/user/seed-jordan-lee/credits', { token: admin });
      expect(response.status).toBe(200);
      const list = v.parse(UserCreditListSchema, await response.json());
      expect(list.map((uc) => [uc.credit.title, uc.spentInCents, uc.credit.totalInCents])).toEqual([
        ['Welcome Credit', 1_000, 2_500],
      ]);
    });

    it('grants a credit from the list (201) and removes it again', async () => {
      const referral = (await credits()).find((credit) => credit.title === 'Referral Bonus');
      const response = await send('POST', '/user/seed-emily-chen/credits', { creditId: referral?.id });
      expect(response.status).toBe(201);
      const granted = v.parse(UserCreditSchema, await response.json());
      expect(granted).toMatchObject({ creditId: referral?.id, spentInCents: 0, credit: referral });
      const listed = v.parse(
        UserCreditListSchema,
        await (await api.fetch('/user/seed-emily-chen/credits', { token: admin })).json(),
      );
      expect(listed.map((uc) => uc.id)).toEqual([granted.id]);

      const removed = await send('DELETE', `/user/seed-emily-chen/credits/${granted.id}`);
      expect(removed.status).toBe(200);
      expect(await removed.json()).toEqual({ id: granted.id, deleted: true });
      expect(await (await api.fetch('/user/seed-emily-chen/credits', { token: admin })).json()).toEqual([]);
      await expectRejected(
        await send('DELETE', `/user/seed-emily-chen/credits/${granted.id}`),
        404,
        'user-credit/not-found',
      );
    });

    it("another user's credit id is not found for this user, and stays", async () => {
      const [jordans] = v.parse(
        UserCreditListSchema,
        await (await api.fetch('/user/seed-jordan-lee/credits', { token: admin })).json(),
      );
      await expectRejected(
        await send('DELETE', `/user/seed-priya-patel/credits/${jordans?.id}`),
        404,
        'user-credit/not-found',
      );
      const [row] = await api.db
        .select()
        .from(t.userCredits)
        .where(eq(t.userCredits.id, jordans?.id ?? 0));
      expect(row).toBeDefined();
    });

    it('404 for an unknown user or credit, 400 for a bad body or id; nothing changes', async () => {
      const before = await tableCounts(api.db);
      await expectRejected(await api.fetch('/user/nobody/credits', { token: admin }), 404, 'user/not-found');
      await expectRejected(
        await send('POST', '/user/nobody/credits', { creditId: 1 }),
        404,
        'user/not-found',
      );
      expect(
        await expectRejected(
          await send('POST', '/user/seed-jordan-lee/credits', { creditId: 987654 }),
          404,
          'credit/not-found',
          'creditId',
        ),
      ).toBe('No credit with id 987654');
      expect(
        await expectRejected(
          await send('POST', '/user/seed-jordan-lee/credits', {}),
          400,
          'request/invalid-body',
          'creditId',
        ),
      ).toBe('creditId is required');
      expect(
        await expectRejected(
          await send('POST', '/user/seed-jordan-lee/credits', { creditId: 'one' }),
          400,
          'request/invalid-body',
          'creditId',
        ),
      ).toMatch(/^creditId /);
      await expectRejected(
        await send('DELETE', '/user/seed-jordan-lee/credits/x'),
        400,
        'request/invalid-param',
        'creditId',
      );
      await expectRejected(await send('DELETE', '/user/nobody/credits/1'), 404, 'user/not-found');
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });

  async function creditsIn(query: string) {
    const response = await api.fetch(`/credits${query}`, { token: admin });
    expect(response.status, query).toBe(200);
    return v.parse(CreditListSchema, await response.json());
  }

  it('sorts by title, total and created, both ways, by title A to Z without a choice; another column is a 400', async () => {
    for (const [title, totalInCents] of [
      ['Sorted Bravo', 500],
      ['Sorted Alpha', 1_500],
      ['Sorted Charlie', 1_000],
    ] as const)
      expect((await send('POST', '/credits', { title, totalInCents })).status).toBe(201);
    const mine = (rows: readonly { title: string }[]) =>
      rows.map((row) => row.title).filter((title) => title.startsWith('Sorted '));

    const byTitle = await creditsIn('');
    expect(await creditsIn('?sort=title&dir=asc')).toEqual(byTitle);
    expect(mine(byTitle)).toEqual(['Sorted Alpha', 'Sorted Bravo', 'Sorted Charlie']);
    // Titles that tie are ordered by id the same way, so one direction is the other turned around.
    const titleDown = await creditsIn('?sort=title&dir=desc');
    expect(titleDown.map((row) => row.id)).toEqual(byTitle.map((row) => row.id).reverse());

    await expectEveryOrder(
      creditsIn,
      { total: (row: Credit) => row.totalInCents, created: (row: Credit) => Date.parse(row.createdAt) },
      byTitle.length,
    );
    expect(mine(await creditsIn('?sort=total'))).toEqual(['Sorted Bravo', 'Sorted Charlie', 'Sorted Alpha']);
    expect(mine(await creditsIn('?sort=total&dir=desc'))).toEqual([
      'Sorted Alpha',
      'Sorted Charlie',
      'Sorted Bravo',
    ]);
    expect(mine(await creditsIn('?sort=created&dir=desc'))).toEqual([
      'Sorted Charlie',
      'Sorted Alpha',
      'Sorted Bravo',
    ]);

    await expectOrderRefused(
      (query) => api.fetch(`/credits${query}`, { token: admin }),
      [
        ['?sort=amount', 'sort', 'sort must be one of title, total, created'],
        ['?dir=up', 'dir', 'dir must be one of asc, desc'],
        ['?sort=title&sort=total', 'sort', 'sort must be given once'],
      ],
    );
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
