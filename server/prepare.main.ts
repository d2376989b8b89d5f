/**
 * The first start's database set-up in a process of its own (server/prepare.ts): opens the PGlite directory
 * of the environment, prepares it, closes it and exits 0, or prints why it failed and exits 1.
 */
import { join } from 'node:path';
import { openDatabase } from './db/client';
import { readEnv } from './env';
import { createFirebaseIdentity } from './identity';
import { withTimeout } from './identity-outage';
import { prepare } from './prepare';
import { exitOnFailure } from './exit';

try {
  const env = readEnv();
  const database = await openDatabase({ dataDir: join(env.DATA_DIR, 'db') });
  try {
    const identity = withTimeout(
      createFirebaseIdentity({ projectId: env.FIREBASE_PROJECT_ID }),
      env.IDENTITY_TIMEOUT_MS,
    );
    await prepare(env, database, identity);
  } finally {
    await database.close();
  }
  process.exit(0);
} catch (error) {
  exitOnFailure(error);
}
