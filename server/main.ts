/**
 * Starts the reference API (server/run.ts) with the validated environment, refusing unsafe combinations
 * (server/env.ts), and production without its real services (`assertProductionServices`). `npm run dev:api`; `npm start` runs it with the emulator and the console.
 */
import { readEnv } from './env';
import { assertProductionServices } from './production-services';
import { exitOnFailure } from './exit';
import { run } from './run';

try {
  const env = readEnv();
  assertProductionServices(env);
  await run(env);
} catch (error) {
  exitOnFailure(error);
}
