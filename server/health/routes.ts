/**
 * GET /health (public): the API is up and its database answers (503 `server/database-unavailable` with
 * Retry-After when it does not); `limits: 'degraded'` while the rate limit counters (Redis) cannot be
 * reached, when requests go through without limits.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Health } from '../../src/api/contract/health';
import type { Db, Engine } from '../db/client';
import { databaseAnswer, DATABASE_RETRY_AFTER_S } from '../http/database-errors';
import { API_ERROR_CODES, fail } from '../http/errors';
import type { Log } from '../http/log';
import type { HonoEnv } from '../http/types';
import type { CounterStore } from '../limits/store';

export function healthRoutes({
  db,
  engine,
  log,
  counters,
}: {
  db: Db;
  engine: Engine;
  log: Log;
  counters: Pick<CounterStore, 'health'>;
}) {
  return new Hono<HonoEnv>().get('/', async (c) => {
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      // Not answering in time is an outage to watch, not a bug; anything else is logged as an error.
      if (databaseAnswer(error)) log.warn({ err: error }, 'Health check: the database did not answer');
      else log.error({ err: error }, 'Health check: the database did not answer');
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return fail(c, 503, API_ERROR_CODES.databaseUnavailable, 'The database is not answering');
    }
    return c.json<Health>({ status: 'ok', database: engine, limits: counters.health() });
  });
}
