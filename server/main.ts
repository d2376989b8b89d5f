/**
 * Starts the reference API: validated env (refusing unsafe combinations), database (PGlite in
 * DATA_DIR/db, or DATABASE_URL), migrations, demo seed when SEED_DEMO, then HTTP on API_HOST:API_PORT.
 * SIGINT/SIGTERM close the server and the database, then exit 0.
 */
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { migrate, openDatabase, redact, type DatabaseHandle } from './db/client';
import { seed, seedIdentities } from './db/seed';
import { readEnv } from './env';
import { createFirebaseIdentity } from './identity';

async function main(): Promise<void> {
  const env = readEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: join(env.DATA_DIR, 'db') },
  );
  try {
    await start(env, database);
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function start(env: ReturnType<typeof readEnv>, database: DatabaseHandle): Promise<void> {
  const where = env.DATABASE_URL ? redact(env.DATABASE_URL) : join(env.DATA_DIR, 'db');
  await migrate(database);
  const identity = createFirebaseIdentity({ projectId: env.FIREBASE_PROJECT_ID });
  if (env.SEED_DEMO) {
    const inserted = await seed(database.db, { now: new Date() });
    await seedIdentities(database.db, identity);
    console.log(inserted > 0 ? `Seeded demo data (${inserted} rows)` : 'Demo data already present');
  }

  const app = createApp({ db: database.db, engine: database.engine, identity, env });
  const server = serve({ fetch: app.fetch, hostname: env.API_HOST, port: env.API_PORT }, (info) => {
    console.log(
      `API ready on http://${env.API_HOST}:${info.port} (${database.engine} at ${where}, ${env.APP_ENV})`,
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
    server.close((serverError) => {
      database.close().then(
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.name !== 'EnvError' && error.name !== 'LockedError')
    console.error(error);
  process.exit(1);
});
