/**
 * Start-up configuration, and the security rule: emulator tokens are unsigned (firebase-admin accepts a
 * forged one while FIREBASE_AUTH_EMULATOR_HOST is set), so the API refuses to start with that variable
 * unless APP_ENV says development or test.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/processes';
import { EnvError, readEnv, sandboxesAllowed } from '../../server/env';
import { assertProductionServices } from '../../server/production-services';
import {
  BOOKER_STANDIN_CLIENT_ID,
  BOOKER_STANDIN_CLIENT_SECRET,
  BOOKER_STANDIN_SUBSCRIPTION_KEY,
} from '../../server/outside/booker/wire';
import { BOULEVARD_STANDIN_API_KEY, BOULEVARD_STANDIN_API_SECRET } from '../../server/outside/boulevard/wire';
import { GEO_STANDIN_API_KEY } from '../../server/outside/geo/wire';
import { MINDBODY_STANDIN_API_KEY } from '../../server/outside/mindbody/wire';
import {
  SQUARE_STANDIN_APPLICATION_ID,
  SQUARE_STANDIN_APPLICATION_SECRET,
} from '../../server/outside/square/wire';
import { STRIPE_STANDIN_SECRET_KEY } from '../../server/outside/stripe/wire';
import { createSchedulingSystems } from '../../server/strategies/config';
import { startMain } from './processes';
import { captureLog } from './support';

/** The limits, storage and proxy variables' defaults. */
const OPERATIONS_DEFAULTS = {
  TRUST_PROXY: false,
  REDIS_URL: undefined,
  REDIS_KEY_PREFIX: 'upkeep:',
  RATE_LIMIT_WINDOW_SECONDS: 60,
  RATE_LIMIT_PUBLIC_PER_IP: 30,
  RATE_LIMIT_WRITES_PER_IP: 300,
  RATE_LIMIT_WRITES_PER_ACCOUNT: 120,
  RATE_LIMIT_READS_PER_IP: 3000,
  RATE_LIMIT_READS_PER_ACCOUNT: 1200,
  RATE_LIMIT_TOKEN_FAILURES_PER_IP: 30,
  REDIS_TIMEOUT_MS: 100,
  DATABASE_POOL_SIZE: 10,
  DATABASE_CONNECT_TIMEOUT_MS: 5000,
  DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
  DATABASE_LOCK_TIMEOUT_MS: 5000,
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 30_000,
  UPLOAD_QUOTA_BYTES: 50 * 1024 * 1024,
  UPLOAD_QUOTA_WINDOW_SECONDS: 86_400,
  UPLOAD_ORPHAN_GRACE_SECONDS: 86_400,
  UPLOAD_SWEEP_INTERVAL_SECONDS: 3_600,
  UPLOAD_STORAGE: 'local',
  S3_BUCKET: undefined,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: undefined,
  S3_FORCE_PATH_STYLE: false,
  S3_ACCESS_KEY_ID: undefined,
  S3_SECRET_ACCESS_KEY: undefined,
  S3_PREFIX: 'uploads/',
  SCHEDULING_SYSTEMS: 'sandbox',
  DEMO_SANDBOXES: false,
  ONBOARDING_ORPHAN_GRACE_MS: 86_400_000,
  ONBOARDING_SWEEP_INTERVAL_MS: 3_600_000,
  CREDENTIALS_KEY: undefined,
  CREDENTIALS_KEY_PREVIOUS: undefined,
  MINDBODY_API_URL: undefined,
  MINDBODY_API_KEY: MINDBODY_STANDIN_API_KEY,
  MINDBODY_TIMEOUT_MS: 5000,
  SQUARE_API_URL: undefined,
  SQUARE_APPLICATION_ID: SQUARE_STANDIN_APPLICATION_ID,
  SQUARE_APPLICATION_SECRET: SQUARE_STANDIN_APPLICATION_SECRET,
  SQUARE_TIMEOUT_MS: 5000,
  BOULEVARD_API_URL: undefined,
  BOULEVARD_API_KEY: BOULEVARD_STANDIN_API_KEY,
  BOULEVARD_API_SECRET: BOULEVARD_STANDIN_API_SECRET,
  BOULEVARD_TIMEOUT_MS: 5000,
  BOOKER_API_URL: undefined,
  BOOKER_CLIENT_ID: BOOKER_STANDIN_CLIENT_ID,
  BOOKER_CLIENT_SECRET: BOOKER_STANDIN_CLIENT_SECRET,
  BOOKER_SUBSCRIPTION_KEY: BOOKER_STANDIN_SUBSCRIPTION_KEY,
  BOOKER_TIMEOUT_MS: 5000,
  GEO_PLACES_URL: undefined,
  GEO_GEOCODE_URL: undefined,
  GEO_OUTLINE_URL: undefined,
  GEO_API_KEY: GEO_STANDIN_API_KEY,
  GEO_USER_AGENT: undefined,
  GEO_TIMEOUT_MS: 5000,
  STRIPE_API_URL: undefined,
  STRIPE_SECRET_KEY: STRIPE_STANDIN_SECRET_KEY,
  STRIPE_TIMEOUT_MS: 20_000,
};

