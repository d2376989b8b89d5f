/**
 * A crash (kill -9 of the API process and of everything it started) in the middle of provider onboarding,
 * which saves the credentials, then the location, then the provider that points at both. Five onboardings
 * are under way when the process dies: stopped after the credentials, after the location, finished, left to
 * be finished after the restart, and one whose provider request is in flight. Then:
 *
 * - every scheduling-system password stored meanwhile is encrypted (never the plain text, in the database or
 *   in the process's output), and opens to what was sent;
 * - restarted within the grace period (ONBOARDING_ORPHAN_GRACE_MS, the sweep's test seam), nothing is swept,
 *   and the wizard's retry adopts what it left (its provider now points at them);
 * - restarted past the grace period, the start-up sweep deletes exactly the credentials and locations no
 *   provider points at, says so in one log line, and keeps the finished and adopted onboardings.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/processes';
import { openDatabase, type Db } from '../../server/db/client';
import * as t from '../../server/db/schema';
import { openSecret } from '../../server/onboarding/secrets';
import { endProcessTree, startTestMain, withPostgresMainEnv, type MainProcess } from './processes';
import { context, signIn } from './support';

const READY = /API ready on (http:\/\/\S+)/;
const SWEPT = 'Onboarding sweep: deleted credentials and locations no provider points at';
/** Longer than the whole test: a restart within the grace period. */
const LONG_GRACE_MS = 600_000;
/** Shorter than the time between the crash and the last restart. */
const SHORT_GRACE_MS = 1_000;
const json = { 'Content-Type': 'application/json' };
const started: MainProcess[] = [];

afterEach(async () => {
  for (const main of started.splice(0)) await endProcessTree(main, 'SIGKILL');
});

function launch(env: Record<string, string>, graceMs: number): MainProcess {
  const main = startTestMain({
    ...env,
    ONBOARDING_ORPHAN_GRACE_MS: String(graceMs),
    // The start-up pass only: each restart's sweep is the one under test.
    ONBOARDING_SWEEP_INTERVAL_MS: '0',
  });
  started.push(main);
  return main;
}

/** A clean stop (SIGTERM), so the database can be opened by the test afterwards. */
async function stop(main: MainProcess): Promise<void> {
  expect((await endProcessTree(main, 'SIGTERM')).code).toBe(0);
}

