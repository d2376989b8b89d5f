/**
 * Start-up configuration, and the security rule: emulator tokens are unsigned (firebase-admin accepts a
 * forged one while FIREBASE_AUTH_EMULATOR_HOST is set), so the API refuses to start with that variable
 * unless APP_ENV says development or test.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/processes';
import { EnvError, readEnv } from '../../server/env';
import { startMain } from './processes';

describe('readEnv', () => {
  it('has defaults for everything; unset APP_ENV means production, which does not seed', () => {
    expect(readEnv({})).toEqual({
      APP_ENV: 'production',
      API_HOST: '127.0.0.1',
      API_PORT: 8787,
      DATABASE_URL: undefined,
      DATA_DIR: join(ROOT, '.data'),
      FIREBASE_PROJECT_ID: 'demo-upkeep',
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      CORS_ORIGINS: ['http://localhost:5173', 'http://127.0.0.1:5173'],
      SEED_DEMO: false,
    });
  });

  it('reads every variable', () => {
    expect(
      readEnv({
        APP_ENV: 'development',
        API_HOST: '0.0.0.0',
        API_PORT: '9000',
        DATABASE_URL: 'postgres://u:p@db:5432/upkeep',
        DATA_DIR: '/var/lib/upkeep',
        FIREBASE_PROJECT_ID: 'my-project',
        FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099',
        CORS_ORIGINS: 'https://console.example.com, http://localhost:4174',
        SEED_DEMO: 'false',
      }),
    ).toEqual({
      APP_ENV: 'development',
      API_HOST: '0.0.0.0',
      API_PORT: 9000,
      DATABASE_URL: 'postgres://u:p@db:5432/upkeep',
      DATA_DIR: '/var/lib/upkeep',
      FIREBASE_PROJECT_ID: 'my-project',
      FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099',
      CORS_ORIGINS: ['https://console.example.com', 'http://localhost:4174'],
      SEED_DEMO: false,
    });
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

  it('refuses to seed demo accounts (published passwords) in production', () => {
    expect(() => readEnv({ APP_ENV: 'production', SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO=true .*production/,
    );
  });
});

describe('server/main.ts refuses the emulator outside development/test', () => {
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
