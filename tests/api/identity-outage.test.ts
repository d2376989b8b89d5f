/**
 * An unreachable identity service is an outage, not a bug and not "signed out": every request that needs it
 * gets 503 `server/identity-unavailable` with Retry-After, nothing is logged as an unexpected error, and the
 * request changes no row.
 */
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { createApp } from '../../server/app';
import * as t from '../../server/db/schema';
import { readEnv } from '../../server/env';
import type { Identity } from '../../server/identity';
import {
  IDENTITY_RETRY_AFTER_S,
  IdentityTimeoutError,
  IdentityUnavailableError,
  isIdentityOutage,
  withTimeout,
} from '../../server/identity-outage';
import {
  captureLog,
  context,
  engines,
  startTestServer,
  tableDigest,
  testIdentity,
  tokenFor,
  type TestServer,
} from './support';

/** What firebase-admin rejects with when the identity service cannot be reached (seen against a closed port). */
function unreachable(): Error {
  return Object.assign(
    new Error('Error while making request: connect ECONNREFUSED 127.0.0.1:1. Error code: ECONNREFUSED'),
    { code: 'app/network-error' },
  );
}

describe('isIdentityOutage', () => {
  it.each([
    ['firebase-admin network error', unreachable(), true],
    ['a network timeout', Object.assign(new Error('t'), { code: 'app/network-timeout' }), true],
    [
      'an errno deeper in the causes',
      new Error('x', { cause: Object.assign(new Error('y'), { code: 'ECONNRESET' }) }),
      true,
    ],
    ['a refused call', Object.assign(new Error('exists'), { code: 'auth/email-already-exists' }), false],
    ['a plain bug', new TypeError('undefined is not a function'), false],
    ['not an error at all', 'text', false],
  ])('%s → %s', (_, error, outage) => {
    expect(isIdentityOutage(error)).toBe(outage);
  });

  it('withTimeout turns an unreachable service into IdentityUnavailableError and keeps other rejections', async () => {
    const down = withTimeout({ ...testIdentity(), getAccount: () => Promise.reject(unreachable()) }, 1000);
    await expect(down.getAccount!('x')).rejects.toBeInstanceOf(IdentityUnavailableError);
    const refusing = withTimeout(
      { ...testIdentity(), getAccount: () => Promise.reject(new TypeError('bug')) },
      1000,
    );
    await expect(refusing.getAccount!('x')).rejects.toBeInstanceOf(TypeError);
    expect(new IdentityTimeoutError('getAccount', 5)).toBeInstanceOf(IdentityUnavailableError);
  });
});

describe.each(engines)('an identity outage on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  const uid = `outage-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
    await api.db.insert(t.users).values({ email: `${uid}@upkeep.test`, firebaseUid: uid });
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** The app over real HTTP with an identity service that is down for `down` methods. */
  async function serveDown(down: (keyof Identity)[]) {
    const { log, errors, lines } = captureLog();
    const real = testIdentity();
    const identity = { ...real } as Record<string, unknown>;
    for (const method of down) identity[method] = () => Promise.reject(unreachable());
    const env = readEnv({
      APP_ENV: 'test',
      FIREBASE_PROJECT_ID: context.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
    });
    const app = createApp({ db: api.db, engine, identity: identity as unknown as Identity, env, log });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      errors,
      lines,
      get: (path: string) => fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${admin}` } }),
      close: () =>
        new Promise<void>((resolve) => {
          if ('closeAllConnections' in server) server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  it('a read that needs an account answers 503 with Retry-After, logged as a warning only', async () => {
    const down = await serveDown(['getAccount']);
    try {
      const before = await tableDigest(api.db);
      const response = await down.get(`/user/${uid}`);
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe(String(IDENTITY_RETRY_AFTER_S));
      expect(await response.json()).toEqual({
        code: API_ERROR_CODES.identityUnavailable,
        message: 'The sign-in service is not answering right now. Try again in a moment.',
      });
      expect(down.errors).toEqual([]);
      expect(down.lines.some((line) => line['msg'] === 'Identity service unavailable')).toBe(true);
      expect(await tableDigest(api.db)).toEqual(before);
    } finally {
      await down.close();
    }
  });

  it('a token that cannot be checked is a 503, not a 401 that would sign the person out', async () => {
    const down = await serveDown(['verifyIdToken']);
    try {
      const response = await down.get(`/user/${uid}`);
      expect(response.status).toBe(503);
      expect((await response.json()).code).toBe(API_ERROR_CODES.identityUnavailable);
      expect(down.errors).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
