/**
 * Production mode: `npm run build`, then `npm run serve`. One process and one port serve the built console
 * (CONSOLE_DIR, default dist/) and the API under /api, with strict security headers (server/production.ts).
 *
 * It refuses to start without a real identity configuration: no Auth emulator, a Firebase project id of a
 * real project (not the emulator-only demo-*), and service account credentials (GOOGLE_APPLICATION_CREDENTIALS,
 * a readable file). The one exception is for tests: APP_ENV=test with the emulator (on loopback only, as
 * server/env.ts enforces), announced on start. In production it also needs CORS_ORIGINS and the real outside
 * services, or DEMO_SANDBOXES=true (`assertProductionServices` in server/env.ts).
 */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { EnvError, readEnv, REPO_ROOT, type Env } from './env';
import { assertProductionServices } from './production-services';
import { API_PREFIX, productionApp } from './production';
import { exitOnFailure } from './exit';
import { run } from './run';

type Source = Record<string, string | undefined>;

/** Throws an EnvError saying what is missing for a production start. */
export function assertProductionIdentity(env: Env, source: Source): void {
  if (env.APP_ENV === 'test') return;
  const problems: string[] = [];
  if (env.APP_ENV !== 'production')
    problems.push(`APP_ENV is '${env.APP_ENV}' (must be production or unset)`);
  if (env.FIREBASE_AUTH_EMULATOR_HOST !== undefined)
    problems.push('FIREBASE_AUTH_EMULATOR_HOST is set (emulator tokens are unsigned)');
  if (!source.FIREBASE_PROJECT_ID?.trim() || env.FIREBASE_PROJECT_ID.startsWith('demo-'))
    problems.push(
      `FIREBASE_PROJECT_ID must name your Firebase project (got ${source.FIREBASE_PROJECT_ID?.trim() ? `'${env.FIREBASE_PROJECT_ID}', an emulator-only demo project` : 'nothing'})`,
    );
  const credentials = source.GOOGLE_APPLICATION_CREDENTIALS?.trim();
  if (!credentials)
    problems.push('GOOGLE_APPLICATION_CREDENTIALS must be the path of a service account key file');
  else if (!existsSync(credentials) || !statSync(credentials).isFile())
    problems.push(`GOOGLE_APPLICATION_CREDENTIALS names no readable file (${credentials})`);
  if (problems.length > 0) {
    throw new EnvError(
      `Refusing to start in production mode without a real identity configuration: ${problems.join('; ')}.`,
    );
  }
}

function consoleDir(source: Source): string {
  const dir = source.CONSOLE_DIR?.trim() || 'dist';
  const absolute = isAbsolute(dir) ? dir : resolve(REPO_ROOT, dir);
  if (!existsSync(join(absolute, 'index.html'))) {
    throw new EnvError(
      `No built console in ${absolute} (index.html is missing): run \`npm run build\` first.`,
    );
  }
  return absolute;
}

try {
  const env = readEnv();
  assertProductionIdentity(env, process.env);
  assertProductionServices(env, process.env);
  const dir = consoleDir(process.env);
  if (env.APP_ENV === 'test') {
    console.warn('TEST MODE: APP_ENV=test, identity from the Auth emulator. Never use this in production.');
  }
  await run(env, {
    name: 'Console and API',
    apiPrefix: API_PREFIX,
    wrap: (api) =>
      productionApp(api, {
        consoleDir: dir,
        firebaseProjectId: env.FIREBASE_PROJECT_ID,
        emulatorOrigin: env.FIREBASE_AUTH_EMULATOR_HOST
          ? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`
          : undefined,
      }),
  });
  console.log(
    `The API answers under ${API_PREFIX}; build the console with VITE_API_URL=<this origin>${API_PREFIX}.`,
  );
} catch (error) {
  exitOnFailure(error);
}
