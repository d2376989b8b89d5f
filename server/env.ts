/**
 * The API's configuration, read once at start-up from environment variables and validated, so a typo fails
 * loudly with the variable's name instead of surfacing later as a strange runtime error.
 * An empty variable counts as unset.
 */
import { isAbsolute, resolve } from 'node:path';
import * as v from 'valibot';

export const REPO_ROOT = resolve(import.meta.dirname, '..');

const APP_ENVS = ['development', 'test', 'production'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

const booleanText = v.pipe(
  v.picklist(['true', 'false'], `must be 'true' or 'false'`),
  v.transform((text) => text === 'true'),
);

const origin = v.pipe(
  v.string(),
  v.regex(
    /^https?:\/\/[^/\s,]+$/,
    'each origin must look like http://host:port (no path, no trailing slash)',
  ),
);

const EnvSchema = v.object({
  // Unset means production: the safe assumption for anything that forgot to say what it is.
  APP_ENV: v.optional(v.picklist(APP_ENVS, `must be one of ${APP_ENVS.join(', ')}`), 'production'),
  API_HOST: v.optional(
    v.pipe(v.string(), v.regex(/^[\w.:-]+$/, 'must be a host name or IP address')),
    '127.0.0.1',
  ),
  API_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.maxValue(65_535, 'must be at most 65535'),
    ),
    '8787',
  ),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')),
  ),
  DATA_DIR: v.optional(v.string(), '.data'),
  FIREBASE_PROJECT_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{3,62}$/, 'must be a Firebase project id (a-z, 0-9, -)')),
    'demo-upkeep',
  ),
  FIREBASE_AUTH_EMULATOR_HOST: v.optional(
    v.pipe(v.string(), v.regex(/^[\w.-]+:\d+$/, 'must be host:port, e.g. 127.0.0.1:9099')),
  ),
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== ''),
      ),
      v.array(origin),
    ),
    'http://localhost:5173,http://127.0.0.1:5173',
  ),
  SEED_DEMO: v.optional(booleanText),
});

export interface Env {
  APP_ENV: AppEnv;
  API_HOST: string;
  API_PORT: number;
  /** When set, PostgreSQL at this URL; otherwise the embedded PGlite in DATA_DIR/db. */
  DATABASE_URL: string | undefined;
  /** Absolute; relative values are taken from the repository root, whatever the working directory. */
  DATA_DIR: string;
  FIREBASE_PROJECT_ID: string;
  FIREBASE_AUTH_EMULATOR_HOST: string | undefined;
  CORS_ORIGINS: string[];
  SEED_DEMO: boolean;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

type Source = Record<string, string | undefined>;

/** Validates the variables; throws an EnvError naming each bad variable and what is wrong with it. */
export function readEnv(source: Source = process.env): Env {
  const present: Source = {};
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== '') present[key] = value.trim();
  }
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = v.getDotPath(issue)?.split('.')[0] ?? 'environment';
      return `${name} ${issue.message} (got ${JSON.stringify(issue.input)})`;
    });
    throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
  }
  const parsed = result.output;
  const env: Env = {
    ...parsed,
    DATABASE_URL: parsed.DATABASE_URL,
    FIREBASE_AUTH_EMULATOR_HOST: parsed.FIREBASE_AUTH_EMULATOR_HOST,
    DATA_DIR: isAbsolute(parsed.DATA_DIR) ? parsed.DATA_DIR : resolve(REPO_ROOT, parsed.DATA_DIR),
    SEED_DEMO: parsed.SEED_DEMO ?? parsed.APP_ENV !== 'production',
  };
  assertSafe(env);
  return env;
}

/**
 * Combinations that would let anyone in. Emulator ID tokens are unsigned, and firebase-admin accepts a
 * hand-forged one (any uid, role admin) while FIREBASE_AUTH_EMULATOR_HOST is set, so the emulator is only
 * allowed where someone explicitly said this is a development or test run.
 */
function assertSafe(env: Env): void {
  if (
    env.FIREBASE_AUTH_EMULATOR_HOST !== undefined &&
    env.APP_ENV !== 'development' &&
    env.APP_ENV !== 'test'
  ) {
    throw new EnvError(
      `Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set (${env.FIREBASE_AUTH_EMULATOR_HOST}) but APP_ENV is ` +
        `${env.APP_ENV === 'production' ? "'production' (or unset)" : `'${env.APP_ENV}'`}. Emulator tokens are ` +
        `unsigned and would be accepted as genuine. Set APP_ENV=development or APP_ENV=test to use the emulator, ` +
        `or unset FIREBASE_AUTH_EMULATOR_HOST to verify real Firebase tokens.`,
    );
  }
  if (env.SEED_DEMO && env.APP_ENV === 'production') {
    throw new EnvError(
      'Refusing to start: SEED_DEMO=true with APP_ENV production would create demo accounts with published ' +
        'passwords. Set SEED_DEMO=false, or APP_ENV=development for a demo.',
    );
  }
}
