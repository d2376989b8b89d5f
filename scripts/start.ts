/**
 * `npm start`: the Firebase Auth emulator, the reference API (migrating and seeding as needed) and the console,
 * each waited for, then the URL, the time each part and the whole stack took to be ready, and the demo
 * accounts. Ctrl-C stops all three; accounts are exported to .data/auth and the database lives in .data/db, so
 * data survives a restart.
 *
 * The console's development server and the API start beside the emulator. The API loads and opens its
 * database meanwhile, and waits for the emulator to answer before it calls it (the demo accounts, then the
 * accounts' start-up comparison: server/run.ts); each identity call keeps its usual time limit, so a stalled
 * emulator is answered in seconds, as in production.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  bin,
  httpOk,
  isPortOpen,
  ROOT,
  spawnProcess,
  startAuthEmulator,
  tsx,
  waitFor,
  type Running,
} from './lib/processes';

const ports = {
  web: Number(process.env.WEB_PORT ?? 5173),
  api: Number(process.env.API_PORT ?? 8787),
  auth: Number(process.env.AUTH_EMULATOR_PORT ?? 9099),
};
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-upkeep';
const dataDir = process.env.DATA_DIR ?? join(ROOT, '.data');

export const DEMO_ACCOUNTS = [
  ['admin@upkeep.test', 'upkeep-admin', 'admin'],
  ['provider@upkeep.test', 'upkeep-provider', 'provider (one MANUAL provider)'],
  ['multi@upkeep.test', 'upkeep-multi', 'provider (two providers)'],
  ['customer@upkeep.test', 'upkeep-customer', 'user (refused by the console)'],
] as const;

const running: Running[] = [];
/** Parts still starting: stopped once they are up (a part's start that failed has nothing to stop). */
const starting: Promise<unknown>[] = [];
let stopping = false;

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await Promise.allSettled(starting);
  for (const process of [...running].reverse()) await process.stop();
  process.exit(code);
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const begun = Date.now();
  const firstStart = !existsSync(join(dataDir, 'db', 'PG_VERSION')) && !process.env.DATABASE_URL;
  for (const [name, port] of Object.entries(ports)) {
    if (await isPortOpen(port)) {
      throw new Error(
        `Port ${port} (${name}) is already in use. Stop whatever uses it, or choose another port with ` +
          `${name === 'web' ? 'WEB_PORT' : name === 'api' ? 'API_PORT' : 'AUTH_EMULATOR_PORT'}.`,
      );
    }
  }
  console.log(
    `Starting the auth emulator on 127.0.0.1:${ports.auth} and the console on http://localhost:${ports.web}…`,
  );
  const web = spawnProcess({
    name: 'web',
    command: bin('vite'),
    args: ['--port', String(ports.web), '--strictPort'],
    env: {
      WEB_PORT: String(ports.web),
      VITE_API_URL: `http://localhost:${ports.api}`,
      VITE_FIREBASE_PROJECT_ID: projectId,
      VITE_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${ports.auth}`,
    },
  });
  running.push(web);
  const consoleReady = waitFor('console', () => httpOk(`http://localhost:${ports.web}/`), {
    child: web.child,
  }).then(() => console.log(`Console ready in ${seconds(begun)}`));
  starting.push(consoleReady);

  // The API starts beside the emulator: it loads and opens its database meanwhile, and makes its first
  // identity calls once the emulator answers (server/run.ts).
  const authReady = startAuthEmulator({
    port: ports.auth,
    projectId,
    workDir: join(dataDir, 'emulator'),
    persistDir: join(dataDir, 'auth'),
  }).then((auth) => {
    running.push(auth);
    console.log(`Auth emulator ready in ${seconds(begun)}`);
  });
  starting.push(authReady);

  console.log(`Starting the API on http://localhost:${ports.api} (migrating and seeding as needed)…`);
  const api = spawnProcess({
    name: 'api',
    command: tsx(),
    args: ['server/main.ts'],
    echo: true,
    env: {
      APP_ENV: 'development',
      API_PORT: String(ports.api),
      DATA_DIR: dataDir,
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      CORS_ORIGINS: `http://localhost:${ports.web},http://127.0.0.1:${ports.web}`,
    },
  });
  running.push(api);
  await authReady;
  await waitFor('API', () => httpOk(`http://127.0.0.1:${ports.api}/health`), {
    child: api.child,
    timeoutMs: 180_000,
  });
  console.log(`API ready in ${seconds(begun)}`);
  await consoleReady;

  for (const process of running) {
    process.child.once('exit', (code) => {
      if (stopping) return;
      console.error(`${process.name} stopped unexpectedly (exit ${code}); stopping the rest.`);
      void stopAll(1);
    });
  }

  const width = Math.max(...DEMO_ACCOUNTS.map(([email]) => email.length));
  console.log(`
Upkeep Console is running: http://localhost:${ports.web} (the whole stack ready in ${seconds(begun)}${firstStart ? ', first start: database created and seeded' : ''})
  API            http://localhost:${ports.api}
  Auth emulator  http://127.0.0.1:${ports.auth}

Demo accounts:
${DEMO_ACCOUNTS.map(([email, password, role]) => `  ${email.padEnd(width)}  ${password.padEnd(16)}  ${role}`).join('\n')}

Press Ctrl-C to stop.`);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stopAll(1);
});
