/**
 * The real entry point end to end: start on a fresh PGlite directory (migrate, seed, demo accounts), serve,
 * refuse a second process on the same directory, stop cleanly on SIGTERM, and restart without re-seeding.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/processes';
import { startTestMain, withPostgresMainEnv, type MainProcess } from './processes';
import { context, signIn } from './support';

const READY = /API ready on (http:\/\/\S+)/;
/**
 * How long a start may take before it counts as hung: a first start migrates and seeds a new database and
 * makes the demo accounts, which on a loaded 2-core machine has taken 89 s. Start-up time is the bench's.
 */
const HANG = 180_000;
const started: MainProcess[] = [];

function launch(env: Record<string, string>): MainProcess {
  const main = startTestMain(env);
  started.push(main);
  return main;
}

afterEach(async () => {
  for (const main of started.splice(0)) {
    main.kill('SIGKILL');
    await main.exited;
  }
});

describe('server/main.ts on PGlite', () => {
  const dataDir = join(ROOT, '.tmp', 'api-tests', `main-${process.pid}`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'starts, serves, owns its data directory, stops on SIGTERM and restarts without re-seeding',
    async () => {
      const first = launch({ DATA_DIR: dataDir });
      const [, url] = await first.waitFor(READY, HANG);
      expect(first.output()).toMatch(/Seeded demo data \(\d+ rows\)/);
      const health = await fetch(`${url}/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite', limits: 'ok' });

      // The demo admin can use the API straight away.
      const token = await signIn('admin@upkeep.test', 'upkeep-admin');
      expect(
        (await fetch(`${url}/svc-category`, { headers: { Authorization: `Bearer ${token}` } })).status,
      ).toBe(200);

      const second = launch({ DATA_DIR: dataDir });
      expect((await second.exited).code).not.toBe(0);
      expect(second.output()).toMatch(/already in use by process \d+/);
      expect(existsSync(join(dataDir, 'db.lock'))).toBe(true);

      first.kill('SIGTERM');
      expect(await first.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(join(dataDir, 'db.lock'))).toBe(false);

      const again = launch({ DATA_DIR: dataDir });
      await again.waitFor(READY, HANG);
      expect(again.output()).toContain('Demo data already present');
      again.kill('SIGINT');
      expect((await again.exited).code).toBe(0);
      // Three starts of a real process, the first creating a database: a limit for a hang, not a timing.
    },
    3 * HANG,
  );
});

describe.runIf(context.postgresUrl)('server/main.ts on PostgreSQL', () => {
  it(
    'migrates, seeds and serves from DATABASE_URL',
    async () => {
      await withPostgresMainEnv(`upkeep_api_main_${process.pid}`, async (env) => {
        const main = launch(env);
        const [, apiUrl] = await main.waitFor(READY, HANG);
        expect(await (await fetch(`${apiUrl}/health`)).json()).toEqual({
          status: 'ok',
          database: 'postgres',
          limits: 'ok',
        });
        // MINDBODY goes through its real client to the stand-in on this API, over HTTP at its own address.
        const token = await signIn('provider@upkeep.test', 'upkeep-provider');
        const found = await fetch(`${apiUrl}/strategies/fetch/locations`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            strategy: 'MINDBODY',
            username: 'Siteowner',
            password: 'apitest1234',
            siteId: '-99',
          }),
        });
        expect(found.status).toBe(200);
        expect(((await found.json()) as { id: string }[]).map((location) => location.id)).toEqual([
          'mb-1',
          'mb-2',
        ]);
        const standin = main
          .output()
          .split('\n')
          .filter((line) => line.includes('"path":"/standins/mindbody/public/v6/usertoken/issue"'));
        // A request that came over a socket carries the sender's User-Agent; one handed over in process has none.
        expect(standin).toEqual([expect.stringContaining('"userAgent":"node"')]);
        expect(main.output()).not.toContain('apitest1234');
        main.kill('SIGTERM');
        expect((await main.exited).code).toBe(0);
      });
    },
    2 * HANG,
  );
});
