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

/** Counters in Redis under `prefix`, shared by every process that uses the same server and prefix. */
export function redisCounterStore(url: string, prefix: string): CounterStore {
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false });
  // Connection problems surface in consume(); without a listener ioredis would also print each one.
  redis.on('error', () => undefined);
  return {
    kind: 'redis',
    async consume(key, amount, limit, windowMs) {
      const [allowed, used, ttl] = (await redis.eval(CONSUME_SCRIPT, 1, key, amount, limit, windowMs)) as [
        number,
        number,
        number,
      ];
      return { allowed: allowed === 1, used, retryAfterSeconds: seconds(ttl) };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
