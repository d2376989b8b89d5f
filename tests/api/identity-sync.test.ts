/**
 * The identity service follows the database (issue 9, findings 3 and 4): no identity call inside a
 * transaction, a time limit on every identity call, the outbox applied after the commit (or later), and the
 * reconciler adopting, deleting or correcting what a crash left behind.
 */
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import * as t from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { accountAdmin, type Identity } from '../../server/identity';
import { withTimeout } from '../../server/identity-outage';
import {
  createIdentityOutbox,
  PENDING_INVITE_CLAIM,
  PENDING_REGISTRATION_CLAIM,
} from '../../server/identity-sync/outbox';
import { reconcile, reconcileAccounts } from '../../server/identity-sync/reconciler';
import {
  captureLog,
  context,
  engines,
  startTestServer,
  testIdentity,
  tokenFor,
  type TestServer,
} from './support';

const json = { 'Content-Type': 'application/json' };
const GRACE_MS = 2000;
/** The identity time limit in the stall test; the stalled call never answers before it. */
const STALL_MS = 4000;

describe.each(engines)('identity follows the database on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  const run = `${engine}-${randomBytes(3).toString('hex')}`;
  const real = testIdentity();
  let people = 0;

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
  });
  afterAll(async () => {
    await api?.stop();
  });

  async function createPerson() {
    people += 1;
    const email = `sync-${people}-${run}@upkeep.test`;
    const uid = await real.ensureAccount({
      email,
      password: 'person-password',
      role: 'user',
      displayName: 'S',
    });
    await api.db.insert(t.users).values({ email, firebaseUid: uid });
    return { uid, email };
  }

  /** The app over real HTTP with another identity service and identity time limit. */
  async function serveWith(identity: Identity, timeoutMs: number) {
    const { log, errors } = captureLog();
    const env = readEnv({
      APP_ENV: 'test',
      FIREBASE_PROJECT_ID: context.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
      IDENTITY_TIMEOUT_MS: String(timeoutMs),
    });
    const app = createApp({ db: api.db, engine, identity, env, log });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url,
      errors,
      close: () =>
        new Promise<void>((resolve) => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  const pending = (uid: string) =>
    api.db
      .select()
      .from(t.identityOutbox)
      .where(eq(t.identityOutbox.uid, uid))
      .then((rows) => rows.filter((row) => row.doneAt === null));

  it('a stalled identity service does not hold up GET /health, and its calls time out', async () => {
    const person = await createPerson();
    let release = () => undefined as void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    const stalling: Identity = {
      ...real,
      verifyIdToken: (token) => real.verifyIdToken(token),
      getAccount: (uid) => real.getAccount!(uid),
      // The role claim write after the commit hangs.
      setCustomClaims: async (uid, claims) => {
        await stalled;
        return real.setCustomClaims!(uid, claims);
      },
    };
    const server = await serveWith(stalling, STALL_MS);
    try {
      const started = Date.now();
      let answered = false;
      const save = fetch(`${server.url}/user/${person.uid}`, {
        method: 'PUT',
        headers: { ...json, Authorization: `Bearer ${admin}` },
        body: JSON.stringify({ email: person.email, role: 'PROVIDER', version: 1 }),
      }).finally(() => (answered = true));
      save.catch(() => undefined);
      // While the claim write stalls, the database is free: /health answers, many times, long before the
      // identity call gives up (before the fix, it waited for the stalled call).
      await vi.waitFor(async () => expect(await pending(person.uid)).toHaveLength(1), { timeout: STALL_MS });
      // No clock bound here: the proof is the order. Each /health answers while the save is still waiting
      // for the stalled call, which only the time limit can end.
      for (let i = 0; i < 5; i += 1) {
        const health = await fetch(`${server.url}/health`);
        expect(health.status).toBe(200);
        expect(answered).toBe(false);
      }
      const response = await save;
      // The save itself is committed; the stalled claim is given up after IDENTITY_TIMEOUT_MS and left to
      // the outbox.
      expect(response.status).toBe(200);
      // The stalled call is never released before this point, so only the time limit can have answered.
      expect(Date.now() - started).toBeGreaterThanOrEqual(STALL_MS - 100);
      const [row] = await api.db.select().from(t.users).where(eq(t.users.firebaseUid, person.uid));
      expect(row?.role).toBe('PROVIDER');
      expect(await pending(person.uid)).toHaveLength(1);
      expect((await real.getAccount!(person.uid))?.customClaims).toEqual({ role: 'user' });
    } finally {
      release();
      await server.close();
    }
    // The worker applies it later with a working identity service.
    const { log } = captureLog();
    const outbox = createIdentityOutbox({ db: api.db, accounts: accountAdmin(real), log, pollMs: 1000 });
    await outbox.drain(true);
    expect(await pending(person.uid)).toHaveLength(0);
    expect((await real.getAccount!(person.uid))?.customClaims).toEqual({ role: 'provider' });
  });

  it('withTimeout rejects a call that does not answer in time', async () => {
    const never: Identity = { ...real, getAccount: () => new Promise(() => undefined) };
    const started = performance.now();
    // The time limit's own error: only its timer can end a call that never answers.
    await expect(withTimeout(never, 200).getAccount!('x')).rejects.toThrow(
      /did not answer getAccount within 200 ms/,
    );
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThanOrEqual(190);
    // Seconds of room for a busy machine; a limit read in seconds rather than milliseconds would take 200 s.
    expect(ms).toBeLessThan(5000);
  });

  it('a claim the identity service refused is applied by the outbox worker once it answers again', async () => {
    const person = await createPerson();
    const failing: Identity = {
      ...real,
      verifyIdToken: (token) => real.verifyIdToken(token),
      setCustomClaims: () => Promise.reject(new Error('identity service unavailable')),
    };
    const server = await serveWith(failing, 2000);
    try {
      const response = await fetch(`${server.url}/user/${person.uid}`, {
        method: 'PUT',
        headers: { ...json, Authorization: `Bearer ${admin}` },
        body: JSON.stringify({ email: person.email, role: 'ADMIN', version: 1 }),
      });
      expect(response.status).toBe(200);
      expect(await pending(person.uid)).toHaveLength(1);
    } finally {
      await server.close();
    }
    const { log } = captureLog();
    const outbox = createIdentityOutbox({ db: api.db, accounts: accountAdmin(real), log, pollMs: 100 });
    // Not due yet (backoff): the worker's next pass after the delay applies it.
    const [entry] = await pending(person.uid);
    await api.db
      .update(t.identityOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(t.identityOutbox.id, entry!.id));
    outbox.start();
    try {
      await vi.waitFor(async () => expect(await pending(person.uid)).toHaveLength(0), { timeout: 5000 });
    } finally {
      await outbox.stop();
    }
    expect((await real.getAccount!(person.uid))?.customClaims).toEqual({ role: 'admin' });
  });

  describe('the reconciler', () => {
    async function invite(email: string) {
      const [provider] = await api.db.select({ id: t.providers.id }).from(t.providers).limit(1);
      const spy = vi.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        const response = await api.fetch('/provider/invite', {
          method: 'POST',
          token: admin,
          headers: json,
          body: JSON.stringify({ email, providerIdArray: [provider?.id] }),
        });
        expect(response.status).toBe(201);
        const { code } = (await response.json()) as { code: string };
        const [row] = await api.db.select().from(t.invites).where(eq(t.invites.code, code));
        if (!row) throw new Error('no invite row');
        return row;
      } finally {
        spy.mockRestore();
      }
    }

    it('corrects claims and disabled flags, adopts a registration that did not commit, deletes a dead one', async () => {
      // A claim that lost its save (a crash after the commit) and a deleted user whose account is enabled.
      const promoted = await createPerson();
      await api.db.update(t.users).set({ role: 'ADMIN' }).where(eq(t.users.firebaseUid, promoted.uid));
      const removed = await createPerson();
      await api.db.update(t.users).set({ isDeleted: true }).where(eq(t.users.firebaseUid, removed.uid));
      // A registration whose account exists but whose database write never committed.
      const adoptEmail = `sync-adopt-${run}@upkeep.test`;
      const adoptInvite = await invite(adoptEmail);
      const adoptUid = await real.createAccount!({
        email: adoptEmail,
        password: 'a-good-password',
        role: 'provider',
        claims: { [PENDING_INVITE_CLAIM]: adoptInvite.id },
      });
      // One whose invite is gone: nothing to adopt it into.
      const deadUid = await real.createAccount!({
        email: `sync-dead-${run}@upkeep.test`,
        password: 'a-good-password',
        role: 'provider',
        claims: { [PENDING_INVITE_CLAIM]: 987_654_321 },
      });
      // A Create User account whose user row never committed (the process died in between).
      const unregisteredUid = await real.createAccount!({
        email: `sync-unregistered-${run}@upkeep.test`,
        password: 'a-good-password',
        role: 'user',
        claims: { [PENDING_REGISTRATION_CLAIM]: true },
      });
      // A provider account this API did not create (no marker): left alone.
      const foreign = await real.ensureAccount({
        email: `sync-foreign-${run}@upkeep.test`,
        password: 'a-good-password',
        role: 'provider',
        displayName: 'F',
      });

      // Past the grace period (registrations younger than it may still be in flight elsewhere).
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 100));
      const { log } = captureLog();
      const outbox = createIdentityOutbox({ db: api.db, accounts: accountAdmin(real), log, pollMs: 1000 });
      const report = await reconcile(api.db, reconcileAccounts(real), outbox, log, GRACE_MS);
      expect(report.adopted).toBeGreaterThanOrEqual(1);
      expect(report.deleted).toBeGreaterThanOrEqual(1);

      expect((await real.getAccount!(promoted.uid))?.customClaims).toEqual({ role: 'admin' });
      expect((await real.getAccount!(removed.uid))?.disabled).toBe(true);
      const [adopted] = await api.db.select().from(t.users).where(eq(t.users.firebaseUid, adoptUid));
      expect(adopted).toMatchObject({ email: adoptEmail, role: 'PROVIDER' });
      const [used] = await api.db.select().from(t.invites).where(eq(t.invites.id, adoptInvite.id));
      expect(used?.usedAt).not.toBeNull();
      expect((await real.getAccount!(adoptUid))?.customClaims).toEqual({ role: 'provider' });
      expect(await real.getAccount!(deadUid)).toBeNull();
      expect(await real.getAccount!(unregisteredUid)).toBeNull();
      expect((await real.getAccount!(foreign))?.customClaims).toEqual({ role: 'provider' });
      expect(
        await api.db.select().from(t.identityOutbox).where(isNull(t.identityOutbox.doneAt)),
      ).toHaveLength(0);
    });

    it('leaves a registration younger than the grace period alone', async () => {
      const uid = await real.createAccount!({
        email: `sync-young-${run}@upkeep.test`,
        password: 'a-good-password',
        role: 'provider',
        claims: { [PENDING_INVITE_CLAIM]: 987_654_321 },
      });
      const { log } = captureLog();
      const outbox = createIdentityOutbox({ db: api.db, accounts: accountAdmin(real), log, pollMs: 1000 });
      await reconcile(api.db, reconcileAccounts(real), outbox, log, 600_000);
      expect(await real.getAccount!(uid)).not.toBeNull();
      await real.deleteAccount!(uid);
    });
  });
});
