/**
 * What the audit trail learns from a request's answer rather than from a written row.
 *
 * Uploads: POST /upload stores a file, not a row, so its 201 is recorded as a create of the `upload` named
 * by the answer's path.
 *
 * Refused authorisation attempts: every 401 and 403 answer (a missing or rejected token,
 * a role the route does not allow, a record outside the caller's scope) is recorded as kind `refused` with
 * the method, path and status, and the caller when the token was valid. Written after the answer, outside
 * any transaction. At most REFUSED_PER_ADDRESS such rows per client address and window are written, so a
 * flood of bad requests cannot fill the table; the answers themselves are not changed.
 */
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/client';
import type { Log } from '../http/log';
import type { HonoEnv } from '../http/types';
import type { CounterStore } from '../limits/store';
import { actorOf } from './context';
import { recordEvent } from './repository';

export const REFUSED_PER_ADDRESS = 60;
const UPLOAD_PATH = /^\/upload\/?$/;

export function recordOutcomes({
  db,
  counters,
  windowSeconds,
  trustProxy,
  log,
}: {
  db: Db;
  counters: CounterStore;
  windowSeconds: number;
  trustProxy: boolean;
  log: Log;
}): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status === 201 && c.req.method === 'POST' && UPLOAD_PATH.test(c.req.path)) {
      const { path } = (await c.res.clone().json()) as { path: string };
      const name = path.split('/').at(-1) ?? path;
      await recordEvent(db, actorOf(c, trustProxy), {
        kind: 'create',
        recordType: 'upload',
        recordId: name,
        status,
        changes: { path },
      });
      return;
    }
    if (status !== 401 && status !== 403) return;
    const actor = actorOf(c, trustProxy);
    try {
      const counted = await counters.consume(
        `audit-refused:${actor.address}`,
        1,
        REFUSED_PER_ADDRESS,
        windowSeconds * 1000,
      );
      if (counted.allowed) await recordEvent(db, actor, { kind: 'refused', status });
    } catch (error) {
      // The refusal stands either way; a failed record must not turn it into a 500.
      log.error({ err: error }, 'A refused request could not be recorded on the audit trail');
    }
  };
}
