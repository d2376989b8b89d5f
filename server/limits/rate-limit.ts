/**
 * Rate limits (fixed windows of RATE_LIMIT_WINDOW_SECONDS), answered with 429 `request/rate-limited`, a
 * message saying which limit and when to try again, and Retry-After:
 * - the public endpoints (the invite check, registration, the external admin stand-in): per client address;
 * - writes (POST, PUT, PATCH, DELETE): per client address, and per signed-in account once `allow(...)` has
 *   verified the token, so a forged token cannot use up someone else's allowance;
 * - reads (GET, HEAD): per client address, with room for several people behind one address (an office), and
 *   per signed-in account once the token is verified (one person opening page after page by link reads about
 *   thirty times a page: a per-address limit alone either refused that or let one account read without end);
 * - rejected bearer tokens: per client address; past the limit a rejected token is answered 429, not 401.
 * GET /uploads/{name} and /health are not limited: images load by the dozen and health is polled.
 * When the counter store fails (Redis down or stalled: its calls end within REDIS_TIMEOUT_MS) the request goes
 * through; a warning says so at most once a minute, with how many requests were let through.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { fail } from '../http/errors';
import type { Log } from '../http/log';
import type { HonoEnv } from '../http/types';
import type { Env } from '../env';
import type { CounterStore } from './store';

export interface RateLimits {
  windowSeconds: number;
  publicPerIp: number;
  writesPerIp: number;
  writesPerAccount: number;
  readsPerIp: number;
  readsPerAccount: number;
  tokenFailuresPerIp: number;
  /** Take the client's address from X-Forwarded-For (set by a reverse proxy in front of the API). */
  trustProxy: boolean;
}

/** The variables the limits are read from (server/env.ts). */
export type RateLimitEnv = Pick<
  Env,
  | 'RATE_LIMIT_WINDOW_SECONDS'
  | 'RATE_LIMIT_PUBLIC_PER_IP'
  | 'RATE_LIMIT_WRITES_PER_IP'
  | 'RATE_LIMIT_WRITES_PER_ACCOUNT'
  | 'RATE_LIMIT_READS_PER_IP'
  | 'RATE_LIMIT_READS_PER_ACCOUNT'
  | 'RATE_LIMIT_TOKEN_FAILURES_PER_IP'
  | 'TRUST_PROXY'
>;

export function limitsFromEnv(env: RateLimitEnv): RateLimits {
  return {
    windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
    publicPerIp: env.RATE_LIMIT_PUBLIC_PER_IP,
    writesPerIp: env.RATE_LIMIT_WRITES_PER_IP,
    writesPerAccount: env.RATE_LIMIT_WRITES_PER_ACCOUNT,
    readsPerIp: env.RATE_LIMIT_READS_PER_IP,
    readsPerAccount: env.RATE_LIMIT_READS_PER_ACCOUNT,
    tokenFailuresPerIp: env.RATE_LIMIT_TOKEN_FAILURES_PER_IP,
    trustProxy: env.TRUST_PROXY,
  };
}

const PUBLIC_ROUTES: { method: string; path: RegExp }[] = [
  { method: 'GET', path: /^\/provider\/invite\/[^/]+\/?$/ },
  { method: 'POST', path: /^\/provider\/invite\/user\/?$/ },
  { method: 'GET', path: /^\/external-admin(\/|$)/ },
];

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const READS = new Set(['GET', 'HEAD']);
/** Reads that are not limited: images load by the dozen, and health is polled. */
const UNLIMITED_READS = /^\/(health|uploads\/[^/]+)\/?$/;

/** How often, at most, a failing counter store is reported. */
export const STORE_WARNING_INTERVAL_MS = 60_000;

export function isPublicRoute(method: string, path: string): boolean {
  return PUBLIC_ROUTES.some((route) => route.method === method && route.path.test(path));
}

/** The client's address: the socket's peer, or with trustProxy the last X-Forwarded-For entry. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  // Served by @hono/node-server, the socket is in the bindings; app.request (tests, benches) has none, and
  // asking getConnInfo then would throw, which costs far more than the check.
  const bindings = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined;
  if (!bindings?.incoming && !bindings?.server?.incoming) return 'unknown';
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface RateLimiter {
  /** App-wide middleware: public endpoints and writes, per client address. */
  perAddress: MiddlewareHandler<HonoEnv>;
  /** After the token is verified: reads or writes per account; a Response when refused. */
  perAccount(c: Context, uid: string): Promise<Response | undefined>;
  /** After a bearer token was rejected: counts it against the address; a 429 once past the limit. */
  tokenRejected(c: Context): Promise<Response | undefined>;
}

export function createRateLimiter({
  store,
  limits,
  log,
}: {
  store: CounterStore;
  limits: RateLimits;
  log: Log;
}): RateLimiter {
  const windowMs = limits.windowSeconds * 1000;
  const per = `${limits.windowSeconds} seconds`;

  // Not one line per request while the store is down: the first failure, then one a minute with the count.
  let warnedAt = -Infinity;
  let letThrough = 0;
  function storeFailed(error: unknown) {
    letThrough += 1;
    const now = Date.now();
    if (now - warnedAt < STORE_WARNING_INTERVAL_MS) return;
    log.warn(
      { err: error, letThrough },
      `Rate limit store unavailable (${store.kind}); requests are let through without a limit`,
    );
    warnedAt = now;
    letThrough = 0;
  }

  async function check(c: Context, key: string, limit: number, what: string) {
    let result;
    try {
      result = await store.consume(key, 1, limit, windowMs);
    } catch (error) {
      storeFailed(error);
      return undefined;
    }
    if (result.allowed) return undefined;
    c.header('Retry-After', String(result.retryAfterSeconds));
    return fail(
      c,
      429,
      API_ERROR_CODES.rateLimited,
      `Too many requests: ${what} allows at most ${limit} per ${per}. Try again in ${result.retryAfterSeconds} seconds.`,
    );
  }

  return {
    async perAddress(c, next) {
      const method = c.req.method;
      const address = clientAddress(c, limits.trustProxy);
      if (isPublicRoute(method, c.req.path)) {
        const refused = await check(c, `rl:public:${address}`, limits.publicPerIp, 'this public endpoint');
        if (refused) return refused;
      }
      if (READS.has(method) && !UNLIMITED_READS.test(c.req.path)) {
        const refused = await check(
          c,
          `rl:read-ip:${address}`,
          limits.readsPerIp,
          'reading from one address',
        );
        if (refused) return refused;
      }
      if (WRITES.has(method)) {
        const refused = await check(
          c,
          `rl:write-ip:${address}`,
          limits.writesPerIp,
          'changing data from one address',
        );
        if (refused) return refused;
      }
      await next();
    },
    async perAccount(c, uid) {
      if (READS.has(c.req.method) && !UNLIMITED_READS.test(c.req.path)) {
        return check(c, `rl:read-account:${uid}`, limits.readsPerAccount, 'reading from one account');
      }
      if (!WRITES.has(c.req.method)) return undefined;
      return check(c, `rl:write-account:${uid}`, limits.writesPerAccount, 'changing data from one account');
    },
    async tokenRejected(c) {
      const address = clientAddress(c, limits.trustProxy);
      return check(
        c,
        `rl:token-ip:${address}`,
        limits.tokenFailuresPerIp,
        'sending rejected sign-in tokens from one address',
      );
    },
  };
}
