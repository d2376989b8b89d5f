import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { CreatedInviteSchema, InviteCheckSchema, RegisterResultSchema } from '../../src/api/contract/invite';
import { ProviderListSchema } from '../../src/api/contract/provider';
import { REGISTRATION_MESSAGES } from '../../src/domain/shared/messages';
import { createApp } from '../../server/app';
import { invites, providers, userProviders, users } from '../../server/db/schema';
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
} from './support';

const json = { 'Content-Type': 'application/json' };
const DAY = 86_400_000;

describe.each(engines)('/provider/invite on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let provider: string;
  let ids: Map<string, number>;
  const run = `${engine}-${randomBytes(3).toString('hex')}`;
  const uniqueEmail = (name: string) => `invite-${name}-${run}@upkeep.test`;

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
    provider = await tokenFor('provider');
    const rows = await api.db.select({ id: providers.id, name: providers.name }).from(providers);
    ids = new Map(rows.map((row) => [row.name, row.id]));
  });
  afterAll(async () => {
    await api?.stop();
  });

  async function errorOf(response: Response, status: number, code: string, field?: string) {
    expect(response.status).toBe(status);
    const error = v.parse(ApiErrorSchema, await response.json());
    expect(error.code).toBe(code);
    expect(error.field, 'field').toBe(field);
    return error.message;
  }

  const createInvite = (body: unknown, token: string | undefined = admin) =>
    api.fetch('/provider/invite', { method: 'POST', token, headers: json, body: JSON.stringify(body) });

  async function invite(email: string, names = ['Glow Studio']) {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const response = await createInvite({ email, providerIdArray: names.map((name) => ids.get(name)) });
      expect(response.status).toBe(201);
      const created = v.parse(CreatedInviteSchema, await response.json());
      return { created, logged: log.mock.calls.map((call) => String(call[0])) };
    } finally {
      log.mockRestore();
    }
  }

  const check = (code: string, email?: string) =>
    api.fetch(
      `/provider/invite/${encodeURIComponent(code)}${email === undefined ? '' : `?email=${encodeURIComponent(email)}`}`,
    );

  const register = (body: unknown) =>
    api.fetch('/provider/invite/user', { method: 'POST', headers: json, body: JSON.stringify(body) });

  describe('POST /provider/invite (admin)', () => {
    it('creates an invite for an email and providers, valid for 7 days, and logs the link', async () => {
      const email = uniqueEmail('create');
      const before = Date.now();
      const { created, logged } = await invite(email, ['Glow Studio', 'Luxe Aesthetics']);
      expect(created).toMatchObject({ email, delivery: 'logged' });
      expect(created.providers.map((p) => p.name).sort()).toEqual(['Glow Studio', 'Luxe Aesthetics']);
      expect(created.code).toMatch(/^[\w-]{24}$/);
      expect(created.invitePath).toBe(`/provider/invite/${created.code}?email=${encodeURIComponent(email)}`);
      const expires = Date.parse(created.expiresAt);
      expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY);
      expect(logged).toEqual([
        `Provider invite for ${email} (no mail service configured): http://localhost:5173${created.invitePath}`,
      ]);
      const [row] = await api.db.select().from(invites).where(eq(invites.code, created.code));
      expect(row).toMatchObject({ email, usedAt: null });
      expect(row?.providerIds.sort()).toEqual([ids.get('Glow Studio'), ids.get('Luxe Aesthetics')].sort());
    });

    it('every invite gets its own code, and repeated provider ids count once', async () => {
      const email = uniqueEmail('twice');
      const id = ids.get('Glow Studio');
      const first = await createInvite({ email, providerIdArray: [id, id] });
      const second = await createInvite({ email, providerIdArray: [id] });
      const a = v.parse(CreatedInviteSchema, await first.json());
      const b = v.parse(CreatedInviteSchema, await second.json());
      expect(a.code).not.toBe(b.code);
      expect(a.providers).toHaveLength(1);
    });

    it('401 without a token, 403 for a provider', async () => {
      const body = { email: uniqueEmail('nope'), providerIdArray: [ids.get('Glow Studio')] };
      await errorOf(await createInvite(body, ''), 401, 'auth/unauthenticated');
      await errorOf(await createInvite(body, provider), 403, 'auth/forbidden');
    });

    it.each([
      [{ providerIdArray: [1] }, ['email', /^email is required/]],
      [{ email: 'not an email', providerIdArray: [1] }, ['email', /^email must be an email address/]],
      [{ email: 'a@b.co' }, ['providerIdArray', /^providerIdArray is required/]],
      [
        { email: 'a@b.co', providerIdArray: [] },
        ['providerIdArray', /^providerIdArray must name at least one provider/],
      ],
      [{ email: 'a@b.co', providerIdArray: [1.5] }, ['providerIdArray', /^providerIdArray must hold/]],
      [{ email: 'a@b.co', providerIdArray: ['1'] }, ['providerIdArray', /^providerIdArray must hold/]],
      [{ email: 'a@b.co', providerIdArray: 1 }, ['providerIdArray', /^providerIdArray must be a list/]],
      [[], ['email', /^email is required/]],
    ])('400 naming the field for %j, and nothing is stored', async (body, expected) => {
      const [field, message] = expected as [string, RegExp];
      const before = await tableCounts(api.db);
      expect(await errorOf(await createInvite(body), 400, 'request/invalid-body', field)).toMatch(message);
      expect(await tableCounts(api.db)).toEqual(before);
    });

    it('404 for a provider that does not exist, and nothing is stored', async () => {
      const before = await tableCounts(api.db);
      const message = await errorOf(
        await createInvite({
          email: uniqueEmail('ghost'),
          providerIdArray: [ids.get('Glow Studio'), 999_999],
        }),
        404,
        'provider/not-found',
        'providerIdArray',
      );
      expect(message).toBe('No provider with id 999999');
      expect(await tableCounts(api.db)).toEqual(before);
    });
  });

  describe('GET /provider/invite/{code}?email=', () => {
    it('answers the providers of a usable invite, whatever the case of the email', async () => {
      const email = uniqueEmail('check');
      const { created } = await invite(email);
      const response = await check(created.code, `  ${email.toUpperCase()} `);
      expect(response.status).toBe(200);
      expect(v.parse(InviteCheckSchema, await response.json())).toEqual({
        email,
        providers: [{ id: ids.get('Glow Studio'), name: 'Glow Studio' }],
        expiresAt: created.expiresAt,
      });
    });

    it('an unknown code, another email, or an expired invite: the one invalid answer', async () => {
      const email = uniqueEmail('bad');
      const { created } = await invite(email);
      for (const response of [
        await check('no-such-code', email),
        await check(created.code, uniqueEmail('other')),
      ]) {
        expect(await errorOf(response, 404, 'provider/invite/invalid')).toBe(
          REGISTRATION_MESSAGES.invalidInvite,
        );
      }
      await api.db
        .update(invites)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invites.code, created.code));
      await errorOf(await check(created.code, email), 404, 'provider/invite/invalid');
    });

    it('400 without an email', async () => {
      expect(await errorOf(await check('whatever'), 400, 'request/invalid-query', 'email')).toMatch(/email/);
      await errorOf(await check('whatever', 'not-an-email'), 400, 'request/invalid-query', 'email');
    });
  });

  describe('POST /provider/invite/user', () => {
    it('registers once: a provider account linked to the invite providers, which then signs in', async () => {
      const email = uniqueEmail('register');
      const { created } = await invite(email, ['Serenity Med Spa', 'Luxe Aesthetics']);
      const response = await register({
        email: ` ${email} `,
        password: 'a-good-password',
        code: created.code,
      });
      expect(response.status).toBe(201);
      const result = v.parse(RegisterResultSchema, await response.json());
      expect(result.providers.map((p) => p.name)).toEqual(['Luxe Aesthetics', 'Serenity Med Spa']);

      const token = await signIn(email, 'a-good-password');
      const verified = await testIdentity().verifyIdToken(token);
      expect(verified.role).toBe('provider');
      const [user] = await api.db.select().from(users).where(eq(users.firebaseUid, verified.uid));
      expect(user).toMatchObject({ email, role: 'PROVIDER' });
      const links = await api.db.select().from(userProviders).where(eq(userProviders.userId, user!.id));
      expect(links.map((link) => link.providerId).sort()).toEqual(
        [ids.get('Serenity Med Spa'), ids.get('Luxe Aesthetics')].sort(),
      );
      const [row] = await api.db.select().from(invites).where(eq(invites.code, created.code));
      expect(row?.usedAt).toBeInstanceOf(Date);

      // Their own providers, nobody else's.
      const mine = await api.fetch('/providers', { token });
      expect(v.parse(ProviderListSchema, await mine.json()).map((p) => p.name)).toEqual([
        'Luxe Aesthetics',
        'Serenity Med Spa',
      ]);

      // The used invite is no longer valid, and registering again answers user-exists.
      await errorOf(await check(created.code, email), 404, 'provider/invite/invalid');
      const before = await tableCounts(api.db);
      await errorOf(
        await register({ email, password: 'another-password', code: created.code }),
        409,
        'provider/invite/register/user-exists',
        'email',
      );
      // A fresh invite for the same email cannot make a second account either.
      const again = await invite(email);
      const afterInvite = await tableCounts(api.db);
      await errorOf(
        await register({ email, password: 'another-password', code: again.created.code }),
        409,
        'provider/invite/register/user-exists',
        'email',
      );
      expect(await tableCounts(api.db)).toEqual(afterInvite);
      expect(afterInvite['invites']).toBe((before['invites'] ?? 0) + 1);
      await expect(signIn(email, 'another-password')).rejects.toThrow();
    });

    it('answers user-exists for an identity account that has no user row yet', async () => {
      const email = uniqueEmail('account-only');
      await testIdentity().ensureAccount({
        email,
        password: 'some-password',
        role: 'user',
        displayName: 'X',
      });
      const { created } = await invite(email);
      const before = await tableCounts(api.db);
      await errorOf(
        await register({ email, password: 'a-good-password', code: created.code }),
        409,
        'provider/invite/register/user-exists',
        'email',
      );
      expect(await tableCounts(api.db)).toEqual(before);
      const [row] = await api.db.select().from(invites).where(eq(invites.code, created.code));
      expect(row?.usedAt).toBeNull();
    });

    it('a person known only to the database becomes the provider user', async () => {
      const email = uniqueEmail('known');
      await api.db.insert(users).values({ email, displayName: 'Known Person', role: 'USER' });
      const { created } = await invite(email);
      const response = await register({ email, password: 'a-good-password', code: created.code });
      expect(response.status).toBe(201);
      const rows = await api.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ displayName: 'Known Person', role: 'PROVIDER' });
      expect(rows[0]?.firebaseUid).toEqual(expect.any(String));
    });

    it('an expired invite, an unknown code or another email is invalid, and creates nothing', async () => {
      const email = uniqueEmail('expired');
      const { created } = await invite(email);
      await api.db
        .update(invites)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(invites.code, created.code));
      const before = await tableCounts(api.db);
      for (const body of [
        { email, password: 'a-good-password', code: created.code },
        { email, password: 'a-good-password', code: 'no-such-code' },
        { email: uniqueEmail('stranger'), password: 'a-good-password', code: created.code },
      ]) {
        expect(await errorOf(await register(body), 404, 'provider/invite/invalid')).toBe(
          REGISTRATION_MESSAGES.invalidInvite,
        );
      }
      expect(await tableCounts(api.db)).toEqual(before);
      await expect(signIn(email, 'a-good-password')).rejects.toThrow();
    });

    it.each([
      [{ password: 'a-good-password', code: 'x' }, ['email', /^email is required/]],
      [
        { email: 'a@b.co', password: 'short', code: 'x' },
        ['password', /^password must be at least 8 characters/],
      ],
      [{ email: 'a@b.co', code: 'x' }, ['password', /^password is required/]],
      [{ email: 'a@b.co', password: 'a-good-password', code: '  ' }, ['code', /^code is required/]],
    ])('400 naming the field for %j', async (body, expected) => {
      const [field, message] = expected as [string, RegExp];
      expect(await errorOf(await register(body), 400, 'request/invalid-body', field)).toMatch(message);
    });

    it('when the database write fails, the new identity account is deleted again', async () => {
      const email = uniqueEmail('rollback');
      const { created } = await invite(email);
      const real = testIdentity();
      let createdUid: string | null = null;
      // The account is really created; then the users table refuses this email (a check constraint the
      // database reports as an error, not a conflict), so the user row's write fails after the account exists.
      const refuseEmail = sql.raw(
        `alter table users add constraint invite_write_fails check (lower(email) <> '${email.toLowerCase()}')`,
      );
      const clashing: Identity = {
        ...real,
        verifyIdToken: (token) => real.verifyIdToken(token),
        ensureAccount: (input) => real.ensureAccount(input),
        createAccount: async (input) => {
          createdUid = await real.createAccount!(input);
          await api.db.execute(refuseEmail);
          return createdUid;
        },
        deleteAccount: (uid) => real.deleteAccount!(uid),
      };
      const { log: captured, errors: logged } = captureLog();
      const app = createApp({
        db: api.db,
        engine,
        identity: clashing,
        env: readEnv({
          APP_ENV: 'test',
          FIREBASE_PROJECT_ID: context.projectId,
          FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
        }),
        log: captured,
      });
      const before = await tableCounts(api.db);
      const response = await app.request('/provider/invite/user', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, password: 'a-good-password', code: created.code }),
      });
      await api.db.execute(sql.raw('alter table users drop constraint if exists invite_write_fails'));
      expect(response.status).toBe(500);
      expect(logged).toHaveLength(1);
      expect(createdUid).toEqual(expect.any(String));
      expect(await real.getAccount!(createdUid!)).toBeNull();
      await expect(signIn(email, 'a-good-password')).rejects.toThrow();
      expect(await tableCounts(api.db)).toEqual(before);
      const [row] = await api.db.select().from(invites).where(eq(invites.code, created.code));
      expect(row?.usedAt).toBeNull();
      // The invite still works afterwards.
      expect((await register({ email, password: 'a-good-password', code: created.code })).status).toBe(201);
    });

    it('two registrations with one invite at once: one account and one user, the second a retry of the first', async () => {
      const email = uniqueEmail('race');
      const { created } = await invite(email);
      const body = { email, password: 'a-good-password', code: created.code };
      // The same body twice is a retry (a double click): it answers as the first did or says the user exists.
      const statuses = (await Promise.all([register(body), register(body)])).map((r) => r.status).sort();
      expect(statuses[0]).toBe(201);
      expect([201, 409]).toContain(statuses[1]);
      const rows = await api.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      expect(rows).toHaveLength(1);
      expect(await signIn(email, 'a-good-password')).toEqual(expect.anything());
      const [used] = await api.db.select().from(invites).where(eq(invites.code, created.code));
      expect(used?.usedAt).not.toBeNull();
    });
  });
});
