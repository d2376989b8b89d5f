/**
 * Starts the test stack once for the browser tests: the auth emulator (fresh), the API on a fresh database
 * under .tmp/e2e-<offset> (migrated and seeded with the demo accounts) and the console built with
 * `--mode test` for these ports (unless `npm test` has just built it: E2E_PREBUILT), served by
 * `vite preview`. Returns the teardown that stops them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
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
import type { FullConfig } from '@playwright/test';
import { saveAdminSession } from './sessions';
import { E2E, E2E_BUILD_ARGS, E2E_BUILD_ENV, E2E_PREBUILT_VARIABLE } from './stack';

export default async function globalSetup(config: FullConfig) {
  const running: Running[] = [];
  const teardown = async () => {
    for (const process of running.reverse()) await process.stop();
  };
  try {
    for (const port of [E2E.webPort, E2E.apiPort, E2E.authPort]) {
      if (await isPortOpen(port)) throw new Error(`Port ${port} is in use; the browser tests need it free.`);
    }
    const work = join(ROOT, E2E.workDir);
    const prebuilt =
      process.env[E2E_PREBUILT_VARIABLE] === '1' && existsSync(join(ROOT, E2E.buildDir, 'index.html'));
    if (prebuilt) {
      // A fresh start, keeping the build just made.
      const build = join(ROOT, E2E.buildDir);
      for (const part of readdirSync(work).map((name) => join(work, name))) {
        if (part !== build) rmSync(part, { recursive: true, force: true });
      }
    } else {
      rmSync(work, { recursive: true, force: true });
      execFileSync(bin('vite'), [...E2E_BUILD_ARGS, '--logLevel', 'error'], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, ...E2E_BUILD_ENV },
      });
    }
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
      logFile: join(ROOT, E2E.apiLog),
      env: {
        APP_ENV: 'test',
        API_PORT: String(E2E.apiPort),
        DATA_DIR: join(ROOT, E2E.dataDir),
        DATABASE_URL: undefined,
        FIREBASE_PROJECT_ID: E2E.projectId,
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${E2E.authPort}`,
        CORS_ORIGINS: `${E2E.webUrl},http://127.0.0.1:${E2E.webPort},${E2E.devWebUrl}`,
        SEED_DEMO: 'true',
        // The browser tests write much faster than a person (all from one address and a few accounts):
        // the stack's limits are set high so they test the console, not the limits (tests/api/limits.test.ts
        // does). Each can still be set from the environment.
        RATE_LIMIT_PUBLIC_PER_IP: process.env.E2E_RATE_LIMIT ?? '100000',
        RATE_LIMIT_WRITES_PER_IP: process.env.E2E_RATE_LIMIT ?? '100000',
        RATE_LIMIT_WRITES_PER_ACCOUNT: process.env.E2E_RATE_LIMIT ?? '100000',
        RATE_LIMIT_READS_PER_IP: process.env.E2E_RATE_LIMIT ?? '100000',
        RATE_LIMIT_READS_PER_ACCOUNT: process.env.E2E_RATE_LIMIT ?? '100000',
        RATE_LIMIT_TOKEN_FAILURES_PER_IP: process.env.E2E_RATE_LIMIT ?? '100000',
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
    await saveAdminSession(config);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
