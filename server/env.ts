/**
 * The API's configuration, read once at start-up from environment variables and validated, so a typo fails
 * loudly with the variable's name instead of surfacing later as a strange runtime error.
 * An empty variable counts as unset.
 */
import { isAbsolute, resolve } from 'node:path';
import * as v from 'valibot';
import { count, milliseconds } from './env-values';
import { OUTSIDE_ENV_ENTRIES, OUTSIDE_SECRETS, type OutsideEnv } from './outside/env';

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

/**
 * Test-only fault switch: the process stops (waits forever) at this point, so a test can kill it there.
 * `user-commit`: after a user save or delete committed, before its identity change is applied.
 * `registration-intent` / `create-user-intent`: after an invite registration / Create User committed its
 * intent to create the account, before the identity call.
 * `registration-claims` / `create-user-claims`: after the account was created, before its claims are set.
 * `registration-account` / `create-user-account`: after the account, before the user row is written.
 * A comma list stops the first request that reaches each point listed (later ones pass), so one process
 * can hold several flows at different steps when it is killed.
 */
export const FAULT_POINTS = [
  'user-commit',
  'registration-intent',
  'registration-claims',
  'registration-account',
  'create-user-intent',
  'create-user-claims',
  'create-user-account',
] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

/** A 256-bit key for the stored scheduling-system secrets (server/onboarding/secrets.ts), in base64. */
const credentialsKey = v.pipe(
  v.string(),
  v.check(
    (text) => /^[A-Za-z0-9+/]+={0,2}$/.test(text) && Buffer.from(text, 'base64').length === 32,
    'must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)',
  ),
);

const EnvSchema = v.object({
  // Unset means production: the safe assumption for anything that forgot to say what it is.
  APP_ENV: v.optional(v.picklist(APP_ENVS, `must be one of ${APP_ENVS.join(', ')}`), 'production'),
  API_HOST: v.optional(
    v.pipe(v.string(), v.regex(/^[\w.:-]+$/, 'must be a host name or IP address')),
    '127.0.0.1',
  ),
  API_PORT: v.optional(v.pipe(count(0), v.maxValue(65_535, 'must be at most 65535')), '8787'),
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
  IDENTITY_TIMEOUT_MS: v.optional(milliseconds(100, 120_000), '5000'),
  IDENTITY_OUTBOX_POLL_MS: v.optional(milliseconds(50, 3_600_000), '2000'),
  IDENTITY_RECONCILE_INTERVAL_MS: v.optional(milliseconds(0, 86_400_000), '300000'),
  IDENTITY_ORPHAN_GRACE_MS: v.optional(milliseconds(0, 86_400_000), '600000'),
  FAULT_PAUSE_AT: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (text) =>
          text.split(',').every((point) => (FAULT_POINTS as readonly string[]).includes(point.trim())),
        `must be one of ${FAULT_POINTS.join(', ')} (or a comma list of them)`,
      ),
    ),
  ),
  ONBOARDING_ORPHAN_GRACE_MS: v.optional(milliseconds(0, 2_592_000_000), '86400000'),
  ONBOARDING_SWEEP_INTERVAL_MS: v.optional(milliseconds(0, 86_400_000), '3600000'),
  CREDENTIALS_KEY: v.optional(credentialsKey),
  CREDENTIALS_KEY_PREVIOUS: v.optional(credentialsKey),
  // Behind a reverse proxy: the client's address is the last X-Forwarded-For entry (what the proxy saw).
  TRUST_PROXY: v.optional(booleanText, 'false'),
  REDIS_URL: v.optional(
    v.pipe(v.string(), v.regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')),
  ),
  REDIS_KEY_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^[\w:.-]+$/, 'must be letters, digits, _ : . -')),
    'upkeep:',
  ),
  RATE_LIMIT_WINDOW_SECONDS: v.optional(count(1), '60'),
  RATE_LIMIT_PUBLIC_PER_IP: v.optional(count(1), '30'),
  RATE_LIMIT_WRITES_PER_IP: v.optional(count(1), '300'),
  RATE_LIMIT_WRITES_PER_ACCOUNT: v.optional(count(1), '120'),
  RATE_LIMIT_READS_PER_IP: v.optional(count(1), '3000'),
  RATE_LIMIT_READS_PER_ACCOUNT: v.optional(count(1), '1200'),
  RATE_LIMIT_TOKEN_FAILURES_PER_IP: v.optional(count(1), '30'),
  REDIS_TIMEOUT_MS: v.optional(milliseconds(10, 60_000), '100'),
  DATABASE_POOL_SIZE: v.optional(v.pipe(count(1), v.maxValue(1000, 'must be at most 1000')), '10'),
  DATABASE_CONNECT_TIMEOUT_MS: v.optional(milliseconds(100, 120_000), '5000'),
  DATABASE_STATEMENT_TIMEOUT_MS: v.optional(milliseconds(100, 3_600_000), '15000'),
  DATABASE_LOCK_TIMEOUT_MS: v.optional(milliseconds(100, 3_600_000), '5000'),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: v.optional(milliseconds(100, 3_600_000), '30000'),
  UPLOAD_QUOTA_BYTES: v.optional(count(1), String(50 * 1024 * 1024)),
  UPLOAD_QUOTA_WINDOW_SECONDS: v.optional(count(1), '86400'),
  UPLOAD_ORPHAN_GRACE_SECONDS: v.optional(count(0), '86400'),
  UPLOAD_SWEEP_INTERVAL_SECONDS: v.optional(count(0), '3600'),
  UPLOAD_STORAGE: v.optional(v.picklist(['local', 's3'], `must be 'local' or 's3'`), 'local'),
  S3_BUCKET: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')),
  ),
  S3_REGION: v.optional(v.string(), 'us-east-1'),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/\S+$/, 'must be an http(s):// URL'))),
  S3_FORCE_PATH_STYLE: v.optional(booleanText, 'false'),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  S3_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^[\w./-]*$/, 'must be letters, digits, _ . / -')),
    'uploads/',
  ),
  SCHEDULING_SYSTEMS: v.optional(v.picklist(['sandbox', 'live'], `must be 'sandbox' or 'live'`), 'sandbox'),
  // Production only: run on the local sandboxes (payments, scheduling systems, external admin stand-in).
  DEMO_SANDBOXES: v.optional(booleanText, 'false'),
  ...OUTSIDE_ENV_ENTRIES,
});

