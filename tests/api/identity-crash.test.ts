/**
 * A crash at each step of each flow that spans the database and the identity service, end to end: the real
 * server is killed (SIGKILL) between a database commit and the identity call that follows it (a user save,
 * a deletion), and at each step of invite registration and Create User (after the create intent, after the
 * account but before its claims, after the account but before the user row). After a restart the identity
 * service (the emulator) and the database agree: every account the API created has its user row with the
 * matching role claim, disabled flag and email, and an email whose first attempt failed can be registered
 * or created again. The test-only switch FAULT_PAUSE_AT stops the process at those points so the kill
 * lands there.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/processes';
import type { AccountInfo } from '../../server/identity';
import { startTestMain, withPostgresMainEnv, type MainProcess } from './processes';
import { context, signIn, testIdentity } from './support';

const READY = /API ready on (http:\/\/\S+)/;
const PAUSED = /FAULT_PAUSE (\S+) pid=(\d+)/;
/** What the reconciler logs after each pass. */
const RECONCILED = 'Reconciler: identity accounts checked against the database';
const GRACE_MS = 2000;
const json = { 'Content-Type': 'application/json' };
const password = 'a-good-password';
const started: MainProcess[] = [];

afterEach(async () => {
  for (const main of started.splice(0)) {
    main.kill('SIGKILL');
    await main.exited;
  }
});

function launch(env: Record<string, string>): MainProcess {
  const main = startTestMain({ IDENTITY_ORPHAN_GRACE_MS: String(GRACE_MS), ...env });
  started.push(main);
  return main;
}

