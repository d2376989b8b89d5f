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
  timed,
  tokenFor,
  type TestServer,
} from './support';

/** IDENTITY_TIMEOUT_MS in the hung token check test. */
const STALL_LIMIT_MS = 800;
/** What a request may take past the limit on a test machine shared by several runs. */
const STALL_SLACK_MS = 2500;

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

  /**
   * The app over real HTTP with an identity service that is down for `down` methods (refuses at once), and
   * hangs on `stalled` ones (accepts the call, never answers), under IDENTITY_TIMEOUT_MS `timeoutMs`.
   */
  async function serveDown(
    down: (keyof Identity)[],
    { stalled = [], timeoutMs }: { stalled?: (keyof Identity)[]; timeoutMs?: number } = {},
  ) {
    const { log, errors, lines } = captureLog();
    const real = testIdentity();
    const identity = { ...real } as Record<string, unknown>;
    for (const method of down) identity[method] = () => Promise.reject(unreachable());
    for (const method of stalled) identity[method] = () => new Promise(() => undefined);
    const env = readEnv({
      APP_ENV: 'test',
      FIREBASE_PROJECT_ID: context.projectId,
      FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
      IDENTITY_TIMEOUT_MS: timeoutMs === undefined ? undefined : String(timeoutMs),
    });
    const app = createApp({ db: api.db, engine, identity: identity as unknown as Identity, env, log });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      url,
      errors,
      lines,
      get: (path: string) => fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${admin}` } }),
      send: (method: string, path: string, body?: unknown) =>
        fetch(`${url}${path}`, {
          method,
          headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
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

  it('a token check that hangs answers 503 with Retry-After within IDENTITY_TIMEOUT_MS, reads and writes alike', async () => {
    const down = await serveDown([], { stalled: ['verifyIdToken'], timeoutMs: STALL_LIMIT_MS });
    try {
      const before = await tableDigest(api.db);
      // Several at once, so none waits behind another; a write among them changes nothing.
      const requests = [
        () => down.get(`/user/${uid}`),
        () => down.get('/promo'),
        () => down.send('POST', '/credits', { title: 'Stalled', description: '', totalInCents: 500 }),
        () => down.send('DELETE', `/user/${uid}`),
      ];
      const answers = await Promise.all(
        requests.map((request) =>
          timed(async () => {
            const response = await request();
            return { response, body: (await response.json()) as unknown };
          }),
        ),
      );
      for (const { result, ms } of answers) {
        expect(result.response.status).toBe(503);
        expect(result.response.headers.get('Retry-After')).toBe(String(IDENTITY_RETRY_AFTER_S));
        expect(result.body).toEqual({
          code: API_ERROR_CODES.identityUnavailable,
          message: 'The sign-in service is not answering right now. Try again in a moment.',
        });
        // The hung check itself is never answered, so only the time limit can have ended the request.
        expect(ms).toBeGreaterThanOrEqual(STALL_LIMIT_MS - 50);
        expect(ms).toBeLessThan(STALL_LIMIT_MS + STALL_SLACK_MS);
      }
      // The rest of the API answers meanwhile.
      expect((await fetch(`${down.url}/health`)).status).toBe(200);
      expect(down.errors).toEqual([]);
      expect(down.lines.some((line) => line['msg'] === 'Identity service unavailable')).toBe(true);
      expect(await tableDigest(api.db)).toEqual(before);
    } finally {
      await down.close();
    }
  });
});