export interface Env extends OutsideEnv {
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
  /** Time limit of every identity call. */
  IDENTITY_TIMEOUT_MS: number;
  /** How often the outbox worker looks for identity changes still to apply. */
  IDENTITY_OUTBOX_POLL_MS: number;
  /** How often the reconciler compares every account with the database; 0 only at start-up. */
  IDENTITY_RECONCILE_INTERVAL_MS: number;
  /** A registration's account without a user row is left alone until it is this old (one may be in flight). */
  IDENTITY_ORPHAN_GRACE_MS: number;
  /** Test-only (APP_ENV=test): where the process stops so a test can kill it; a comma list of FAULT_POINTS. */
  FAULT_PAUSE_AT: string | undefined;
  /** Credentials and locations no provider points at are swept once they are this old (onboarding in flight). */
  ONBOARDING_ORPHAN_GRACE_MS: number;
  /** How often the onboarding sweep runs; 0 only at start-up. */
  ONBOARDING_SWEEP_INTERVAL_MS: number;
  /** Encrypts stored scheduling-system secrets; required in production (a fixed key is derived otherwise). */
  CREDENTIALS_KEY: string | undefined;
  /** The key before a rotation: values it encrypted are still read, and re-encrypted at start-up. */
  CREDENTIALS_KEY_PREVIOUS: string | undefined;
  TRUST_PROXY: boolean;
  /** When set, rate limits and upload quotas are counted in Redis, shared by every API instance. */
  REDIS_URL: string | undefined;
  REDIS_KEY_PREFIX: string;
  RATE_LIMIT_WINDOW_SECONDS: number;
  RATE_LIMIT_PUBLIC_PER_IP: number;
  RATE_LIMIT_WRITES_PER_IP: number;
  RATE_LIMIT_WRITES_PER_ACCOUNT: number;
  RATE_LIMIT_READS_PER_IP: number;
  /** Reads per signed-in account, counted once the token is verified. */
  RATE_LIMIT_READS_PER_ACCOUNT: number;
  RATE_LIMIT_TOKEN_FAILURES_PER_IP: number;
  /** Time limit of every Redis call (connecting: 1 s at least); past it the limits let the request through. */
  REDIS_TIMEOUT_MS: number;
  /** PostgreSQL only (server/db/client.ts): connections in the pool. */
  DATABASE_POOL_SIZE: number;
  /** PostgreSQL only: the longest wait for a pooled connection (a free one, or a new one connecting). */
  DATABASE_CONNECT_TIMEOUT_MS: number;
  /** PostgreSQL only, set on every pooled connection: statement_timeout. */
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  /** PostgreSQL only, set on every pooled connection: lock_timeout. */
  DATABASE_LOCK_TIMEOUT_MS: number;
  /** PostgreSQL only, set on every pooled connection: idle_in_transaction_session_timeout. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  UPLOAD_QUOTA_BYTES: number;
  UPLOAD_QUOTA_WINDOW_SECONDS: number;
  UPLOAD_ORPHAN_GRACE_SECONDS: number;
  /** 0: sweep only at start-up. */
  UPLOAD_SWEEP_INTERVAL_SECONDS: number;
  UPLOAD_STORAGE: 'local' | 's3';
  S3_BUCKET: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_ACCESS_KEY_ID: string | undefined;
  S3_SECRET_ACCESS_KEY: string | undefined;
  S3_PREFIX: string;
  /**
   * The scheduling systems' clients (server/strategies/config.ts): `sandbox` and `live` are the same real clients
   * (unset URLs: the local stand-ins); production requires `live` with every vendor's URL and keys.
   */
  SCHEDULING_SYSTEMS: 'sandbox' | 'live';
  /**
   * Production: `true` lets the API start on the local sandboxes and mounts their pages (a demo); without
   * it production needs the real services (`assertProductionServices`). Outside production it changes
   * nothing: the sandboxes are always there.
   */
  DEMO_SANDBOXES: boolean;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

export type Source = Record<string, string | undefined>;

/** Validates the variables; throws an EnvError naming each bad variable and what is wrong with it. */
export function readEnv(source: Source = process.env): Env {
  // firebase-admin reads this variable itself and treats any non-empty value, blanks included, as "use the
  // emulator" (unsigned tokens accepted). So a blank one is not "unset" here: it is set, and invalid.
  const emulatorHost = source.FIREBASE_AUTH_EMULATOR_HOST;
  if (emulatorHost !== undefined && emulatorHost !== '' && emulatorHost.trim() === '') {
    throw new EnvError(
      'Invalid environment: FIREBASE_AUTH_EMULATOR_HOST is blank (whitespace only), which firebase-admin ' +
        'takes as set: unset it, or give host:port for the emulator.',
    );
  }
  const present: Source = {};
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== '') present[key] = value.trim();
  }
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = v.getDotPath(issue)?.split('.')[0] ?? 'environment';
      const got = OUTSIDE_SECRETS.has(name) ? 'a value not shown' : JSON.stringify(issue.input);
      return `${name} ${issue.message} (got ${got})`;
    });
    throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
  }
  const parsed = result.output;
  const env: Env = {
    ...parsed,
    DATABASE_URL: parsed.DATABASE_URL,
    FIREBASE_AUTH_EMULATOR_HOST: parsed.FIREBASE_AUTH_EMULATOR_HOST,
    FAULT_PAUSE_AT: parsed.FAULT_PAUSE_AT,
    CREDENTIALS_KEY: parsed.CREDENTIALS_KEY,
    CREDENTIALS_KEY_PREVIOUS: parsed.CREDENTIALS_KEY_PREVIOUS,
    REDIS_URL: parsed.REDIS_URL,
    S3_BUCKET: parsed.S3_BUCKET,
    S3_ENDPOINT: parsed.S3_ENDPOINT,
    S3_ACCESS_KEY_ID: parsed.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: parsed.S3_SECRET_ACCESS_KEY,
    MINDBODY_API_URL: parsed.MINDBODY_API_URL,
    SQUARE_API_URL: parsed.SQUARE_API_URL,
    BOULEVARD_API_URL: parsed.BOULEVARD_API_URL,
    BOOKER_API_URL: parsed.BOOKER_API_URL,
    GEO_PLACES_URL: parsed.GEO_PLACES_URL,
    GEO_GEOCODE_URL: parsed.GEO_GEOCODE_URL,
    GEO_OUTLINE_URL: parsed.GEO_OUTLINE_URL,
    GEO_USER_AGENT: parsed.GEO_USER_AGENT,
    STRIPE_API_URL: parsed.STRIPE_API_URL,
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
  if (env.FAULT_PAUSE_AT !== undefined && env.APP_ENV !== 'test') {
    throw new EnvError('Refusing to start: FAULT_PAUSE_AT is a test switch and needs APP_ENV=test.');
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST !== undefined && !isLoopback(env.API_HOST)) {
    throw new EnvError(
      `Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set and API_HOST is ${env.API_HOST}, which is not a ` +
        `loopback address. With the emulator the API accepts forged tokens, so it only listens on 127.0.0.1, ` +
        `::1 or localhost.`,
    );
  }
  if (env.UPLOAD_STORAGE === 's3' && env.S3_BUCKET === undefined) {
    throw new EnvError('Invalid environment: UPLOAD_STORAGE=s3 needs S3_BUCKET.');
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new EnvError(
      'Invalid environment: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.',
    );
  }
  if (env.SEED_DEMO && env.APP_ENV === 'production') {
    throw new EnvError(
      'Refusing to start: SEED_DEMO=true with APP_ENV production would create demo accounts with published ' +
        'passwords. Set SEED_DEMO=false, or APP_ENV=development for a demo.',
    );
  }
}

/** Whether the sandboxes' pages are mounted: always outside production, in production only as a demo. */
export function sandboxesAllowed(env: Partial<Pick<Env, 'APP_ENV' | 'DEMO_SANDBOXES'>>): boolean {
  return env.APP_ENV !== 'production' || env.DEMO_SANDBOXES === true;
}

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
