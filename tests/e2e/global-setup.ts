/**
 * Starts the test stack once for the browser tests: the auth emulator (fresh), the API on a fresh database
 * under .tmp/e2e-<offset> (migrated and seeded with the demo accounts) and the console built with
 * `--mode test` for these ports, served by `vite preview`. Returns the teardown that stops them.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
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
} from '../../scripts/lib/processes';
import { E2E } from './stack';

export default async function globalSetup() {
  const running: Running[] = [];
  const teardown = async () => {
    for (const process of running.reverse()) await process.stop();
  };
  try {
    for (const port of [E2E.webPort, E2E.apiPort, E2E.authPort]) {
      if (await isPortOpen(port)) throw new Error(`Port ${port} is in use; the browser tests need it free.`);
    }
    const work = join(ROOT, E2E.workDir);
    rmSync(work, { recursive: true, force: true });
    execFileSync(bin('vite'), ['build', '--mode', 'test', '--outDir', E2E.buildDir, '--logLevel', 'error'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        VITE_API_URL: E2E.apiUrl,
        VITE_FIREBASE_PROJECT_ID: E2E.projectId,
        VITE_FIREBASE_AUTH_EMULATOR_URL: `http://127.0.0.1:${E2E.authPort}`,
        VITE_EXTERNAL_ADMIN_URL: `${E2E.apiUrl}/external-admin`,
      },
    });
    running.push(
      await startAuthEmulator({
        port: E2E.authPort,
        projectId: E2E.projectId,
        workDir: join(work, 'emulator'),
      }),
    );
    const api = spawnProcess({
      name: 'api',
      command: tsx(),
      args: ['server/main.ts'],
      env: {
        APP_ENV: 'test',
        API_PORT: String(E2E.apiPort),
        DATA_DIR: join(work, 'data'),
        DATABASE_URL: undefined,
        FIREBASE_PROJECT_ID: E2E.projectId,
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${E2E.authPort}`,
        CORS_ORIGINS: `${E2E.webUrl},http://127.0.0.1:${E2E.webPort}`,
        SEED_DEMO: 'true',
        // The browser tests write much faster than a person (all from one address and a few accounts):
        // the stack's limits are set high so they test the console, not the limits (tests/api/limits.test.ts
        // does). Each can still be set from the environment.
        RATE_LIMIT_PUBLIC_PER_IP: process.env.E2E_RATE_LIMIT ?? '100000',
        RATE_LIMIT_WRITES_PER_IP: process.env.E2E_RATE_LIMIT ?? '100000',
        RATE_LIMIT_WRITES_PER_ACCOUNT: process.env.E2E_RATE_LIMIT ?? '100000',
        UPLOAD_QUOTA_BYTES: process.env.E2E_UPLOAD_QUOTA_BYTES ?? String(1024 ** 4),
      },
    });
    running.push(api);
    await waitFor('API', () => httpOk(`http://127.0.0.1:${E2E.apiPort}/health`), {
      child: api.child,
      timeoutMs: 180_000,
    });
    const web = spawnProcess({
      name: 'web',
      command: bin('vite'),
      args: [
        'preview',
        '--mode',
        'test',
        '--outDir',
        E2E.buildDir,
        '--port',
        String(E2E.webPort),
        '--strictPort',
      ],
    });
    running.push(web);
    await waitFor('console', () => httpOk(`${E2E.webUrl}/login`), { child: web.child });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