/** The server's database, opened by the test while no server has it open. */
async function inDatabase<T>(env: Record<string, string>, work: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase(
    env['DATABASE_URL'] ? { databaseUrl: env['DATABASE_URL'] } : { dataDir: join(env['DATA_DIR']!, 'db') },
  );
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

interface Onboarding {
  name: string;
  password: string;
  credentialsId: number;
  locationId?: number;
}

async function crashDuringOnboarding(database: Record<string, string>) {
  const run = randomBytes(3).toString('hex');
  let url = '';
  const provider = await signIn('provider@upkeep.test', 'upkeep-provider');
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { ...json, Authorization: `Bearer ${provider}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const created = async (path: string, body: unknown): Promise<number> => {
    const response = await send('POST', path, body);
    const answer = (await response.json()) as { id: number };
    expect(response.status, `POST ${path}: ${JSON.stringify(answer)}`).toBe(201);
    return answer.id;
  };
  /** The console's steps, as far as `until`. */
  async function onboard(name: string, until: 'credentials' | 'location' | 'provider'): Promise<Onboarding> {
    const password = `crash-password-${name}-${run}`;
    const credentialsId = await created('/credentials', {
      strategy: 'MINDBODY',
      username: `owner-${name}`,
      password,
      siteId: '-99',
    });
    const done: Onboarding = { name, password, credentialsId };
    if (until === 'credentials') return done;
    done.locationId = await created('/locations', {
      streetAddress: `${name.length} Crash St`,
      city: 'Boise',
      state: 'ID',
    });
    if (until === 'provider') await created('/providers', providerOf(done));
    return done;
  }
  const providerOf = ({ name, credentialsId, locationId }: Onboarding) => ({
    name: `Crash ${name} ${run}`,
    credentialsId,
    locationId,
  });

  // 1. Five onboardings; the process dies with the last one's provider request in flight.
  const first = launch(database, LONG_GRACE_MS);
  [, url = ''] = await first.waitFor(READY, 240_000);
  const afterCredentials = await onboard('after-credentials', 'credentials');
  const afterLocation = await onboard('after-location', 'location');
  const finished = await onboard('finished', 'provider');
  const resumed = await onboard('resumed', 'location');
  const inFlight = await onboard('in-flight', 'location');
  const all = [afterCredentials, afterLocation, finished, resumed, inFlight];
  void send('POST', '/providers', providerOf(inFlight)).catch(() => undefined);
  await endProcessTree(first, 'SIGKILL');

  const credentialsIds = all.map((onboarding) => onboarding.credentialsId);
  const locationIds = all.flatMap((onboarding) => (onboarding.locationId ? [onboarding.locationId] : []));
  const stored = (db: Db) =>
    Promise.all([
      db.select().from(t.credentials).where(inArray(t.credentials.id, credentialsIds)),
      db.select({ id: t.locations.id }).from(t.locations).where(inArray(t.locations.id, locationIds)),
      db
        .select({ name: t.providers.name, credentialsId: t.providers.credentialsId })
        .from(t.providers)
        .where(inArray(t.providers.credentialsId, credentialsIds)),
    ]);
  /** Every stored password of the run is sealed, and opens to what was sent. */
  const expectSealed = (rows: (typeof t.credentials.$inferSelect)[]) => {
    for (const row of rows) {
      const sent = all.find((onboarding) => onboarding.credentialsId === row.id)!.password;
      expect(row.password).toMatch(/^v1:[0-9a-f]{8}:/);
      expect(row.password).not.toContain(sent);
      expect(openSecret(row.password ?? '')).toBe(sent);
      expect(JSON.stringify(row)).not.toContain(sent);
    }
  };

  const [credentialsAfterCrash, locationsAfterCrash, providersAfterCrash] = await inDatabase(
    database,
    stored,
  );
  expect(credentialsAfterCrash.map((row) => row.id).sort()).toEqual([...credentialsIds].sort());
  expect(locationsAfterCrash).toHaveLength(locationIds.length);
  expectSealed(credentialsAfterCrash);
  // The in-flight provider either committed before the kill or not at all.
  const names = providersAfterCrash.map((row) => row.name);
  expect(names.filter((name) => name !== providerOf(inFlight).name)).toEqual([providerOf(finished).name]);

  // 2. Restarted within the grace period: nothing is swept, and the wizard's retry adopts what it left.
  const second = launch(database, LONG_GRACE_MS);
  [, url = ''] = await second.waitFor(READY, 240_000);
  expect(second.output()).not.toContain(SWEPT);
  for (const { credentialsId } of all)
    expect((await send('GET', `/credentials/${credentialsId}`)).status).toBe(200);
  await created('/providers', providerOf(resumed));
  await stop(second);
  const [credentialsWithin, locationsWithin] = await inDatabase(database, stored);
  expect(credentialsWithin).toHaveLength(credentialsIds.length);
  expect(locationsWithin).toHaveLength(locationIds.length);

  // 3. Restarted past the grace period: the start-up sweep (before the ready line) deletes the orphans.
  const third = launch(database, SHORT_GRACE_MS);
  [, url = ''] = await third.waitFor(READY, 240_000);
  const inFlightAdopted = names.includes(providerOf(inFlight).name);
  const kept = [finished, resumed, ...(inFlightAdopted ? [inFlight] : [])];
  const orphans = all.filter((onboarding) => !kept.includes(onboarding));
  const sweepLine = third
    .output()
    .split('\n')
    .filter((line) => line.includes(SWEPT))
    .map((line) => JSON.parse(line) as { credentials: number[]; locations: number[]; graceMs: number });
  expect(sweepLine).toHaveLength(1);
  expect(sweepLine[0]?.graceMs).toBe(SHORT_GRACE_MS);
  const swept = sweepLine[0]!;
  for (const orphan of orphans) {
    expect(swept.credentials).toContain(orphan.credentialsId);
    if (orphan.locationId) expect(swept.locations).toContain(orphan.locationId);
  }
  for (const adopted of kept) {
    expect(swept.credentials).not.toContain(adopted.credentialsId);
    expect(swept.locations).not.toContain(adopted.locationId);
  }
  for (const orphan of orphans)
    expect((await send('GET', `/credentials/${orphan.credentialsId}`)).status).toBe(404);
  for (const adopted of kept)
    expect((await send('GET', `/credentials/${adopted.credentialsId}`)).status).toBe(200);
  const outputs = [first, second, third].map((main) => main.output()).join('\n');
  await stop(third);

  const [credentialsAfter, locationsAfter, providersAfter] = await inDatabase(database, stored);
  expect(credentialsAfter.map((row) => row.id).sort()).toEqual(kept.map((k) => k.credentialsId).sort());
  expect(locationsAfter.map((row) => row.id).sort()).toEqual(kept.map((k) => k.locationId!).sort());
  expect(providersAfter.map((row) => row.name).sort()).toEqual(kept.map((k) => providerOf(k).name).sort());
  expectSealed(credentialsAfter);
  // No password reached the process's log either.
  for (const { password } of all) expect(outputs).not.toContain(password);
}

describe('a crash during provider onboarding, on PGlite', () => {
  const dataDir = join(ROOT, '.tmp', 'api-tests', `onboarding-crash-${process.pid}`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'orphans are kept within the grace period, then swept; secrets stay sealed',
    { timeout: 900_000 },
    async () => {
      await crashDuringOnboarding({ DATA_DIR: dataDir });
    },
  );
});

describe.runIf(context.postgresUrl)('a crash during provider onboarding, on PostgreSQL', () => {
  it(
    'orphans are kept within the grace period, then swept; secrets stay sealed',
    { timeout: 900_000 },
    async () => {
      await withPostgresMainEnv(`upkeep_api_onboarding_crash_${process.pid}`, crashDuringOnboarding);
    },
  );
});
