/**
 * Starts the reference API (server/run.ts) with the validated environment, refusing unsafe combinations
 * (server/env.ts). `npm run dev:api`; `npm start` runs it with the emulator and the console.
 */
import { readEnv } from './env';
import { exitOnFailure } from './exit';
import { run } from './run';

try {
  await run(readEnv());
} catch (error) {
  exitOnFailure(error);
}
