/** GET /health (public): the API is up and its database answers. */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Health } from '../../src/api/contract/health';
import type { Db, Engine } from '../db/client';
import { API_ERROR_CODES, fail } from '../http/errors';
import type { Log } from '../http/log';
import type { HonoEnv } from '../http/types';

export function healthRoutes({ db, engine, log }: { db: Db; engine: Engine; log: Log }) {
  return new Hono<HonoEnv>().get('/', async (c) => {
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      log.error({ err: error }, 'Health check: the database did not answer');
      return fail(c, 503, API_ERROR_CODES.databaseUnavailable, 'The database is not answering');
    }
    return c.json<Health>({ status: 'ok', database: engine });
  });
}
