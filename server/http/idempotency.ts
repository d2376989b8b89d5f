/**
 * Idempotency keys: a POST sent with `Idempotency-Key: <key>` runs once per account and key; sending it
 * again (a double click, a retry after a lost answer) gets the first answer back instead of a second record.
 *
 * - `middleware` (app.use, before the routes) checks the header: 1–200 printable ASCII characters, else 400
 *   `request/bad-idempotency-key` naming the header. Without the header a request runs as it always did;
 *   on other methods than POST the header is checked and then ignored (PUT and DELETE carry a version).
 * - `claim` (an `allow(...)` hook, so it knows the caller) inserts the row (uid, key) with ON CONFLICT DO
 *   NOTHING before the handler runs. The request that inserts it runs; another one with the same key finds
 *   the row: another method, path or body is refused with 422 `request/idempotency-key-reused`; a finished
 *   one is answered with the stored status and body and `Idempotent-Replayed: true`; a running one is waited
 *   for (up to WAIT_MS, then 409 `request/idempotency-running`).
 * - After the handler, `middleware` stores a 2xx answer; any other answer (or a thrown error) deletes the
 *   row, so a corrected retry with the same key runs.
 * - Rows older than 24 hours are swept (and an old row with the same key counts as absent); a claim still
 *   running after RUNNING_LEASE_MS belongs to a process that died, and the next request takes it over.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/client';
import { IDEMPOTENCY_KEY_TTL_SQL, idempotencyKeys } from '../db/schema';
import type { VerifiedToken } from '../identity';
import { API_ERROR_CODES, fail } from './errors';
import type { Log } from './log';
import type { HonoEnv } from './types';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** 1 to 200 printable ASCII characters (a UUID is 36). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,200}$/;

/** How long a repeated request waits for the first one to finish before it is told to try again. */
const WAIT_MS = 10_000;
const POLL_MS = 100;
/** A claim older than this that never finished was left by a process that stopped. */
const RUNNING_LEASE_MS = 120_000;
/** How often one process deletes the rows older than the TTL. */
const SWEEP_EVERY_MS = 3_600_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function bodyHash(c: Context<HonoEnv>): Promise<string> {
  // A clone, so the route still reads the body its own way (JSON text, or multipart for uploads).
  const bytes = c.req.raw.body ? await c.req.raw.clone().arrayBuffer() : new ArrayBuffer(0);
  return createHash('sha256').update(new Uint8Array(bytes)).digest('hex');
}

export function createIdempotency({ db, log }: { db: Db; log: Log }) {
  let sweptAt = 0;
  const rowOf = (uid: string, key: string) => and(eq(idempotencyKeys.uid, uid), eq(idempotencyKeys.key, key));

  async function sweep() {
    if (Date.now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = Date.now();
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_KEY_TTL_SQL}`));
  }

  /** A row past the TTL, or a claim left running by a process that stopped: it counts as absent. */
  const outdated = or(
    lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_KEY_TTL_SQL}`),
    and(
      isNull(idempotencyKeys.status),
      lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${RUNNING_LEASE_MS / 1000})`),
    ),
  );

  const release = (uid: string, key: string) =>
    db.delete(idempotencyKeys).where(and(rowOf(uid, key), isNull(idempotencyKeys.status)));

  const middleware: MiddlewareHandler<HonoEnv> = async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      return fail(
        c,
        400,
        API_ERROR_CODES.idempotencyKeyInvalid,
        `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to 200 printable characters`,
        IDEMPOTENCY_KEY_HEADER,
      );
    }
    if (c.req.method !== 'POST') return next();
    const state: HonoEnv['Variables']['idempotency'] = { key };
    c.set('idempotency', state);
    try {
      await next();
    } catch (error) {
      if (state.claimedBy !== undefined) await release(state.claimedBy, key);
      throw error;
    }
    const uid = state.claimedBy;
    if (uid === undefined) return;
    const { status } = c.res;
    if (status < 200 || status > 299) {
      await release(uid, key);
      return;
    }
    try {
      const body = await c.res.clone().text();
      await db.update(idempotencyKeys).set({ status, responseBody: body }).where(rowOf(uid, key));
    } catch (error) {
      // The record is made; its answer goes out even if it could not be kept for a repeat.
      log.error({ err: error, method: c.req.method, path: c.req.path }, 'Idempotency answer not stored');
    }
  };

  /** The `allow(...)` hook: claims the key for the caller, or answers for the request that holds it. */
  async function claim(c: Context<HonoEnv>, caller: VerifiedToken): Promise<Response | undefined> {
    const state = c.get('idempotency') as HonoEnv['Variables']['idempotency'] | undefined;
    if (!state || state.claimedBy !== undefined) return undefined;
    const { key } = state;
    const method = c.req.method;
    const path = c.req.path;
    const requestHash = await bodyHash(c);
    await sweep();
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ uid: caller.uid, key, method, path, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) {
        state.claimedBy = caller.uid;
        return undefined;
      }
      const [row] = await db
        .select({
          method: idempotencyKeys.method,
          path: idempotencyKeys.path,
          requestHash: idempotencyKeys.requestHash,
          status: idempotencyKeys.status,
          responseBody: idempotencyKeys.responseBody,
          outdated: sql<boolean>`coalesce(${outdated}, false)`,
        })
        .from(idempotencyKeys)
        .where(rowOf(caller.uid, key));
      if (!row) continue; // released meanwhile: claim it again
      if (row.outdated) {
        await db.delete(idempotencyKeys).where(and(rowOf(caller.uid, key), outdated));
        continue;
      }
      if (row.method !== method || row.path !== path || row.requestHash !== requestHash) {
        return fail(
          c,
          422,
          API_ERROR_CODES.idempotencyKeyReused,
          `This ${IDEMPOTENCY_KEY_HEADER} was already used for another request; send a new key for a new request`,
          IDEMPOTENCY_KEY_HEADER,
        );
      }
      if (row.status !== null) {
        const status = row.status as ContentfulStatusCode;
        c.header(REPLAYED_HEADER, 'true');
        if (status === (204 as ContentfulStatusCode)) return c.body(null, 204);
        return c.body(row.responseBody ?? '', status, { 'Content-Type': 'application/json' });
      }
      if (Date.now() >= deadline) {
        return fail(
          c,
          409,
          API_ERROR_CODES.idempotencyInProgress,
          `A request with this ${IDEMPOTENCY_KEY_HEADER} is still running; try again in a moment`,
          IDEMPOTENCY_KEY_HEADER,
        );
      }
      await sleep(POLL_MS);
    }
  }

  return { middleware, claim };
}
