/**
 * Runs the reference API (server/main.ts) or the production server (server/serve.ts): database (PGlite in
 * DATA_DIR/db, or DATABASE_URL), migrations, demo seed when SEED_DEMO, rate limit counters (memory or Redis),
 * upload storage (local or S3) and its sweeper, then HTTP on API_HOST:API_PORT. SIGINT/SIGTERM close the
 * server, the database and Redis, then exit 0.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp, type App } from './app';
import { openDatabase, postgresSettings, redact, type DatabaseHandle } from './db/client';
import type { Env } from './env';
import { createLog } from './http/log';
import { accountAdmin, createFirebaseIdentity, type Identity } from './identity';
import { withTimeout } from './identity-outage';
import { createIdentityOutbox } from './identity-sync/outbox';
import { createReconciler, reconcileAccounts } from './identity-sync/reconciler';
import { counterStoreFromEnv } from './limits/store';
import { prepare, prepareInChild } from './prepare';
import { uploadStorageFromEnv } from './uploads/storage';
import { startUploadSweeper } from './uploads/sweep';
import { credentialKeysFromEnv, useCredentialKeys } from './onboarding/secrets';
import { useSandboxStateKey } from './http/sandbox-state';
import { startOnboardingSweeper } from './onboarding/sweep';

export interface RunOptions {
  /** What is served: the API itself by default; the production server wraps it (server/serve.ts). */
  wrap?: (api: App) => Hono;
  /** The ready line's first words. */
  name?: string;
  /** Where `wrap` serves the API (server/serve.ts: /api), for the API's calls to its own stand-ins. */
  apiPrefix?: string;
}

/** How this process reaches itself: a wildcard listen address is reached on loopback. */
export function selfOrigin(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** How long the API waits at start for an auth emulator that is still starting. */
export const EMULATOR_WAIT_MS = 120_000;

/** Resolves once the auth emulator at `host` answers; refuses to start after EMULATOR_WAIT_MS without it. */
export async function emulatorAnswers(host: string, waitMs = EMULATOR_WAIT_MS): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      const answer = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2_000) });
      await answer.arrayBuffer();
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until)
      throw new Error(
        `Refusing to start: the auth emulator at ${host} did not answer in ${waitMs / 1000} s.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function run(env: Env, options: RunOptions = {}): Promise<void> {
  // Stored scheduling-system secrets are sealed with CREDENTIALS_KEY; production refuses to start without it.
  const credentialKeys = credentialKeysFromEnv(env);
  useCredentialKeys(credentialKeys);
  // The sandbox pages' states are signed with a key derived from it, shared by every instance.
  useSandboxStateKey(credentialKeys.current.bytes);
  const open = () =>
    openDatabase(
      env.DATABASE_URL
        ? { databaseUrl: env.DATABASE_URL, postgres: postgresSettings(env) }
        : { dataDir: join(env.DATA_DIR, 'db') },
    );
  // The auth emulator may still be starting beside the API (npm start starts both at once): the first
  // identity calls are made once it answers, and each keeps its usual time limit. The database opens
  // meanwhile.
  const emulator = env.FIREBASE_AUTH_EMULATOR_HOST
    ? emulatorAnswers(env.FIREBASE_AUTH_EMULATOR_HOST)
    : Promise.resolve();
  // Awaited below; a refusal while the database opens is not left unhandled meanwhile.
  emulator.catch(() => undefined);
  // A new PGlite directory is created, migrated and seeded by a child process (server/prepare.ts), so this
  // one then opens it as on a restart and runs at its steady size.
  if (!env.DATABASE_URL && !existsSync(join(env.DATA_DIR, 'db', 'PG_VERSION'))) {
    await emulator;
    await prepareInChild();
  }
  const database = await open();
  try {
    await emulator;
    const identity = withTimeout(
      createFirebaseIdentity({ projectId: env.FIREBASE_PROJECT_ID }),
      env.IDENTITY_TIMEOUT_MS,
    );
    await prepare(env, database, identity);
    await start(env, database, identity, options);
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function start(
  env: Env,
  database: DatabaseHandle,
  identity: Identity,
  options: RunOptions,
): Promise<void> {
  const where = env.DATABASE_URL ? redact(env.DATABASE_URL) : join(env.DATA_DIR, 'db');
  const log = createLog();

  const counters = await counterStoreFromEnv(env);
  const storage = await uploadStorageFromEnv(env);
  const sweeper = await startUploadSweeper({
    db: database.db,
    storage,
    graceMs: env.UPLOAD_ORPHAN_GRACE_SECONDS * 1000,
    intervalMs: env.UPLOAD_SWEEP_INTERVAL_SECONDS * 1000,
    log,
  });
  // Credentials and locations a half-finished onboarding left behind (server/onboarding/sweep.ts).
  const onboarding = await startOnboardingSweeper({
    db: database.db,
    graceMs: env.ONBOARDING_ORPHAN_GRACE_MS,
    intervalMs: env.ONBOARDING_SWEEP_INTERVAL_MS,
    log,
  });
  // The identity service follows the database: changes still to apply (outbox), and a full comparison at
  // start-up and every IDENTITY_RECONCILE_INTERVAL_MS (server/identity-sync/).
  const outbox = createIdentityOutbox({
    db: database.db,
    accounts: accountAdmin(identity),
    log,
    pollMs: env.IDENTITY_OUTBOX_POLL_MS,
    faultPauseAt: env.FAULT_PAUSE_AT,
  });
  const reconciler = createReconciler(
    database.db,
    reconcileAccounts(identity),
    outbox,
    log,
    env.IDENTITY_ORPHAN_GRACE_MS,
  );
  await reconciler.runOnce().catch((error: unknown) => {
    log.error({ err: error }, 'Reconciler: the start-up pass failed; the next pass will try again');
  });
  outbox.start();
  reconciler.start(env.IDENTITY_RECONCILE_INTERVAL_MS);

  // The outside systems' stand-ins are called over HTTP at this API's own address, once it listens.
  let self = '';
  const app = createApp({
    selfUrl: () => self,
    db: database.db,
    engine: database.engine,
    identity,
    env,
    counters,
    storage,
    log,
    outbox,
  });
  const served = options.wrap ? options.wrap(app) : app;
  const server = serve({ fetch: served.fetch, hostname: env.API_HOST, port: env.API_PORT }, (info) => {
    self = `${selfOrigin(env.API_HOST, info.port)}${options.apiPrefix ?? ''}`;
    console.log(
      `${options.name ?? 'API'} ready on http://${env.API_HOST}:${info.port} (${database.engine} at ${where}, ${env.APP_ENV}; ` +
        `uploads on ${storage.kind}, limits in ${counters.kind}) in ${(performance.now() / 1000).toFixed(1)} s, ` +
        `${Math.round(process.memoryUsage().rss / 2 ** 20)} MB resident`,
    );
  });
  server.on('error', (error) => {
    console.error(`API could not listen on ${env.API_HOST}:${env.API_PORT}: ${error.message}`);
    void database.close().finally(() => process.exit(1));
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the API`);
    // Keep-alive connections would hold close() open; they have nothing in flight worth waiting for.
    if ('closeAllConnections' in server) server.closeAllConnections();
    sweeper.stop();
    server.close((serverError) => {
      storage.close();
      Promise.all([outbox.stop(), reconciler.stop(), onboarding.stop()])
        .then(() => Promise.all([database.close(), counters.close()]))
        .then(
          () => process.exit(serverError ? 1 : 0),
          (dbError: unknown) => {
            console.error('Closing the database failed:', dbError);
            process.exit(1);
          },
        );
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
