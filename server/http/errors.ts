/**
 * Every failure leaves the API as JSON `{ code, message, field? }` (the ApiError contract): a code from
 * API_ERROR_CODES, a plain sentence for a person, and the name of the input at fault when there is one.
 * Expected failures are answered where they happen; anything unexpected ends in `onError` as a logged,
 * generic 500.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../../src/api/contract/error';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE, type ApiErrorCode } from '../../src/api/contract/error-codes';
import { databaseAnswer } from './database-errors';
import type { Log } from './log';
import { logOutage, OutsideServiceError } from './outside';
import type { HonoEnv } from './types';

export { API_ERROR_CODES };

export function fail(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  field?: string,
): Response {
  return c.json<ApiError>(field === undefined ? { code, message } : { code, message, field }, status);
}

/** 409 `record/stale`: the write was based on a version someone else has replaced since. */
export function stale(c: Context): Response {
  return fail(c, 409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');
}

export const notFound: NotFoundHandler<HonoEnv> = (c) =>
  fail(c, 404, API_ERROR_CODES.routeNotFound, `No route for ${c.req.method} ${c.req.path}`);

export function errorHandler(log: Log): ErrorHandler<HonoEnv> {
  return (error, c) => {
    // Hono's own rejections of a request (e.g. a body it cannot read) are the caller's fault, not ours.
    if (error instanceof HTTPException && error.status < 500) {
      return fail(c, error.status, API_ERROR_CODES.badRequest, error.message || 'Bad request');
    }
    // An outside service that failed (payments, geo) or is down for a while (identity, with a time to come
    // back) is not the caller's fault: each error says its answer (http/outside.ts).
    if (error instanceof OutsideServiceError) {
      const { answer } = error;
      logOutage(log, error, c.req);
      if (answer.retryAfterSeconds) c.header('Retry-After', String(answer.retryAfterSeconds));
      return fail(c, answer.status, answer.code, answer.message);
    }
    // A database that did not answer in time (503), or a duplicate key or broken reference that a concurrent
    // write left (409): not the caller's fault and not a bug (server/http/database-errors.ts).
    const database = databaseAnswer(error);
    if (database) {
      log.warn(
        { err: error, method: c.req.method, path: c.req.path, code: database.code },
        'Database refused',
      );
      if (database.retryAfterSeconds) c.header('Retry-After', String(database.retryAfterSeconds));
      return fail(c, database.status, database.code, database.message, database.field);
    }
    // Request values are fields of the JSON line, never part of its message, so none can forge a line.
    log.error({ err: error, method: c.req.method, path: c.req.path }, 'Unhandled error');
    return fail(c, 500, API_ERROR_CODES.internal, 'Internal server error');
  };
}
