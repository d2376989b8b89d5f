/**
 * Finding 3 of issue 9, end to end: the real server is killed (SIGKILL) between a database commit and the
 * identity call that follows it (a user save, a deletion) and between a registration's new account and its
 * database write; after a restart the identity service (the emulator) and the database agree. The test-only
 * switch FAULT_PAUSE_AT stops the process at those points so the kill lands there.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/processes';
import { startTestMain, withPostgresMainEnv, type MainProcess } from './processes';
import { context, signIn, testIdentity } from './support';

const READY = /API ready on (http:\/\/\S+)/;
const PAUSED = /FAULT_PAUSE (\S+) pid=(\d+)/;
const GRACE_MS = 2000;
const json = { 'Content-Type': 'application/json' };
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

/** Kills the server process itself (not only the tsx wrapper) where it paused, and waits for it. */
async function killWherePaused(main: MainProcess, point: string): Promise<void> {
  const [, where, pid] = await main.waitFor(PAUSED);
  expect(where).toBe(point);
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

async function crashAndRestart(database: Record<string, string>) {
  const real = testIdentity();
  const run = randomBytes(3).toString('hex');
  const savedEmail = `crash-save-${run}@upkeep.test`;
  const registeringEmail = `crash-register-${run}@upkeep.test`;
  const password = 'a-good-password';

  const first = launch(database);
  let [, url] = await first.waitFor(READY, 90_000);
  const admin = await signIn('admin@upkeep.test', 'upkeep-admin');
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, {
      ...init,
      headers: { ...json, Authorization: `Bearer ${admin}`, ...(init.headers as Record<string, string>) },
    });
  async function invite(email: string): Promise<string> {
    const providers = (await (await call('/providers')).json()) as { id: number }[];
    const response = await call('/provider/invite', {
      method: 'POST',
      body: JSON.stringify({ email, providerIdArray: [providers[0]?.id] }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { code: string }).code;
  }
  const uidOf = async (email: string) => (await real.verifyIdToken(await signIn(email, password))).uid;

  // A provider user, registered normally.
  const register = (email: string, code: string) =>
    fetch(`${url}/provider/invite/user`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password, code }),
    });
  expect((await register(savedEmail, await invite(savedEmail))).status).toBe(201);
  const savedUid = await uidOf(savedEmail);
  const pendingCode = await invite(registeringEmail);
  first.kill('SIGTERM');
  await first.exited;

  // 1. A role change commits; the process dies before the claim is written.
  const second = launch({ ...database, FAULT_PAUSE_AT: 'user-commit' });
  [, url] = await second.waitFor(READY, 90_000);
  const { version } = (await (await call(`/user/${savedUid}`)).json()) as { version: number };
  void call(`/user/${savedUid}`, {
    method: 'PUT',
    body: JSON.stringify({ email: savedEmail, role: 'USER', version }),
  }).catch(() => undefined);
  await killWherePaused(second, 'user-commit');
  expect((await real.getAccount!(savedUid))?.customClaims['role']).toBe('provider');

  // 2. After a restart the claim follows the database; then a deletion commits and the process dies
  //    before the account is disabled.
  const third = launch({ ...database, FAULT_PAUSE_AT: 'user-commit' });
  [, url] = await third.waitFor(READY, 90_000);
  expect((await real.getAccount!(savedUid))?.customClaims).toEqual({ role: 'user' });
  void call(`/user/${savedUid}`, { method: 'DELETE' }).catch(() => undefined);
  await killWherePaused(third, 'user-commit');
  expect((await real.getAccount!(savedUid))?.disabled).toBe(false);

  // 3. A registration creates its account; the process dies before the user row is written.
  const fourth = launch({ ...database, FAULT_PAUSE_AT: 'registration-account' });
  [, url] = await fourth.waitFor(READY, 90_000);
  void register(registeringEmail, pendingCode).catch(() => undefined);
  await killWherePaused(fourth, 'registration-account');
  const registeringUid = await uidOf(registeringEmail);
  expect((await real.getAccount!(registeringUid))?.customClaims['role']).toBe('provider');

  // Restart with no fault, past the grace period for registrations in flight: the start-up reconciliation
  // runs before the ready line.
  await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 200));
  const last = launch(database);
  [, url] = await last.waitFor(READY, 90_000);

  expect((await real.getAccount!(savedUid))?.disabled).toBe(true);
  expect((await call(`/user/${savedUid}`)).status).toBe(404);

  // The registration was adopted: a provider user with that account, invite used, claim without marker.
  const adopted = (await (await call(`/user/${registeringUid}`)).json()) as Record<string, unknown>;
  expect(adopted).toMatchObject({
    email: registeringEmail,
    role: 'PROVIDER',
    customClaims: { role: 'provider' },
  });
  expect((await real.getAccount!(registeringUid))?.customClaims).toEqual({ role: 'provider' });
  expect((await register(registeringEmail, pendingCode)).status).toBe(409);

  // Every live user with a sign-in account: the claim is the database's role.
  const list = (await (await call('/user?pageSize=all')).json()) as {
    users: { firebaseUid: string | null; role: string }[];
  };
  for (const user of list.users) {
    if (!user.firebaseUid) continue;
    const account = await real.getAccount!(user.firebaseUid);
    if (!account) continue;
    expect({ uid: user.firebaseUid, role: account.customClaims['role'], disabled: account.disabled }).toEqual(
      {
        uid: user.firebaseUid,
        role: user.role.toLowerCase(),
        disabled: false,
      },
    );
  }
  last.kill('SIGTERM');
  expect((await last.exited).code).toBe(0);
}

describe('a crash between the database and the identity service, on PGlite', () => {
  const dataDir = join(ROOT, '.tmp', 'api-tests', `crash-${process.pid}`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('the identity service and the database agree after a restart', { timeout: 240_000 }, async () => {
    await crashAndRestart({ DATA_DIR: dataDir });
  });
});

describe.runIf(context.postgresUrl)(
  'a crash between the database and the identity service, on PostgreSQL',
  () => {
    it('the identity service and the database agree after a restart', { timeout: 240_000 }, async () => {
      await withPostgresMainEnv(`upkeep_api_crash_${process.pid}`, crashAndRestart);
    });
  },
);
