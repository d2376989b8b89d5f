/** Counters in Redis (REDIS_URL), shared by every API instance: see store.ts. */
import { Redis } from 'ioredis';
import { seconds, type CounterStore } from './store';

// Atomic in Redis: read the window, refuse or add, start a new window (with its expiry) when there is none.
const CONSUME_SCRIPT = `
local ttl = redis.call('PTTL', KEYS[1])
local used = 0
if ttl > 0 then used = tonumber(redis.call('GET', KEYS[1]) or '0') end
local amount = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
if used + amount > limit then
  if ttl > 0 then return {0, used, ttl} end
  return {0, used, window}
end
if ttl > 0 then
  return {1, redis.call('INCRBY', KEYS[1], amount), ttl}
end
redis.call('SET', KEYS[1], amount, 'PX', window)
return {1, amount, window}
`;

/** The default time limit of a Redis call (REDIS_TIMEOUT_MS): a limit check must not hold a request longer. */
export const DEFAULT_REDIS_TIMEOUT_MS = 100;

/**
 * Counters in Redis under `prefix`, shared by every process that uses the same server and prefix.
 * Every call fails within `timeoutMs` (commandTimeout), also one waiting for a connection, so a stalled or
 * unreachable Redis delays a request by at most that before the limits let it through. A call made while
 * there is no connection waits in the client's queue for the same time at most; each failed reconnection
 * empties the queue (maxRetriesPerRequest 0), so it does not grow while Redis is down.
 */
export function redisCounterStore(
  url: string,
  prefix: string,
  { timeoutMs = DEFAULT_REDIS_TIMEOUT_MS }: { timeoutMs?: number } = {},
): CounterStore {
  const redis = new Redis(url, {
    keyPrefix: prefix,
    commandTimeout: timeoutMs,
    // Connecting may take longer than one command (TLS, a distant server); requests do not wait for it.
    connectTimeout: Math.max(timeoutMs, 1000),
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // Reconnect in the background, backing off to once every 2 s, for as long as the process runs.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    lazyConnect: false,
  });
  // Connection problems surface in consume(); without a listener ioredis would also print each one.
  redis.on('error', () => undefined);
  let lastCallFailed = false;
  return {
    kind: 'redis',
    async consume(key, amount, limit, windowMs) {
      let reply;
      try {
        reply = (await redis.eval(CONSUME_SCRIPT, 1, key, amount, limit, windowMs)) as [
          number,
          number,
          number,
        ];
      } catch (error) {
        lastCallFailed = true;
        throw error;
      }
      lastCallFailed = false;
      const [allowed, used, ttl] = reply;
      return { allowed: allowed === 1, used, retryAfterSeconds: seconds(ttl) };
    },
    health: () => (redis.status === 'ready' && !lastCallFailed ? 'ok' : 'degraded'),
    async close() {
      // quit() waits for Redis to answer; a stalled one never does.
      await Promise.race([redis.quit(), new Promise((resolve) => setTimeout(resolve, timeoutMs))]).catch(
        () => undefined,
      );
      redis.disconnect();
    },
  };
}
