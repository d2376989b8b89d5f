/**
 * Rate limits: the public endpoints per client address, reads and writes per address and per account, a 429
 * `request/rate-limited` with Retry-After; in memory, or in Redis shared by several API instances. Limits are
 * not stored in the database, so these run on PGlite only.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { isPublicRoute } from '../../server/limits/rate-limit';
import { redisCounterStore } from '../../server/limits/redis-store';
import { memoryCounterStore, type CounterStore } from '../../server/limits/store';
import { startTestServer, tokenFor, type TestServer } from './support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Above the default 100 ms: these test the counting, on a machine busy enough to delay a reply past that. */
const TEST_REDIS_TIMEOUT_MS = 2000;
/** Keys of this run only, so parallel runs on one Redis server do not count against each other. */
const runPrefix = () => `upkeep-test:${process.pid}:${randomBytes(4).toString('hex')}:`;

async function deleteKeys(prefix: string) {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

async function expectLimited(response: Response, what: string, limit: number, window = 60) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(window);
  expect(await response.json()).toEqual({
    code: API_ERROR_CODES.rateLimited,
    message: `Too many requests: ${what} allows at most ${limit} per ${window} seconds. Try again in ${retryAfter} seconds.`,
  });
}

const json = (body: unknown) => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe('counter stores', () => {
  it('memory: counts within a window, refuses past the limit without counting, starts again after it', async () => {
    let now = 1_000_000;
    const store = memoryCounterStore(() => now);
    expect(await store.consume('k', 2, 3, 10_000)).toEqual({ allowed: true, used: 2, retryAfterSeconds: 10 });
    now += 4_000;
    expect(await store.consume('k', 2, 3, 10_000)).toEqual({ allowed: false, used: 2, retryAfterSeconds: 6 });
    expect(await store.consume('k', 1, 3, 10_000)).toEqual({ allowed: true, used: 3, retryAfterSeconds: 6 });
    expect(await store.consume('other', 3, 3, 10_000)).toMatchObject({ allowed: true, used: 3 });
    now += 6_000;
    expect(await store.consume('k', 3, 3, 10_000)).toEqual({ allowed: true, used: 3, retryAfterSeconds: 10 });
  });

  it('redis: the same counting, shared by two clients', async () => {
    const prefix = runPrefix();
    const [a, b] = [
      redisCounterStore(REDIS_URL, prefix, { timeoutMs: TEST_REDIS_TIMEOUT_MS }),
      redisCounterStore(REDIS_URL, prefix, { timeoutMs: TEST_REDIS_TIMEOUT_MS }),
    ];
    try {
      expect(await a.consume('k', 2, 3, 10_000)).toMatchObject({ allowed: true, used: 2 });
      expect(await b.consume('k', 2, 3, 10_000)).toMatchObject({ allowed: false, used: 2 });
      const last = await b.consume('k', 1, 3, 10_000);
      expect(last).toMatchObject({ allowed: true, used: 3 });
      expect(last.retryAfterSeconds).toBeGreaterThanOrEqual(9);
      expect(last.retryAfterSeconds).toBeLessThanOrEqual(10);
      expect(await a.consume('k', 1, 3, 10_000)).toMatchObject({ allowed: false, used: 3 });
    } finally {
      await Promise.all([a.close(), b.close()]);
      await deleteKeys(prefix);
    }
  });

  it('knows which routes are public', () => {
    expect(isPublicRoute('GET', '/provider/invite/ABC123')).toBe(true);
    expect(isPublicRoute('POST', '/provider/invite/user')).toBe(true);
    expect(isPublicRoute('GET', '/external-admin/payouts/bank-account')).toBe(true);
    expect(isPublicRoute('POST', '/provider/invite')).toBe(false);
    expect(isPublicRoute('GET', '/user')).toBe(false);
    expect(isPublicRoute('GET', '/uploads/x.png')).toBe(false);
  });
});