describe('readEnv', () => {
  it('SCHEDULING_SYSTEMS is sandbox or live; live is the four real clients, and stops the start without their settings', () => {
    expect(readEnv({ SCHEDULING_SYSTEMS: 'live' }).SCHEDULING_SYSTEMS).toBe('live');
    expect(() => readEnv({ SCHEDULING_SYSTEMS: 'real' })).toThrow(
      /SCHEDULING_SYSTEMS must be 'sandbox' or 'live'/,
    );
    expect(createSchedulingSystems('sandbox').name).toBe('sandbox');
    expect(() => createSchedulingSystems('live')).toThrow(/SCHEDULING_SYSTEMS=live needs the live/);
    expect(() => createSchedulingSystems('live')).toThrow(/no settings were given for MINDBODY, BOOKER/);
    const log = captureLog().log;
    const standin = (path: string) => ({ baseUrl: () => `https://vendor.test${path}`, timeoutMs: 1000, log });
    const vendors = {
      mindbody: { ...standin('/mindbody'), apiKey: 'k' },
      booker: { ...standin('/booker'), clientId: 'c', clientSecret: 's', subscriptionKey: 'k' },
      boulevard: { ...standin('/boulevard'), apiKey: 'k', apiSecret: 's' },
      square: { ...standin('/square'), applicationId: 'a', applicationSecret: 's' },
    };
    const live = createSchedulingSystems('live', vendors);
    expect(live.name).toBe('live');
    expect(
      [live.MINDBODY, live.BOOKER, live.BOULEVARD, live.SQUARE].map((system) => system.strategy),
    ).toEqual(['MINDBODY', 'BOOKER', 'BOULEVARD', 'SQUARE']);
    const { booker: _booker, ...withoutBooker } = vendors;
    expect(() => createSchedulingSystems('live', withoutBooker)).toThrow(
      /no settings were given for BOOKER\.$/,
    );
  });

  it('BOOKER: the stand-in by default; a real deployment sets its URL, client and subscription key, which are checked', () => {
    expect(
      readEnv({
        BOOKER_API_URL: 'https://api.booker.com',
        BOOKER_CLIENT_ID: 'partner-client',
        BOOKER_CLIENT_SECRET: 'partner-secret',
        BOOKER_SUBSCRIPTION_KEY: '0123456789abcdef0123456789abcdef',
        BOOKER_TIMEOUT_MS: '8000',
      }),
    ).toMatchObject({
      BOOKER_API_URL: 'https://api.booker.com',
      BOOKER_CLIENT_ID: 'partner-client',
      BOOKER_CLIENT_SECRET: 'partner-secret',
      BOOKER_SUBSCRIPTION_KEY: '0123456789abcdef0123456789abcdef',
      BOOKER_TIMEOUT_MS: 8000,
    });
    expect(() => readEnv({ BOOKER_API_URL: 'api.booker.com' })).toThrow(
      /BOOKER_API_URL must be an http\(s\):\/\/ URL/,
    );
    expect(() => readEnv({ BOOKER_CLIENT_SECRET: 'two words' })).toThrow(
      /BOOKER_CLIENT_SECRET must be the key/,
    );
    // A refused secret or key is not repeated in the message.
    expect(() => readEnv({ BOOKER_CLIENT_SECRET: 'two words' })).not.toThrow(/two words/);
    expect(() => readEnv({ BOOKER_SUBSCRIPTION_KEY: 'a key' })).not.toThrow(/a key/);
    expect(() => readEnv({ BOOKER_TIMEOUT_MS: '50' })).toThrow(/BOOKER_TIMEOUT_MS must be at least 100/);
  });

  it('MINDBODY: the stand-in by default; a real deployment sets its URL and key, which are checked', () => {
    const real = readEnv({
      MINDBODY_API_URL: 'https://api.mindbodyonline.com/public/v6',
      MINDBODY_API_KEY: 'abc123DEF456',
      MINDBODY_TIMEOUT_MS: '8000',
    });
    expect(real).toMatchObject({
      MINDBODY_API_URL: 'https://api.mindbodyonline.com/public/v6',
      MINDBODY_API_KEY: 'abc123DEF456',
      MINDBODY_TIMEOUT_MS: 8000,
    });
    expect(() => readEnv({ MINDBODY_API_URL: 'api.mindbodyonline.com' })).toThrow(
      /MINDBODY_API_URL must be an http\(s\):\/\/ URL/,
    );
    expect(() => readEnv({ MINDBODY_API_KEY: 'two words' })).toThrow(/MINDBODY_API_KEY must be the key/);
    // A refused key is not repeated in the message.
    expect(() => readEnv({ MINDBODY_API_KEY: 'two words' })).not.toThrow(/two words/);
    expect(() => readEnv({ MINDBODY_TIMEOUT_MS: '50' })).toThrow(/MINDBODY_TIMEOUT_MS must be at least 100/);
  });

  it('Square: the stand-in by default; a real deployment sets its URL, application id and secret, which are checked', () => {
    expect(
      readEnv({
        SQUARE_API_URL: 'https://connect.squareup.com',
        SQUARE_APPLICATION_ID: 'sq0idp-abc123',
        SQUARE_APPLICATION_SECRET: 'sq0csp-def456',
        SQUARE_TIMEOUT_MS: '8000',
      }),
    ).toMatchObject({
      SQUARE_API_URL: 'https://connect.squareup.com',
      SQUARE_APPLICATION_ID: 'sq0idp-abc123',
      SQUARE_APPLICATION_SECRET: 'sq0csp-def456',
      SQUARE_TIMEOUT_MS: 8000,
    });
    expect(() => readEnv({ SQUARE_API_URL: 'connect.squareup.com' })).toThrow(
      /SQUARE_API_URL must be an http\(s\):\/\/ URL/,
    );
    // A refused secret is not repeated in the message.
    expect(() => readEnv({ SQUARE_APPLICATION_SECRET: 'two words' })).toThrow(
      /SQUARE_APPLICATION_SECRET must be the key/,
    );
    expect(() => readEnv({ SQUARE_APPLICATION_SECRET: 'two words' })).not.toThrow(/two words/);
    expect(() => readEnv({ SQUARE_TIMEOUT_MS: '50' })).toThrow(/SQUARE_TIMEOUT_MS must be at least 100/);
  });

  it('BOULEVARD: the stand-in by default; a real deployment sets its URL, key and secret, which are checked', () => {
    const secret = Buffer.from('a real secret of thirty-two bytes').toString('base64');
    expect(
      readEnv({
        BOULEVARD_API_URL: 'https://dashboard.boulevard.io/api/2020-01',
        BOULEVARD_API_KEY: 'key-123',
        BOULEVARD_API_SECRET: secret,
        BOULEVARD_TIMEOUT_MS: '8000',
      }),
    ).toMatchObject({
      BOULEVARD_API_URL: 'https://dashboard.boulevard.io/api/2020-01',
      BOULEVARD_API_KEY: 'key-123',
      BOULEVARD_API_SECRET: secret,
      BOULEVARD_TIMEOUT_MS: 8000,
    });
    expect(() => readEnv({ BOULEVARD_API_URL: 'dashboard.boulevard.io' })).toThrow(
      /BOULEVARD_API_URL must be an http\(s\):\/\/ URL/,
    );
    expect(() => readEnv({ BOULEVARD_API_SECRET: 'not base64!' })).toThrow(
      /BOULEVARD_API_SECRET must be the secret/,
    );
    // A refused secret is not repeated in the message.
    expect(() => readEnv({ BOULEVARD_API_SECRET: 'not base64!' })).not.toThrow(/not base64!/);
    expect(() => readEnv({ BOULEVARD_TIMEOUT_MS: '50' })).toThrow(
      /BOULEVARD_TIMEOUT_MS must be at least 100/,
    );
  });

  it('maps: the stand-ins by default; a real deployment sets the URLs and key, which are checked', () => {
    const real = {
      GEO_PLACES_URL: 'https://maps.googleapis.com/maps/api/place',
      GEO_GEOCODE_URL: 'https://maps.googleapis.com/maps/api/geocode/json',
      GEO_OUTLINE_URL: 'https://nominatim.openstreetmap.org',
      GEO_API_KEY: 'AIza-key-123',
      GEO_USER_AGENT: 'upkeep-console (ops@example.com)',
    };
    expect(readEnv({ ...real, GEO_TIMEOUT_MS: '3000' })).toMatchObject({ ...real, GEO_TIMEOUT_MS: 3000 });
    expect(() => readEnv({ GEO_OUTLINE_URL: 'nominatim.openstreetmap.org' })).toThrow(
      /GEO_OUTLINE_URL must be an http\(s\):\/\/ URL/,
    );
    expect(() => readEnv({ GEO_API_KEY: 'two words' })).toThrow(/GEO_API_KEY must be the key/);
    // A refused key is not repeated in the message.
    expect(() => readEnv({ GEO_API_KEY: 'two words' })).not.toThrow(/two words/);
    expect(() => readEnv({ GEO_TIMEOUT_MS: '50' })).toThrow(/GEO_TIMEOUT_MS must be at least 100/);
  });

  it('Stripe: the stand-in by default; a real deployment sets its URL and secret key, which are checked', () => {
    expect(
      readEnv({
        STRIPE_API_URL: 'https://api.stripe.com',
        STRIPE_SECRET_KEY: 'sk_live_abc123',
        STRIPE_TIMEOUT_MS: '8000',
      }),
    ).toMatchObject({
      STRIPE_API_URL: 'https://api.stripe.com',
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_TIMEOUT_MS: 8000,
    });
    expect(() => readEnv({ STRIPE_API_URL: 'api.stripe.com' })).toThrow(
      /STRIPE_API_URL must be an http\(s\):\/\/ URL/,
    );
    expect(() => readEnv({ STRIPE_SECRET_KEY: 'pk_live_abc123' })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe/,
    );
    // A refused key is not repeated in the message.
    expect(() => readEnv({ STRIPE_SECRET_KEY: 'pk_live_abc123' })).not.toThrow(/pk_live_abc123/);
    expect(() => readEnv({ STRIPE_TIMEOUT_MS: '50' })).toThrow(/STRIPE_TIMEOUT_MS must be at least 100/);
  });

  it('has defaults for everything; unset APP_ENV means production, which does not seed', () => {
    expect(readEnv({})).toEqual({
      ...OPERATIONS_DEFAULTS,
      APP_ENV: 'production',
      API_HOST: '127.0.0.1',
      API_PORT: 8787,
      DATABASE_URL: undefined,
      DATA_DIR: join(ROOT, '.data'),
      FIREBASE_PROJECT_ID: 'demo-upkeep',
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      CORS_ORIGINS: ['http://localhost:5173', 'http://127.0.0.1:5173'],
      SEED_DEMO: false,
      IDENTITY_TIMEOUT_MS: 5000,
      IDENTITY_OUTBOX_POLL_MS: 2000,
      IDENTITY_RECONCILE_INTERVAL_MS: 300000,
      IDENTITY_ORPHAN_GRACE_MS: 600000,
      FAULT_PAUSE_AT: undefined,
    });
  });

  it('reads every variable', () => {
    expect(
      readEnv({
        APP_ENV: 'development',
        API_HOST: 'localhost',
        API_PORT: '9000',
        DATABASE_URL: 'postgres://u:p@db:5432/upkeep',
        DATA_DIR: '/var/lib/upkeep',
        FIREBASE_PROJECT_ID: 'my-project',
        FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099',
        CORS_ORIGINS: 'https://console.example.com, http://localhost:4174',
        SEED_DEMO: 'false',
        IDENTITY_TIMEOUT_MS: '2500',
        IDENTITY_OUTBOX_POLL_MS: '500',
        IDENTITY_RECONCILE_INTERVAL_MS: '0',
        IDENTITY_ORPHAN_GRACE_MS: '60000',
      }),
    ).toEqual({
      ...OPERATIONS_DEFAULTS,
      APP_ENV: 'development',
      API_HOST: 'localhost',
      API_PORT: 9000,
      DATABASE_URL: 'postgres://u:p@db:5432/upkeep',
      DATA_DIR: '/var/lib/upkeep',
      FIREBASE_PROJECT_ID: 'my-project',
      FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099',
      CORS_ORIGINS: ['https://console.example.com', 'http://localhost:4174'],
      SEED_DEMO: false,
      IDENTITY_TIMEOUT_MS: 2500,
      IDENTITY_OUTBOX_POLL_MS: 500,
      IDENTITY_RECONCILE_INTERVAL_MS: 0,
      IDENTITY_ORPHAN_GRACE_MS: 60000,
      FAULT_PAUSE_AT: undefined,
    });
  });

  it('refuses a bad identity time limit, and the fault switch outside APP_ENV=test', () => {
    expect(() => readEnv({ IDENTITY_TIMEOUT_MS: '5s' })).toThrow(
      /IDENTITY_TIMEOUT_MS must be a whole number/,
    );
    expect(() => readEnv({ IDENTITY_TIMEOUT_MS: '10' })).toThrow(/IDENTITY_TIMEOUT_MS must be at least 100/);
    expect(() => readEnv({ APP_ENV: 'development', FAULT_PAUSE_AT: 'user-commit' })).toThrow(
      /FAULT_PAUSE_AT is a test switch/,
    );
    expect(() => readEnv({ APP_ENV: 'test', FAULT_PAUSE_AT: 'elsewhere' })).toThrow(
      /FAULT_PAUSE_AT must be one of/,
    );
    expect(readEnv({ APP_ENV: 'test', FAULT_PAUSE_AT: 'user-commit' }).FAULT_PAUSE_AT).toBe('user-commit');
  });

  it('seeds by default outside production; resolves a relative DATA_DIR from the repository; empty is unset', () => {
    const env = readEnv({ APP_ENV: 'test', DATA_DIR: '.tmp/x', DATABASE_URL: '' });
    expect(env.SEED_DEMO).toBe(true);
    expect(env.DATA_DIR).toBe(join(ROOT, '.tmp/x'));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ APP_ENV: 'dev' }, 'APP_ENV must be one of development, test, production'],
    [{ API_PORT: 'eighty' }, 'API_PORT must be a whole number'],
    [{ API_PORT: '70000' }, 'API_PORT must be at most 65535'],
    [{ API_HOST: 'a host' }, 'API_HOST must be a host name or IP address'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ FIREBASE_PROJECT_ID: 'Bad_Id' }, 'FIREBASE_PROJECT_ID must be a Firebase project id'],
    [
      { FIREBASE_AUTH_EMULATOR_HOST: 'localhost', APP_ENV: 'test' },
      'FIREBASE_AUTH_EMULATOR_HOST must be host:port',
    ],
    [
      { CORS_ORIGINS: 'http://ok:1,localhost:5173' },
      'CORS_ORIGINS each origin must look like http://host:port',
    ],
    [{ SEED_DEMO: 'yes', APP_ENV: 'test' }, "SEED_DEMO must be 'true' or 'false'"],
  ])('rejects %j naming the variable', (source, message) => {
    expect(() => readEnv(source)).toThrow(EnvError);
    expect(() => readEnv(source)).toThrow(message);
  });

  it('reports every bad variable at once', () => {
    expect(() => readEnv({ API_PORT: 'x', APP_ENV: 'prod' })).toThrow(
      /APP_ENV .*; API_PORT|API_PORT .*; APP_ENV/,
    );
  });

  it.each([{}, { APP_ENV: 'production' }])('refuses FIREBASE_AUTH_EMULATOR_HOST with %j', (appEnv) => {
    const attempt = () =>
      readEnv({ ...appEnv, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', SEED_DEMO: 'false' });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/Refusing to start: FIREBASE_AUTH_EMULATOR_HOST .* APP_ENV/);
  });

  it.each(['development', 'test'])('allows the emulator when APP_ENV is %s', (appEnv) => {
    expect(
      readEnv({ APP_ENV: appEnv, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).FIREBASE_AUTH_EMULATOR_HOST,
    ).toBe('127.0.0.1:9099');
  });

  it('reads the limits, Redis, proxy and object storage variables', () => {
    const env = readEnv({
      API_HOST: '0.0.0.0',
      TRUST_PROXY: 'true',
      REDIS_URL: 'redis://cache:6379/2',
      REDIS_KEY_PREFIX: 'console:',
      RATE_LIMIT_WINDOW_SECONDS: '10',
      RATE_LIMIT_PUBLIC_PER_IP: '5',
      RATE_LIMIT_WRITES_PER_IP: '50',
      RATE_LIMIT_WRITES_PER_ACCOUNT: '20',
      UPLOAD_QUOTA_BYTES: '1000000',
      UPLOAD_QUOTA_WINDOW_SECONDS: '3600',
      UPLOAD_ORPHAN_GRACE_SECONDS: '0',
      UPLOAD_SWEEP_INTERVAL_SECONDS: '0',
      UPLOAD_STORAGE: 's3',
      S3_BUCKET: 'console-uploads',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'images/',
    });
    expect(env).toMatchObject({
      API_HOST: '0.0.0.0',
      TRUST_PROXY: true,
      REDIS_URL: 'redis://cache:6379/2',
      REDIS_KEY_PREFIX: 'console:',
      RATE_LIMIT_WINDOW_SECONDS: 10,
      RATE_LIMIT_PUBLIC_PER_IP: 5,
      RATE_LIMIT_WRITES_PER_IP: 50,
      RATE_LIMIT_WRITES_PER_ACCOUNT: 20,
      UPLOAD_QUOTA_BYTES: 1_000_000,
      UPLOAD_QUOTA_WINDOW_SECONDS: 3600,
      UPLOAD_ORPHAN_GRACE_SECONDS: 0,
      UPLOAD_SWEEP_INTERVAL_SECONDS: 0,
      UPLOAD_STORAGE: 's3',
      S3_BUCKET: 'console-uploads',
      S3_REGION: 'eu-west-3',
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_FORCE_PATH_STYLE: true,
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'images/',
    });
  });

  it('reads the read and token limits, the Redis time limit and the PostgreSQL pool and time limits', () => {
    expect(
      readEnv({
        RATE_LIMIT_READS_PER_IP: '900',
        RATE_LIMIT_READS_PER_ACCOUNT: '450',
        RATE_LIMIT_TOKEN_FAILURES_PER_IP: '5',
        REDIS_TIMEOUT_MS: '250',
        DATABASE_POOL_SIZE: '25',
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        DATABASE_STATEMENT_TIMEOUT_MS: '8000',
        DATABASE_LOCK_TIMEOUT_MS: '1000',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '60000',
      }),
    ).toMatchObject({
      RATE_LIMIT_READS_PER_IP: 900,
      RATE_LIMIT_READS_PER_ACCOUNT: 450,
      RATE_LIMIT_TOKEN_FAILURES_PER_IP: 5,
      REDIS_TIMEOUT_MS: 250,
      DATABASE_POOL_SIZE: 25,
      DATABASE_CONNECT_TIMEOUT_MS: 2000,
      DATABASE_STATEMENT_TIMEOUT_MS: 8000,
      DATABASE_LOCK_TIMEOUT_MS: 1000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000,
    });
  });

  it.each([
    [{ RATE_LIMIT_READS_PER_IP: '0' }, 'RATE_LIMIT_READS_PER_IP must be at least 1'],
    [{ RATE_LIMIT_READS_PER_ACCOUNT: '0' }, 'RATE_LIMIT_READS_PER_ACCOUNT must be at least 1'],
    [{ REDIS_TIMEOUT_MS: '5' }, 'REDIS_TIMEOUT_MS must be at least 10'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE must be at least 1'],
    [{ DATABASE_POOL_SIZE: '5000' }, 'DATABASE_POOL_SIZE must be at most 1000'],
    [
      { DATABASE_STATEMENT_TIMEOUT_MS: '1.5s' },
      'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds',
    ],
    [{ DATABASE_LOCK_TIMEOUT_MS: '0' }, 'DATABASE_LOCK_TIMEOUT_MS must be at least 100'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ RATE_LIMIT_PUBLIC_PER_IP: '0' }, 'RATE_LIMIT_PUBLIC_PER_IP must be at least 1'],
    [{ RATE_LIMIT_WRITES_PER_ACCOUNT: 'many' }, 'RATE_LIMIT_WRITES_PER_ACCOUNT must be a whole number'],
    [{ UPLOAD_STORAGE: 'disk' }, "UPLOAD_STORAGE must be 'local' or 's3'"],
    [{ UPLOAD_STORAGE: 's3' }, 'UPLOAD_STORAGE=s3 needs S3_BUCKET'],
    [{ S3_ACCESS_KEY_ID: 'key' }, 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
  ])('rejects %j', (source, message) => {
    expect(() => readEnv(source)).toThrow(message);
  });

  // Decision: a blank value is set-but-invalid, not unset, because firebase-admin treats any non-empty value
  // as "use the emulator" and would then accept unsigned tokens.
  it.each([' ', '   ', '\t', ' \n '])(
    'refuses a whitespace-only FIREBASE_AUTH_EMULATOR_HOST (%j), whatever APP_ENV says',
    (blank) => {
      for (const APP_ENV of [undefined, 'production', 'test', 'development']) {
        const attempt = () => readEnv({ APP_ENV, SEED_DEMO: 'false', FIREBASE_AUTH_EMULATOR_HOST: blank });
        expect(attempt).toThrow(EnvError);
        expect(attempt).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is blank/);
      }
    },
  );

  it('takes an empty FIREBASE_AUTH_EMULATOR_HOST as unset (firebase-admin ignores it too)', () => {
    expect(readEnv({ FIREBASE_AUTH_EMULATOR_HOST: '' }).FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  });

  it.each(['0.0.0.0', '10.0.0.5', '192.168.1.20', 'api.example.com', '::'])(
    'refuses the emulator with the non-loopback API_HOST %s',
    (host) => {
      for (const APP_ENV of ['test', 'development']) {
        const attempt = () =>
          readEnv({ APP_ENV, API_HOST: host, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
        expect(attempt).toThrow(EnvError);
        expect(attempt).toThrow(/API_HOST is .* not a loopback address/);
      }
    },
  );

  it.each(['127.0.0.1', '127.0.0.2', '::1', 'localhost'])('allows the emulator on loopback %s', (host) => {
    expect(
      readEnv({ APP_ENV: 'test', API_HOST: host, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).API_HOST,
    ).toBe(host);
  });

  it('refuses to seed demo accounts (published passwords) in production', () => {
    expect(() => readEnv({ APP_ENV: 'production', SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO=true .*production/,
    );
  });
});

describe('production needs its real services, or DEMO_SANDBOXES=true for a demo', () => {
  const production = (source: Record<string, string>) => () =>
    assertProductionServices(readEnv({ APP_ENV: 'production', ...source }), source);
  const real = {
    CORS_ORIGINS: 'https://console.example.com',
    STRIPE_API_URL: 'https://api.stripe.com',
    STRIPE_SECRET_KEY: 'sk_live_abc123',
    SCHEDULING_SYSTEMS: 'live',
    MINDBODY_API_URL: 'https://api.mindbodyonline.com/public/v6',
    BOULEVARD_API_URL: 'https://dashboard.boulevard.io/api/2020-01',
    SQUARE_API_URL: 'https://connect.squareup.com',
    BOOKER_API_URL: 'https://api.booker.com',
    GEO_PLACES_URL: 'https://maps.googleapis.com/maps/api/place',
    GEO_GEOCODE_URL: 'https://maps.googleapis.com/maps/api/geocode/json',
    GEO_OUTLINE_URL: 'https://nominatim.openstreetmap.org',
    MINDBODY_API_KEY: 'live-mindbody-key',
    BOULEVARD_API_KEY: 'live-boulevard-key',
    BOULEVARD_API_SECRET: Buffer.from('live-boulevard-secret').toString('base64'),
    SQUARE_APPLICATION_ID: 'sq0idp-live',
    SQUARE_APPLICATION_SECRET: 'sq0csp-live',
    BOOKER_CLIENT_ID: 'live-booker-client',
    BOOKER_CLIENT_SECRET: 'live-booker-secret',
    BOOKER_SUBSCRIPTION_KEY: 'live-booker-subscription',
    GEO_API_KEY: 'live-geo-key',
  };
  /** The stand-ins' built-in keys, which the real vendors refuse. */
  const standinKeys: Record<string, string> = {
    STRIPE_SECRET_KEY: STRIPE_STANDIN_SECRET_KEY,
    MINDBODY_API_KEY: MINDBODY_STANDIN_API_KEY,
    BOULEVARD_API_KEY: BOULEVARD_STANDIN_API_KEY,
    BOULEVARD_API_SECRET: BOULEVARD_STANDIN_API_SECRET,
    SQUARE_APPLICATION_ID: SQUARE_STANDIN_APPLICATION_ID,
    SQUARE_APPLICATION_SECRET: SQUARE_STANDIN_APPLICATION_SECRET,
    BOOKER_CLIENT_ID: BOOKER_STANDIN_CLIENT_ID,
    BOOKER_CLIENT_SECRET: BOOKER_STANDIN_CLIENT_SECRET,
    BOOKER_SUBSCRIPTION_KEY: BOOKER_STANDIN_SUBSCRIPTION_KEY,
    GEO_API_KEY: GEO_STANDIN_API_KEY,
  };

  it('refuses without CORS_ORIGINS, payments, scheduling systems and maps, naming each and the demo flag', () => {
    expect(production({})).toThrow(EnvError);
    expect(production({})).toThrow(
      /Refusing to start in production: CORS_ORIGINS must list .*; STRIPE_API_URL is not set .*; STRIPE_SECRET_KEY is not set .*; SCHEDULING_SYSTEMS is not live .*; MINDBODY_API_URL is not set .*; MINDBODY_API_KEY is not set .*; BOULEVARD_API_URL is not set .*; BOULEVARD_API_KEY is not set .*; BOULEVARD_API_SECRET is not set .*; SQUARE_API_URL is not set .*; SQUARE_APPLICATION_ID is not set .*; SQUARE_APPLICATION_SECRET is not set .*; BOOKER_API_URL is not set .*; BOOKER_CLIENT_ID is not set .*; BOOKER_CLIENT_SECRET is not set .*; BOOKER_SUBSCRIPTION_KEY is not set .*; GEO_PLACES_URL is not set .*; GEO_GEOCODE_URL is not set .*; GEO_OUTLINE_URL is not set .*; GEO_API_KEY is not set .*DEMO_SANDBOXES=true/,
    );
    for (const missing of Object.keys(real)) {
      const source: Record<string, string> = { ...real };
      delete source[missing];
      expect(production(source), missing).toThrow(new RegExp(`Refusing to start in production: ${missing}`));
      expect(production({ ...source, [missing]: '' }), `${missing} empty`).toThrow(
        new RegExp(`Refusing to start in production: ${missing}`),
      );
    }
  });

  it("refuses each vendor key left at its stand-in's built-in default, naming it and never its value", () => {
    for (const [name, standin] of Object.entries(standinKeys)) {
      const source = { ...real, [name]: standin };
      expect(production(source), name).toThrow(
        new RegExp(
          `Refusing to start in production: ${name} is still the local stand-in's built-in default\\. For a demo`,
        ),
      );
      expect(production(source), name).not.toThrow(standin);
    }
    const all = { ...real, ...standinKeys };
    let message = '';
    try {
      production(all)();
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of Object.keys(standinKeys))
      expect(message).toContain(`${name} is still the local stand-in's`);
  });

  it('starts with the real services, or on the sandboxes with DEMO_SANDBOXES=true; CORS_ORIGINS always', () => {
    expect(production(real)).not.toThrow();
    expect(production({ CORS_ORIGINS: 'https://demo.example.com', DEMO_SANDBOXES: 'true' })).not.toThrow();
    expect(production({ DEMO_SANDBOXES: 'true' })).toThrow(/CORS_ORIGINS must list the console origins/);
    expect(() => readEnv({ DEMO_SANDBOXES: 'yes' })).toThrow(/DEMO_SANDBOXES must be 'true' or 'false'/);
  });

  it('development and test need none of it, and always mount the sandboxes', () => {
    for (const APP_ENV of ['development', 'test']) {
      expect(() => assertProductionServices(readEnv({ APP_ENV }), {})).not.toThrow();
      expect(sandboxesAllowed(readEnv({ APP_ENV }))).toBe(true);
    }
    expect(sandboxesAllowed(readEnv({ APP_ENV: 'production' }))).toBe(false);
    expect(sandboxesAllowed(readEnv({ APP_ENV: 'production', DEMO_SANDBOXES: 'true' }))).toBe(true);
  });

  it('server/main.ts in production without them exits non-zero before touching the database', async () => {
    const dataDir = join(ROOT, '.tmp', 'api-tests', `refused-services-${process.pid}`);
    const main = startMain({
      APP_ENV: 'production',
      DATA_DIR: dataDir,
      API_PORT: '0',
      SEED_DEMO: 'false',
    });
    const { code } = await main.exited;
    expect(code).not.toBe(0);
    expect(main.output()).toContain('Refusing to start in production: CORS_ORIGINS');
    expect(main.output()).toContain('DEMO_SANDBOXES=true');
    expect(main.output()).not.toContain('API ready');
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('server/main.ts refuses the emulator outside development/test', () => {
  it.each([
    ['a whitespace-only emulator host', { APP_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '  ' }],
    [
      'the emulator on a non-loopback API_HOST',
      { APP_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199', API_HOST: '0.0.0.0' },
    ],
  ])('%s: exits non-zero before touching the database', async (_, variables) => {
    const dataDir = join(ROOT, '.tmp', 'api-tests', `refused-host-${process.pid}`);
    const main = startMain({ ...variables, DATA_DIR: dataDir, API_PORT: '0', SEED_DEMO: 'false' });
    const { code } = await main.exited;
    expect(code).not.toBe(0);
    expect(main.output()).toContain('FIREBASE_AUTH_EMULATOR_HOST');
    expect(main.output()).not.toContain('API ready');
    expect(existsSync(dataDir)).toBe(false);
  });

  it.each([
    ['APP_ENV unset', {}],
    ['APP_ENV=production', { APP_ENV: 'production' }],
  ])('%s: exits non-zero naming both variables, before touching the database', async (_, appEnv) => {
    const dataDir = join(ROOT, '.tmp', 'api-tests', `refused-${process.pid}`);
    const main = startMain({
      ...appEnv,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
      DATA_DIR: dataDir,
      API_PORT: '0',
      SEED_DEMO: 'false',
    });
    const { code } = await main.exited;
    expect(code).not.toBe(0);
    expect(main.output()).toContain('Refusing to start: FIREBASE_AUTH_EMULATOR_HOST');
    expect(main.output()).toContain('APP_ENV');
    expect(main.output()).not.toContain('API ready');
    expect(existsSync(dataDir)).toBe(false);
  });
});
