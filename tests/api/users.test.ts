import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppointmentListSchema } from '../../src/api/contract/appointment';
import { UserListSchema, UserSchema } from '../../src/api/contract/user';
import { createApp } from '../../server/app';
import * as t from '../../server/db/schema';
import { bulkUser, seedBulkUsers } from '../../server/db/seed/bulk-users';
import { readEnv } from '../../server/env';
import type { Identity } from '../../server/identity';
import {
  captureLog,
  context,
  engines,
  signIn,
  startTestServer,
  tableCounts,
  testIdentity,
  tokenFor,
  type TestServer,
  expectRejected,
} from './support';

const json = { 'Content-Type': 'application/json' };

interface Person {
  id: number;
  uid: string;
  email: string;
  password: string;
}

describe.each(engines)('/user on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let provider: string;
  let adminUid: string;
  const run = `${engine}-${randomBytes(3).toString('hex')}`;

  /** A user row with a real sign-in account (role claim `user`), unique to this run. */
  async function createPerson(
    name: string,
    extra: Partial<typeof t.users.$inferInsert> = {},
  ): Promise<Person> {
    const email = `people-${name.toLowerCase().replace(/\W+/g, '-')}-${run}@upkeep.test`;
    const password = 'person-password';
    const uid = await testIdentity().ensureAccount({ email, password, role: 'user', displayName: name });
    const [first, last] = name.split(' ');
    const [row] = await api.db
      .insert(t.users)
      .values({ email, firebaseUid: uid, displayName: name, firstName: first, lastName: last, ...extra })
      .returning({ id: t.users.id });
    if (!row) throw new Error('no user row');
    return { id: row.id, uid, email, password };
  }

  const get = (path: string, token = admin) => api.fetch(path, { token });
  /** The user's current version (1 when there is no such user), for saves made as from a fresh read. */
  async function versionOf(uid: string): Promise<number> {
    const response = await get(`/user/${uid}`);
    return response.ok ? ((await response.json()) as { version: number }).version : 1;
  }
  /** PUT /user/{uid} as an editor that just read the user: the body goes with the current version. */
  const put = async (uid: string, body: object, token = admin) =>
    api.fetch(`/user/${uid}`, {
      method: 'PUT',
      token,
      headers: json,
      body: JSON.stringify({ version: await versionOf(uid), ...body }),
    });

  async function list(query = '') {
    const response = await get(`/user${query}`);
    expect(response.status).toBe(200);
    return v.parse(UserListSchema, await response.json());
  }

  async function providerIds(): Promise<Map<string, number>> {
    const rows = await api.db.select({ id: t.providers.id, name: t.providers.name }).from(t.providers);
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
    provider = await tokenFor('provider');
    adminUid = (await testIdentity().verifyIdToken(admin)).uid;
    // The API test accounts sign in as users of this database too.
    await api.db
      .insert(t.users)
      .values({
        email: 'api-test-admin@upkeep.test',
        firebaseUid: adminUid,
        role: 'ADMIN',
        displayName: 'API Admin',
      })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await api?.stop();
  });

  describe('who may call', () => {
    const routes: [string, string][] = [
      ['GET', '/user'],
      ['GET', '/user/appointments?firebaseUid=x'],
      ['GET', '/user/x'],
      ['PUT', '/user/x'],
      ['DELETE', '/user/x'],
      ['GET', '/user/x/credits'],
      ['POST', '/user/x/credits'],
      ['DELETE', '/user/x/credits/1'],
    ];

    it('401 without a token on every route', async () => {
      for (const [method, path] of routes) {
        const response = await api.fetch(path, {
          method,
          headers: json,
          body: method === 'GET' ? null : '{}',
        });
        await expectRejected(response, 401, 'auth/unauthenticated');
      }
    });

    it('403 for a provider on every route, and nothing changes', async () => {
      const before = await tableCounts(api.db);
      for (const [method, path] of routes) {
        const response = await api.fetch(path, {
          method,
          token: provider,
          headers: json,
          body: method === 'GET' ? null : '{}',
        });
        await expectRejected(response, 403, 'auth/forbidden');
      }
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });

  describe('GET /user', () => {
    it('pages through users in name order with the total, 10 by default', async () => {
      const first = await list();
      expect(first.page).toBe(1);
      expect(first.pageSize).toBe(10);
      const [counted] = await api.db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.users)
        .where(eq(t.users.isDeleted, false));
      expect(first.total).toBe(counted?.n);
      expect(first.users.length).toBe(Math.min(10, first.total));

      const all = await list('?pageSize=all');
      expect(all.users.length).toBe(all.total);
      const names = all.users.map((user) => (user.displayName ?? user.email).toLowerCase());
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

      const pageOfTwo = await list('?pageSize=2&page=2');
      expect(pageOfTwo.users.map((user) => user.id)).toEqual(all.users.slice(2, 4).map((user) => user.id));
      const beyond = await list('?page=999&pageSize=25');
      expect(beyond.users).toEqual([]);
      expect(beyond.total).toBe(all.total);
    });

    it('searches name, email and phone without regard to case', async () => {
      expect((await list('?search=JORDAN')).users.map((user) => user.email)).toEqual([
        'jordan.lee@example.com',
      ]);
      expect((await list('?search=priya.patel@EXAMPLE')).users.map((user) => user.displayName)).toEqual([
        'Priya Patel',
      ]);
      expect((await list('?search=%2B12125550103')).users.map((user) => user.displayName)).toEqual([
        'Marcus Johnson',
      ]);
      // A phone number typed the way people write it.
      expect((await list('?search=(512)%20555-0104')).users.map((user) => user.displayName)).toEqual([
        'Sofia Garcia',
      ]);
      expect((await list('?search=sofia%20garcia')).total).toBe(1);
      // LIKE's pattern characters are taken literally.
      expect((await list('?search=%25')).total).toBe(0);
      expect((await list('?search=_')).total).toBe(0);
      const none = await list('?search=nobody-matches-this');
      expect(none).toMatchObject({ users: [], total: 0 });
    });

    it('400 for a bad page, page size or repeated parameter', async () => {
      for (const [query, field] of [
        ['?page=0', 'page'],
        ['?page=x', 'page'],
        ['?pageSize=0', 'pageSize'],
        ['?pageSize=501', 'pageSize'],
        ['?pageSize=ALL', 'pageSize'],
        ['?page=1&page=2', 'page'],
      ]) {
        const message = await expectRejected(await get(`/user${query}`), 400, 'request/invalid-query', field);
        expect(message, query).toMatch(/^(page|pageSize) /);
      }
      expect(
        await expectRejected(
          await get(`/user?search=${'x'.repeat(201)}`),
          400,
          'request/invalid-query',
          'search',
        ),
      ).toBe('search can be at most 200 characters');
    });
  });

  describe('with many users (the bulk seed)', () => {
    it('seeds idempotently, then pages, counts and searches them', async () => {
      expect(await seedBulkUsers(api.db, 1_500)).toBe(1_500);
      expect(await seedBulkUsers(api.db, 1_600)).toBe(100);
      const all = await list('?pageSize=all');
      expect(all.total).toBeGreaterThan(1_600);
      const last = await list(`?pageSize=25&page=${Math.ceil(all.total / 25)}`);
      expect(last.users.map((user) => user.id)).toEqual(
        all.users.slice(-last.users.length).map((user) => user.id),
      );
      const person = bulkUser(1_234);
      const found = await list(`?search=${encodeURIComponent(person.email.toUpperCase())}`);
      expect(found.users.map((user) => user.firebaseUid)).toEqual(['bulk-1234']);
      const byName = await list(`?search=${encodeURIComponent(person.displayName)}`);
      expect(byName.total).toBeGreaterThan(1);
      expect(byName.users.every((user) => user.displayName === person.displayName)).toBe(true);
    });
  });

  describe('GET /user/{firebaseUid}', () => {
    it('returns the user with their providers and the role claim of their account', async () => {
      const [multi] = await api.db
        .select({ uid: t.users.firebaseUid })
        .from(t.users)
        .where(eq(t.users.email, 'multi@upkeep.test'));
      const response = await get(`/user/${multi?.uid}`);
      expect(response.status).toBe(200);
      const user = v.parse(UserSchema, await response.json());
      expect(user).toMatchObject({
        email: 'multi@upkeep.test',
        role: 'PROVIDER',
        customClaims: { role: 'provider' },
      });
      expect(user.providers.map((p) => p.name)).toEqual(['Luxe Aesthetics', 'Serenity Med Spa']);
    });

    it('customClaims is null for a person without a sign-in account; 404 for an unknown uid', async () => {
      const user = v.parse(UserSchema, await (await get('/user/seed-jordan-lee')).json());
      expect(user).toMatchObject({ displayName: 'Jordan Lee', inviteCode: 'JORDAN10', customClaims: null });
      await expectRejected(await get('/user/no-such-uid'), 404, 'user/not-found');
    });
  });

  describe('PUT /user/{firebaseUid}', () => {
    it('saves the form: invite code uppercased, blank and absent profile fields cleared', async () => {
      const person = await createPerson('Pat Example', { phone: '+15550001', photoURL: '/p.png' });
      const response = await put(person.uid, {
        email: person.email,
        firebaseUid: person.uid,
        displayName: 'Patricia Ann Example',
        firstName: 'Patricia',
        lastName: 'Ann',
        inviteCode: ' pat-2024 ',
        birthdate: '1991-02-28',
        phone: '',
        availablePoints: 25,
      });
      expect(response.status).toBe(200);
      const user = v.parse(UserSchema, await response.json());
      expect(user).toMatchObject({
        displayName: 'Patricia Ann Example',
        firstName: 'Patricia',
        lastName: 'Ann',
        inviteCode: 'PAT-2024',
        birthdate: '1991-02-28',
        phone: null,
        photoURL: null,
        availablePoints: 25,
        role: 'USER',
      });
      // availablePoints is kept when absent.
      const again = v.parse(UserSchema, await (await put(person.uid, { email: person.email })).json());
      expect(again.availablePoints).toBe(25);
      expect(again.inviteCode).toBeNull();
    });

    it(`409 ${'user/:firebaseUid/invite-code-exists'} when another user has the code, in any case; nothing changes`, async () => {
      const person = await createPerson('Ivy Code');
      const before = await api.db.select().from(t.users).where(eq(t.users.id, person.id));
      const message = await expectRejected(
        await put(person.uid, { email: person.email, displayName: 'Changed Name', inviteCode: 'jordan10' }),
        409,
        'user/:firebaseUid/invite-code-exists',
        'inviteCode',
      );
      expect(message).toMatch(/^The invite code JORDAN10 is already taken/);
      expect(await api.db.select().from(t.users).where(eq(t.users.id, person.id))).toEqual(before);
      // Keeping one's own code is fine.
      const jordan = v.parse(UserSchema, await (await get('/user/seed-jordan-lee')).json());
      const kept = await put(jordan.firebaseUid ?? '', {
        email: jordan.email,
        displayName: jordan.displayName,
        firstName: jordan.firstName,
        lastName: jordan.lastName,
        phone: jordan.phone,
        birthdate: jordan.birthdate,
        inviteCode: 'Jordan10',
      });
      expect(kept.status).toBe(200);
    });

    it('409 when the email belongs to another user', async () => {
      const person = await createPerson('Eve Email');
      const message = await expectRejected(
        await put(person.uid, { email: 'PRIYA.PATEL@example.com' }),
        409,
        'user/email-exists',
        'email',
      );
      expect(message).toBe('Another account already uses this email');
    });

    it('400 naming the field for bad input, and nothing changes', async () => {
      const person = await createPerson('Bad Input');
      const before = await tableCounts(api.db);
      const cases: [object, [string, RegExp]][] = [
        [{}, ['email', /^email is required/]],
        [{ email: 'not-an-email' }, ['email', /./]],
        [{ email: person.email, birthdate: '1990-02-30' }, ['birthdate', /./]],
        [{ email: person.email, availablePoints: -1 }, ['availablePoints', /./]],
        [{ email: person.email, availablePoints: 1.5 }, ['availablePoints', /./]],
        [{ email: person.email, role: 'OWNER' }, ['role', /./]],
        [{ email: person.email, password: 'short' }, ['password', /./]],
        [{ email: person.email, providers: ['a'] }, ['providers', /./]],
        [{ email: person.email, inviteCode: 'has space' }, ['inviteCode', /./]],
      ];
      for (const [body, [field, pattern]] of cases) {
        expect(
          await expectRejected(await put(person.uid, body), 400, 'request/invalid-body', field),
          JSON.stringify(body),
        ).toMatch(pattern);
      }
      expect(
        await expectRejected(
          await put(person.uid, { email: person.email, firebaseUid: 'other' }),
          400,
          'user/uid-mismatch',
          'firebaseUid',
        ),
      ).toBe('The firebaseUid must be the one in the path');
      await expectRejected(await put('no-such-uid', { email: 'x@example.com' }), 404, 'user/not-found');
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('role PROVIDER with two providers: links and the role claim change together; a new token carries it', async () => {
      const person = await createPerson('Rory Role');
      const ids = await providerIds();
      const chosen = [ids.get('Glow Studio'), ids.get('Harbor Wellness')] as number[];
      const response = await put(person.uid, {
        email: person.email,
        displayName: 'Rory Role',
        role: 'PROVIDER',
        providers: chosen,
      });
      expect(response.status).toBe(200);
      const user = v.parse(UserSchema, await response.json());
      expect(user.role).toBe('PROVIDER');
      expect(user.providers.map((p) => p.name)).toEqual(['Glow Studio', 'Harbor Wellness']);
      expect(user.customClaims).toEqual({ role: 'provider' });
      // Effective at the next sign-in (or token refresh).
      const token = await signIn(person.email, person.password);
      expect((await testIdentity().verifyIdToken(token)).role).toBe('provider');

      // Back to USER: the links go, the claim follows.
      const back = v.parse(
        UserSchema,
        await (await put(person.uid, { email: person.email, role: 'USER' })).json(),
      );
      expect(back).toMatchObject({ role: 'USER', providers: [], customClaims: { role: 'user' } });
    });

    it('404 for a provider id that does not exist, and neither the rows nor the claim change', async () => {
      const person = await createPerson('Nora Nope');
      const before = await tableCounts(api.db);
      const message = await expectRejected(
        await put(person.uid, { email: person.email, role: 'PROVIDER', providers: [987654] }),
        404,
        'provider/not-found',
        'providers',
      );
      expect(message).toBe('No provider with id 987654');
      expect(await tableCounts(api.db)).toEqual(before);
      expect((await testIdentity().getAccount?.(person.uid))?.customClaims).toEqual({ role: 'user' });
      const [row] = await api.db
        .select({ role: t.users.role })
        .from(t.users)
        .where(eq(t.users.id, person.id));
      expect(row?.role).toBe('USER');
    });

    it('409 when admins change their own role', async () => {
      await expectRejected(
        await put(adminUid, { email: 'api-test-admin@upkeep.test', role: 'USER' }),
        409,
        'user/own-role',
        'role',
      );
    });

    it('a new password and email reach the sign-in account', async () => {
      const person = await createPerson('Sam Secret');
      const email = `renamed-${run}@upkeep.test`;
      const response = await put(person.uid, { email, password: 'a-new-password' });
      expect(response.status).toBe(200);
      await expect(signIn(email, 'a-new-password')).resolves.toEqual(expect.any(String));
    });

    it('a save refused for a taken invite code or unknown providers leaves the old password', async () => {
      const holder = await createPerson('Ivy Holder');
      const code = `KEEP${randomBytes(3).toString('hex').toUpperCase()}`;
      await api.db.update(t.users).set({ inviteCode: code }).where(eq(t.users.id, holder.id));
      const person = await createPerson('Pat Password');
      const taken = await put(person.uid, {
        email: person.email,
        password: 'never-applied-1',
        inviteCode: code,
      });
      expect(taken.status).toBe(409);
      const unknown = await put(person.uid, {
        email: person.email,
        password: 'never-applied-2',
        role: 'PROVIDER',
        providers: [2_000_000_000],
      });
      expect(unknown.status).toBeGreaterThanOrEqual(400);
      expect(unknown.status).toBeLessThan(500);
      await expect(signIn(person.email, person.password)).resolves.toEqual(expect.any(String));
      await expect(signIn(person.email, 'never-applied-1')).rejects.toThrow();
      await expect(signIn(person.email, 'never-applied-2')).rejects.toThrow();
    });

    it('when the identity service refuses the claim, the save stands and the claim is left to the outbox', async () => {
      // The database is the source of truth (issue 9, finding 3): a refused claim write no longer undoes
      // the save; the outbox entry written with it stays pending for the worker and the reconciler.
      const person = await createPerson('Fay Failure');
      const real = testIdentity();
      const failing: Identity = {
        ...real,
        verifyIdToken: (token) => real.verifyIdToken(token),
        ensureAccount: (input) => real.ensureAccount(input),
        getAccount: (uid) => real.getAccount!(uid),
        setCustomClaims: () => Promise.reject(new Error('identity service unavailable')),
        updateAccount: (uid, changes) => real.updateAccount!(uid, changes),
        disableAccount: (uid) => real.disableAccount!(uid),
        enableAccount: (uid) => real.enableAccount!(uid),
      };
      const { log: captured, errors: logged } = captureLog();
      const app = createApp({
        db: api.db,
        engine,
        identity: failing,
        env: readEnv({
          APP_ENV: 'test',
          FIREBASE_PROJECT_ID: context.projectId,
          FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
        }),
        log: captured,
      });
      const ids = await providerIds();
      const response = await app.request(`/user/${person.uid}`, {
        method: 'PUT',
        headers: { ...json, Authorization: `Bearer ${admin}` },
        body: JSON.stringify({
          version: await versionOf(person.uid),
          email: person.email,
          displayName: 'Changed',
          role: 'PROVIDER',
          providers: [ids.get('Glow Studio')],
        }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        role: 'PROVIDER',
        displayName: 'Changed',
        customClaims: { role: 'user' },
      });
      expect(logged).toHaveLength(0);
      const [row] = await api.db.select().from(t.users).where(eq(t.users.id, person.id));
      expect(row).toMatchObject({ role: 'PROVIDER', displayName: 'Changed' });
      const entries = await api.db
        .select()
        .from(t.identityOutbox)
        .where(eq(t.identityOutbox.uid, person.uid));
      expect(entries).toEqual([
        expect.objectContaining({ doneAt: null, attempts: 1, lastError: 'identity service unavailable' }),
      ]);
      expect((await real.getAccount!(person.uid))?.customClaims).toEqual({ role: 'user' });
    });
  });

  describe('DELETE /user/{firebaseUid}', () => {
    it('marks the user deleted, leaves the list, and the account can no longer sign in', async () => {
      const person = await createPerson('Dee Leted');
      await expect(signIn(person.email, person.password)).resolves.toEqual(expect.any(String));
      const response = await api.fetch(`/user/${person.uid}`, { method: 'DELETE', token: admin });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ firebaseUid: person.uid, deleted: true });
      await expect(signIn(person.email, person.password)).rejects.toThrow(/USER_DISABLED/);
      expect((await list(`?search=${encodeURIComponent(person.email)}`)).total).toBe(0);
      await expectRejected(await get(`/user/${person.uid}`), 404, 'user/not-found');
      await expectRejected(
        await api.fetch(`/user/${person.uid}`, { method: 'DELETE', token: admin }),
        404,
        'user/not-found',
      );
      const [row] = await api.db
        .select({ isDeleted: t.users.isDeleted })
        .from(t.users)
        .where(eq(t.users.id, person.id));
      expect(row?.isDeleted).toBe(true);
    });

    it('409 for deleting oneself', async () => {
      await expectRejected(
        await api.fetch(`/user/${adminUid}`, { method: 'DELETE', token: admin }),
        409,
        'user/delete-self',
      );
    });
  });

  describe('GET /user/appointments?firebaseUid=', () => {
    it("lists the chosen user's appointments, newest first, with provider and service", async () => {
      const [casey] = await api.db
        .select({ uid: t.users.firebaseUid })
        .from(t.users)
        .where(eq(t.users.email, 'customer@upkeep.test'));
      const response = await get(`/user/appointments?firebaseUid=${casey?.uid}`);
      expect(response.status).toBe(200);
      const list = v.parse(AppointmentListSchema, await response.json());
      expect(list.length).toBe(4);
      const starts = list.map((a) => a.startDate);
      expect(starts).toEqual([...starts].sort().reverse());
      expect(list.map((a) => a.serviceItemDisplayName).sort()).toEqual([
        'Dermaplaning',
        'Dysport',
        'HydraFacial',
        'Upper Lip',
      ]);
      expect(list.find((a) => a.serviceItemDisplayName === 'Dysport')?.provider.name).toBe(
        'Serenity Med Spa',
      );
    });

    it('an empty list for a user without bookings; 400 without firebaseUid; 404 for an unknown one', async () => {
      const person = await createPerson('No Bookings');
      expect(await (await get(`/user/appointments?firebaseUid=${person.uid}`)).json()).toEqual([]);
      expect(
        await expectRejected(await get('/user/appointments'), 400, 'request/invalid-query', 'firebaseUid'),
      ).toMatch(/^firebaseUid /);
      await expectRejected(await get('/user/appointments?firebaseUid=nobody'), 404, 'user/not-found');
    });
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