describe('limits over HTTP (memory)', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer('pglite', {
      env: {
        RATE_LIMIT_PUBLIC_PER_IP: '3',
        RATE_LIMIT_WRITES_PER_ACCOUNT: '2',
        RATE_LIMIT_WRITES_PER_IP: '5',
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('public endpoints: per address; GET /health and other addresses are not affected', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.10' };
    for (let i = 0; i < 2; i += 1) {
      expect((await api.fetch('/provider/invite/NOSUCHCODE', { headers: from })).status).not.toBe(429);
    }
    const registration = await api.fetch('/provider/invite/user', {
      method: 'POST',
      ...json({}),
      headers: { ...from, 'Content-Type': 'application/json' },
    });
    expect(registration.status).toBe(400);
    await expectLimited(
      await api.fetch('/provider/invite/NOSUCHCODE', { headers: from }),
      'this public endpoint',
      3,
    );
    await expectLimited(
      await api.fetch('/provider/invite/user', {
        method: 'POST',
        ...json({}),
        headers: { ...from, 'Content-Type': 'application/json' },
      }),
      'this public endpoint',
      3,
    );
    expect((await api.fetch('/health', { headers: from })).status).toBe(200);
    const other = { 'X-Forwarded-For': '203.0.113.11' };
    expect((await api.fetch('/provider/invite/NOSUCHCODE', { headers: other })).status).not.toBe(429);
    // Only the last X-Forwarded-For entry (what the proxy saw) counts: a client cannot prepend its way out.
    const spoofed = { 'X-Forwarded-For': '198.51.100.1, 203.0.113.10' };
    expect((await api.fetch('/provider/invite/NOSUCHCODE', { headers: spoofed })).status).toBe(429);
  });

  it('writes: per account once the token is verified; reads and other accounts are not affected', async () => {
    const admin = await tokenFor('admin');
    const from = { 'X-Forwarded-For': '203.0.113.20', 'Content-Type': 'application/json' };
    const write = (token: string) =>
      api.fetch('/credits', { method: 'POST', token, headers: from, body: JSON.stringify({}) });
    expect((await write(admin)).status).toBe(400);
    expect((await write(admin)).status).toBe(400);
    await expectLimited(await write(admin), 'changing data from one account', 2);
    expect((await api.fetch('/credits', { token: admin, headers: from })).status).toBe(200);
    // Another account from the same address has its own allowance (the provider is refused by role, not limit).
    expect((await write(await tokenFor('provider'))).status).toBe(403);
    // A forged or invalid token is refused before it counts against anyone's allowance.
    expect((await write('not-a-token')).status).toBe(401);
  });

  it('writes: per address, whatever the account', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.30', 'Content-Type': 'application/json' };
    const write = (token: string) =>
      api.fetch('/promo', { method: 'POST', token, headers: from, body: JSON.stringify({}) });
    const tokens = [await tokenFor('admin'), await tokenFor('provider'), 'x', 'y', 'z'];
    // The admin's allowance was used in the previous test; the address allowance counts every write.
    for (const token of tokens) expect((await write(token)).status).not.toBe(201);
    await expectLimited(await write('another'), 'changing data from one address', 5);
  });
});