/** Kills the server process itself (not only the tsx wrapper), and waits for it. */
async function killWherePaused(main: MainProcess, pid: string): Promise<void> {
  process.kill(Number(pid), 'SIGKILL');
  main.kill('SIGKILL');
  await main.exited;
  for (let i = 0; i < 50; i += 1) {
    try {
      process.kill(Number(pid), 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`process ${pid} did not die`);
}

/** Every account of the identity service whose email contains `part`. */
async function accountsMatching(part: string): Promise<AccountInfo[]> {
  const real = testIdentity();
  const found: AccountInfo[] = [];
  let pageToken: string | undefined;
  do {
    const page = await real.listAccounts!(pageToken);
    found.push(...page.accounts.filter((account) => account.email?.includes(part)));
    pageToken = page.next;
  } while (pageToken !== undefined);
  return found;
}

async function crashAndRestart(database: Record<string, string>) {
  const real = testIdentity();
  const run = randomBytes(3).toString('hex');
  const email = (name: string) => `crash-${name}-${run}@upkeep.test`;
  let url = '';
  const admin = await signIn('admin@upkeep.test', 'upkeep-admin');
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      ...init,
      headers: { ...json, Authorization: `Bearer ${admin}`, ...(init.headers as Record<string, string>) },
    });
  const register = (address: string, code: string) =>
    fetch(`${url}/provider/invite/user`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: address, password, code }),
    });
  const createUser = (address: string) =>
    call('/user/register', {
      method: 'POST',
      body: JSON.stringify({
        email: address,
        firstName: 'Crash',
        lastName: 'Test',
        password,
        phone: '+13105550199',
        birthdate: '1990-04-01',
      }),
    });
  async function invite(address: string): Promise<string> {
    const providers = (await (await call('/providers')).json()) as { id: number }[];
    const response = await call('/provider/invite', {
      method: 'POST',
      body: JSON.stringify({ email: address, providerIdArray: [providers[0]?.id] }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { code: string }).code;
  }
  const uidOf = async (address: string) => (await real.verifyIdToken(await signIn(address, password))).uid;
  /** Starts the server paused at `point`, sends the request, kills it there. */
  async function crashAt(point: string, send: () => Promise<Response>) {
    const main = launch({ ...database, FAULT_PAUSE_AT: point });
    [, url = ''] = await main.waitFor(READY, 240_000);
    void send().catch(() => undefined);
    const [, where, pid = ''] = await main.waitFor(PAUSED);
    expect(where).toBe(point);
    await killWherePaused(main, pid);
  }

  // The first start prepares the database (migrations, seed), which a loaded machine can take a while over.
  const first = launch(database);
  [, url = ''] = await first.waitFor(READY, 240_000);
  // A provider user, registered normally, and the invites of the registrations that will crash.
  const saved = email('save');
  expect((await register(saved, await invite(saved))).status).toBe(201);
  const savedUid = await uidOf(saved);
  const codes = {
    intent: await invite(email('reg-intent')),
    claims: await invite(email('reg-claims')),
    account: await invite(email('reg-account')),
  };
  first.kill('SIGTERM');
  await first.exited;

  // 1. A role change commits; the process dies before the claim is written.
  await crashAt('user-commit', async () => {
    const current = (await (await call(`/user/${savedUid}`)).json()) as { version: number };
    return call(`/user/${savedUid}`, {
      method: 'PUT',
      body: JSON.stringify({ email: saved, role: 'USER', version: current.version }),
    });
  });
  expect((await real.getAccount!(savedUid))?.customClaims['role']).toBe('provider');

  // 2. A deletion commits; the process dies before the account is disabled.
  await crashAt('user-commit', () => call(`/user/${savedUid}`, { method: 'DELETE' }));
  expect((await real.getAccount!(savedUid))?.disabled).toBe(false);

  // 3. One process holds invite registration and Create User each at three steps (after the intent,
  //    between the account and its claims, after the account), and is killed there.
  const steps = [
    ['registration-intent', () => register(email('reg-intent'), codes.intent)],
    ['registration-claims', () => register(email('reg-claims'), codes.claims)],
    ['registration-account', () => register(email('reg-account'), codes.account)],
    ['create-user-intent', () => createUser(email('new-intent'))],
    ['create-user-claims', () => createUser(email('new-claims'))],
    ['create-user-account', () => createUser(email('new-account'))],
  ] as const;
  const held = launch({
    ...database,
    FAULT_PAUSE_AT: steps.map(([point]) => point).join(','),
    IDENTITY_TIMEOUT_MS: '60000',
  });
  [, url = ''] = await held.waitFor(READY, 240_000);
  let pid = '';
  for (const [point, send] of steps) {
    void send().catch(() => undefined);
    [, pid = ''] = await held.waitFor(new RegExp(`FAULT_PAUSE ${point} pid=(\\d+)`));
  }
  await killWherePaused(held, pid);
  expect(await accountsMatching(email('reg-intent'))).toEqual([]);
  expect(await accountsMatching(email('new-intent'))).toEqual([]);
  // Accounts without claims: only the create intents say they are ours.
  expect((await accountsMatching(email('reg-claims')))[0]?.customClaims).toEqual({});
  expect((await accountsMatching(email('new-claims')))[0]?.customClaims).toEqual({});
  expect((await accountsMatching(email('reg-account')))[0]?.customClaims['role']).toBe('provider');
  expect((await accountsMatching(email('new-account')))[0]?.customClaims['role']).toBe('user');

  // Restart with no fault, past the grace period for creates in flight: the start-up reconciliation runs
  // before the ready line. No pass after it (an interval of 0), so what follows is that pass's work (and the
  // outbox's), however long a busy machine takes to check it.
  await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 200));
  const last = launch({ ...database, IDENTITY_RECONCILE_INTERVAL_MS: '0' });
  [, url = ''] = await last.waitFor(READY, 240_000);
  const reconciled = last.output().indexOf(RECONCILED);
  expect(reconciled).toBeGreaterThanOrEqual(0);
  expect(reconciled).toBeLessThan(last.output().search(READY));

  expect((await real.getAccount!(savedUid))?.disabled).toBe(true);
  expect((await call(`/user/${savedUid}`)).status).toBe(404);

  // Every account the API created for this run has its user row, and they agree.
  const accounts = await accountsMatching(run);
  expect(accounts.map((account) => account.email).sort()).toEqual(
    [saved, email('reg-claims'), email('reg-account'), email('new-claims'), email('new-account')].sort(),
  );
  for (const account of accounts) {
    if (account.uid === savedUid) continue;
    const user = (await (await call(`/user/${account.uid}`)).json()) as Record<string, unknown>;
    const role = account.email?.includes('-reg-') ? 'provider' : 'user';
    expect(user).toMatchObject({ email: account.email, role: role.toUpperCase(), customClaims: { role } });
    expect({ claims: account.customClaims, disabled: account.disabled }).toEqual({
      claims: { role },
      disabled: false,
    });
  }
  const adopted = (await (await call(`/user/${await uidOf(email('new-claims'))}`)).json()) as Record<
    string,
    unknown
  >;
  expect(adopted).toMatchObject({ firstName: 'Crash', lastName: 'Test', phone: '+13105550199' });

  // The first attempts that created nothing can be made again; a retry of one the reconciler finished is
  // answered with it once (its answer was lost), and after that the email is taken.
  expect((await register(email('reg-intent'), codes.intent)).status).toBe(201);
  expect((await createUser(email('new-intent'))).status).toBe(201);
  for (const [address, code] of [
    [email('reg-claims'), codes.claims],
    [email('reg-account'), codes.account],
  ] as const) {
    expect((await register(address, code)).status).toBe(201);
    expect((await register(address, code)).status).toBe(409);
  }
  for (const address of [email('new-claims'), email('new-account')]) {
    expect((await createUser(address)).status).toBe(201);
    expect((await createUser(address)).status).toBe(409);
  }
  expect(last.output().split(RECONCILED)).toHaveLength(2);

  // Every live user with a sign-in account: the claim is the database's role.
  const list = (await (await call('/user?pageSize=all')).json()) as {
    users: { firebaseUid: string | null; role: string }[];
  };
  for (const user of list.users) {
    if (!user.firebaseUid) continue;
    const account = await real.getAccount!(user.firebaseUid);
    if (!account) continue;
    expect({ uid: user.firebaseUid, role: account.customClaims['role'], disabled: account.disabled }).toEqual(
      { uid: user.firebaseUid, role: user.role.toLowerCase(), disabled: false },
    );
  }
  last.kill('SIGTERM');
  expect((await last.exited).code).toBe(0);
}

describe('a crash between the database and the identity service, on PGlite', () => {
  const dataDir = join(ROOT, '.tmp', 'api-tests', `crash-${process.pid}`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('the identity service and the database agree after a restart', { timeout: 1_200_000 }, async () => {
    await crashAndRestart({ DATA_DIR: dataDir });
  });
});

describe.runIf(context.postgresUrl)(
  'a crash between the database and the identity service, on PostgreSQL',
  () => {
    it('the identity service and the database agree after a restart', { timeout: 1_200_000 }, async () => {
      await withPostgresMainEnv(`upkeep_api_crash_${process.pid}`, crashAndRestart);
    });
  },
);
