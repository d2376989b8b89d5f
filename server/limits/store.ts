/**
 * Counters per key over fixed windows, for rate limits and upload quotas: in this process's memory by default,
 * or in Redis (REDIS_URL) so that every API instance counts against the same limits.
 */
export interface Consumed {
  /** False when adding the amount would have passed the limit; nothing was added then. */
  allowed: boolean;
  /** The key's count in the current window (after adding, when allowed). */
  used: number;
  /** Seconds until the window ends and the count starts again from 0 (at least 1). */
  retryAfterSeconds: number;
}

export interface CounterStore {
  readonly kind: 'memory' | 'redis';
  /** Adds `amount` to the key's count in its window unless the count would then pass `limit`. */
  consume(key: string, amount: number, limit: number, windowMs: number): Promise<Consumed>;
  /** `degraded` while the store cannot be reached or its last call failed (requests are let through then). */
  health(): 'ok' | 'degraded';
  close(): Promise<void>;
}

/** Whole seconds until a window ends, at least 1 (for Retry-After). */
export const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** One process's counters. Expired windows are dropped as the map is used, so it does not grow unbounded. */
export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { used: number; endsAt: number }>();
  let calls = 0;
  return {
    kind: 'memory',
    async consume(key, amount, limit, windowMs) {
      const at = now();
      calls += 1;
      if (calls % 1000 === 0) {
        for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { used: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      const retryAfterSeconds = seconds(window.endsAt - at);
      if (window.used + amount > limit) return { allowed: false, used: window.used, retryAfterSeconds };
      window.used += amount;
      return { allowed: true, used: window.used, retryAfterSeconds };
    },
    health: () => 'ok',
    async close() {
      windows.clear();
    },
  };
}

/** Redis when REDIS_URL is set (its client loaded only then), else memory. */
export async function counterStoreFromEnv(env: {
  REDIS_URL: string | undefined;
  REDIS_KEY_PREFIX: string;
  REDIS_TIMEOUT_MS: number;
}): Promise<CounterStore> {
  if (!env.REDIS_URL) return memoryCounterStore();
  const { redisCounterStore } = await import('./redis-store');
  return redisCounterStore(env.REDIS_URL, env.REDIS_KEY_PREFIX, { timeoutMs: env.REDIS_TIMEOUT_MS });
}