describe('reads and rejected tokens per address (memory)', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer('pglite', {
      env: { RATE_LIMIT_READS_PER_IP: '4', RATE_LIMIT_TOKEN_FAILURES_PER_IP: '3', TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('reads: per address; /health is not limited, nor is another address', async () => {
    const admin = await tokenFor('admin');
    const from = { 'X-Forwarded-For': '203.0.113.40' };
    for (let i = 0; i < 4; i += 1) {
      expect((await api.fetch('/credits', { token: admin, headers: from })).status).toBe(200);
    }
    await expectLimited(
      await api.fetch('/svc-category', { token: admin, headers: from }),
      'reading from one address',
      4,
    );
    expect((await api.fetch('/health', { headers: from })).status).toBe(200);
    const other = { 'X-Forwarded-For': '203.0.113.41' };
    expect((await api.fetch('/credits', { token: admin, headers: other })).status).toBe(200);
  });

  it('rejected tokens: per address, a 429 past the limit; valid tokens from there still work', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.50', 'Content-Type': 'application/json' };
    const forged = () =>
      api.fetch('/credits', { method: 'POST', token: 'forged', headers: from, body: '{}' });
    for (let i = 0; i < 3; i += 1) expect((await forged()).status).toBe(401);
    await expectLimited(await forged(), 'sending rejected sign-in tokens from one address', 3);
    const admin = await tokenFor('admin');
    expect((await api.fetch('/credits', { token: admin, headers: from })).status).toBe(200);
    const other = { ...from, 'X-Forwarded-For': '203.0.113.51' };
    const elsewhere = await api.fetch('/credits', {
      method: 'POST',
      token: 'forged',
      headers: other,
      body: '{}',
    });
    expect(elsewhere.status).toBe(401);
  });
});

describe('reads per account (memory)', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer('pglite', {
      env: { RATE_LIMIT_READS_PER_ACCOUNT: '3', RATE_LIMIT_READS_PER_IP: '100', TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('reads: per account once the token is verified, from any address; other accounts and /health are not affected', async () => {
    const admin = await tokenFor('admin');
    for (const address of ['203.0.113.60', '203.0.113.61', '203.0.113.62']) {
      const from = { 'X-Forwarded-For': address };
      expect((await api.fetch('/credits', { token: admin, headers: from })).status).toBe(200);
    }
    const elsewhere = { 'X-Forwarded-For': '203.0.113.63' };
    await expectLimited(
      await api.fetch('/svc-category', { token: admin, headers: elsewhere }),
      'reading from one account',
      3,
    );
    expect((await api.fetch('/health', { headers: elsewhere })).status).toBe(200);
    expect(
      (await api.fetch('/providers', { token: await tokenFor('provider'), headers: elsewhere })).status,
    ).toBe(200);
  });
});

describe('the default limits (memory)', () => {
  let api: TestServer;
  beforeAll(async () => {
    // The product's own defaults for reads (server/env.ts), not the test servers' raised ones.
    api = await startTestServer('pglite', {
      env: {
        RATE_LIMIT_READS_PER_IP: undefined,
        RATE_LIMIT_READS_PER_ACCOUNT: undefined,
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => {
    await api?.stop();
  });

  // 750 requests: a busy machine took over the default 30 s to answer them (the proof is the statuses).
  it(
    'an admin opening twenty-five pages by link in a minute (thirty reads each) is never refused',
    { timeout: 120_000 },
    async () => {
      const admin = await tokenFor('admin');
      const from = { 'X-Forwarded-For': '203.0.113.70' };
      const paths = ['/providers', '/svc-category', '/credits', '/promo', '/bundle', '/price-tier'];
      const statuses: number[] = [];
      for (let page = 0; page < 25; page += 1) {
        const reads = Array.from({ length: 30 }, (_, i) =>
          api.fetch(paths[i % paths.length] ?? '/providers', { token: admin, headers: from }),
        );
        statuses.push(...(await Promise.all(reads)).map((response) => response.status));
      }
      expect(statuses).toHaveLength(750);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    },
  );
});

describe('limits shared by two API instances through Redis', () => {
  const prefix = runPrefix();
  let stores: CounterStore[];
  let servers: TestServer[];
  beforeAll(async () => {
    stores = [
      redisCounterStore(REDIS_URL, prefix, { timeoutMs: TEST_REDIS_TIMEOUT_MS }),
      redisCounterStore(REDIS_URL, prefix, { timeoutMs: TEST_REDIS_TIMEOUT_MS }),
    ];
    const env = { RATE_LIMIT_PUBLIC_PER_IP: '4', RATE_LIMIT_WRITES_PER_ACCOUNT: '3' };
    servers = [
      await startTestServer('pglite', { env, counters: stores[0] }),
      await startTestServer('pglite', { env, counters: stores[1] }),
    ];
  });
  afterAll(async () => {
    for (const server of servers ?? []) await server.stop();
    for (const store of stores ?? []) await store.close();
    await deleteKeys(prefix);
  });

  it('counts public requests and account writes made on either instance together', async () => {
    const [a, b] = servers as [TestServer, TestServer];
    for (const server of [a, b, a, b]) {
      expect((await server.fetch('/provider/invite/NOSUCHCODE')).status).not.toBe(429);
    }
    await expectLimited(await a.fetch('/provider/invite/NOSUCHCODE'), 'this public endpoint', 4);
    await expectLimited(await b.fetch('/provider/invite/NOSUCHCODE'), 'this public endpoint', 4);

    const admin = await tokenFor('admin');
    const write = (server: TestServer) =>
      server.fetch('/credits', { method: 'POST', token: admin, ...json({}) });
    for (const server of [a, b, a]) expect((await write(server)).status).toBe(400);
    await expectLimited(await write(b), 'changing data from one account', 3);
  });
});
