/**
 * Create intents (server/identity-sync/intent.ts): the account Create User and invite registration are
 * about to create is written down before the identity call, so a retry adopts what a lost attempt made,
 * and the reconciler adopts or removes every account the API created, with or without claims, and leaves
 * the others alone.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import * as t from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { accountAdmin, type AccountInfo, type Identity } from '../../server/identity';
import { giveUp, openIntent } from '../../server/identity-sync/intent';
import { createIdentityOutbox } from '../../server/identity-sync/outbox';
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
const GRACE_MS = 1000;

describe.each(engines)('create intents on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  let adminUid: string;
  const run = `${engine}-${randomBytes(3).toString('hex')}`;
  const real = testIdentity();

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
    adminUid = (await real.verifyIdToken(admin)).uid;
  });
  afterAll(async () => {
    await api?.stop();
  });

  const person = (email: string) => ({
    email,
    firstName: 'Intent',
    lastName: 'Test',
    password: 'a-good-password',
    phone: '+13105550123',
    birthdate: '1991-02-03',
  });

  async function accountsOf(email: string): Promise<AccountInfo[]> {
    const found: AccountInfo[] = [];
    let pageToken: string | undefined;
    do {
      const page = await real.listAccounts!(pageToken);
      found.push(...page.accounts.filter((account) => account.email === email));
      pageToken = page.next;
    } while (pageToken !== undefined);
    return found;
  }

  const intentsOf = (email: string) =>
    api.db
      .select()
      .from(t.identityOutbox)
      .where(
        sql`${t.identityOutbox.kind} = 'create-account' and ${t.identityOutbox.payload}->>'email' = ${email}`,
      );

  it('a create answered 503 while the identity service stalled is adopted by the same admin’s retry', async () => {
    // The account is created only after the time limit has answered the request.
    let landed: Promise<string> | undefined;
    const stalling: Identity = {
      ...real,
      verifyIdToken: (token) => real.verifyIdToken(token),
      createAccount: (input) => {
        landed = new Promise((resolve) => setTimeout(resolve, 600)).then(() => real.createAccount!(input));
        return landed;
      },
    };
    const { log } = captureLog();
    const env = readEnv({
      APP_ENV: 'test',
      FIREBASE_PROJECT_ID: context.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
      IDENTITY_TIMEOUT_MS: '200',
    });
    const app = createApp({ db: api.db, engine, identity: stalling, env, log });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const email = `intent-stall-${run}@upkeep.test`;
    const create = (to: string) =>
      fetch(`${to}/user/register`, {
        method: 'POST',
        headers: { ...json, Authorization: `Bearer ${admin}` },
        body: JSON.stringify(person(email)),
      });
    try {
      const first = await create(url);
      expect(first.status).toBe(503);
      const uid = await landed;
      expect(await accountsOf(email)).toHaveLength(1);
      const [intent] = await intentsOf(email);
      expect({ uid: intent?.uid, done: intent?.doneAt }).toEqual({ uid, done: null });

      // The retry (same admin, same email) reuses the intent and adopts the account instead of a 409.
      const retry = await create(api.url);
      expect(retry.status).toBe(201);
      expect(await retry.json()).toMatchObject({ firebaseUid: uid, email, role: 'USER' });
      expect(await accountsOf(email)).toHaveLength(1);
      expect((await real.getAccount!(uid ?? ''))?.customClaims).toEqual({ role: 'user' });
      const [settled] = await intentsOf(email);
      expect(settled?.doneAt).not.toBeNull();
      expect(settled?.payload).not.toHaveProperty('profile');
      // The same create again is a 409 like any taken email.
      expect((await create(api.url)).status).toBe(409);
    } finally {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('another admin creating a user with an email in flight gets 409 and leaves the account alone', async () => {
    const email = `intent-other-${run}@upkeep.test`;
    const intent = await openIntent(api.db, { flow: 'create-user', email, by: 'another-admin' });
    await real.createAccount!({ uid: intent.uid, email, password: 'a-good-password', role: 'user' });
    const response = await api.fetch('/user/register', {
      method: 'POST',
      token: admin,
      headers: json,
      body: JSON.stringify(person(email)),
    });
    expect(response.status).toBe(409);
    expect((await real.getAccount!(intent.uid))?.email).toBe(email);
    await real.deleteAccount!(intent.uid);
  });

  it('the reconciler adopts claim-less accounts of pending intents, deletes abandoned ones, closes empty ones', async () => {
    const [invite] = await api.db
      .insert(t.invites)
      .values({
        code: `intent-${run}`,
        email: `intent-reg-${run}@upkeep.test`,
        providerIds: [],
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date(),
      })
      .returning();
    const email = (name: string) => `intent-${name}-${run}@upkeep.test`;
    // A Create User and an invite registration that died between the account and its claims.
    const created = await openIntent(
      api.db,
      { flow: 'create-user', email: email('user'), by: adminUid },
      {
        firstName: 'Lost',
        lastName: 'Answer',
        phone: '+13105550111',
      },
    );
    await real.createAccount!({
      uid: created.uid,
      email: email('user'),
      password: 'pw-123456',
      role: 'user',
    });
    await real.setCustomClaims!(created.uid, {});
    const registered = await openIntent(api.db, {
      flow: 'invite',
      email: email('reg'),
      by: String(invite?.id),
    });
    await real.createAccount!({
      uid: registered.uid,
      email: email('reg'),
      password: 'pw-123456',
      role: 'user',
    });
    await real.setCustomClaims!(registered.uid, {});
    // A create whose write was refused and whose account could not be deleted then.
    const refused = await openIntent(api.db, { flow: 'create-user', email: email('refused'), by: adminUid });
    await real.createAccount!({
      uid: refused.uid,
      email: email('refused'),
      password: 'pw-123456',
      role: 'user',
    });
    await giveUp(
      api.db,
      { deleteAccount: () => Promise.reject(new Error('identity down')) },
      refused,
      captureLog().log,
    );
    // A create that never reached the identity service.
    await openIntent(api.db, { flow: 'create-user', email: email('empty'), by: adminUid });
    // An account with an email some intent names, but not created for it: not ours.
    const foreignUid = await real.createAccount!({
      email: email('foreign'),
      password: 'pw-123456',
      role: 'user',
    });
    await real.setCustomClaims!(foreignUid, {});
    await openIntent(api.db, { flow: 'create-user', email: email('foreign'), by: adminUid });

    await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 100));
    const { log } = captureLog();
    const outbox = createIdentityOutbox({ db: api.db, accounts: accountAdmin(real), log, pollMs: 1000 });
    const report = await reconcile(api.db, reconcileAccounts(real), outbox, log, GRACE_MS);
    expect(report.adopted).toBeGreaterThanOrEqual(2);
    expect(report.deleted).toBeGreaterThanOrEqual(1);
    expect(report.closed).toBeGreaterThanOrEqual(2);

    const [user] = await api.db.select().from(t.users).where(eq(t.users.firebaseUid, created.uid));
    expect(user).toMatchObject({
      email: email('user'),
      role: 'USER',
      firstName: 'Lost',
      phone: '+13105550111',
    });
    expect((await real.getAccount!(created.uid))?.customClaims).toEqual({ role: 'user' });
    const [provider] = await api.db.select().from(t.users).where(eq(t.users.firebaseUid, registered.uid));
    expect(provider).toMatchObject({ email: email('reg'), role: 'PROVIDER' });
    expect((await real.getAccount!(registered.uid))?.customClaims).toEqual({ role: 'provider' });
    expect(await real.getAccount!(refused.uid)).toBeNull();
    expect((await real.getAccount!(foreignUid))?.email).toBe(email('foreign'));
    const open = await api.db
      .select()
      .from(t.identityOutbox)
      .where(sql`${t.identityOutbox.kind} = 'create-account' and ${t.identityOutbox.doneAt} is null`);
    expect(open).toEqual([]);

    // The emails whose create left nothing can be created again.
    for (const address of [email('refused'), email('empty')]) {
      const again = await api.fetch('/user/register', {
        method: 'POST',
        token: admin,
        headers: json,
        body: JSON.stringify(person(address)),
      });
      expect(again.status).toBe(201);
    }
    // The lost Create User is answered to the same admin's retry, once.
    const retry = () =>
      api.fetch('/user/register', {
        method: 'POST',
        token: admin,
        headers: json,
        body: JSON.stringify(person(email('user'))),
      });
    expect(await (await retry()).json()).toMatchObject({ firebaseUid: created.uid });
    expect((await retry()).status).toBe(409);
    await real.deleteAccount!(foreignUid);
  });
});
