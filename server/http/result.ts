/**
 * A service's answer without HTTP: the value, or a failure (status, code, plain message, field at fault)
 * that `answer` turns into the `{ code, message, field? }` response. Any feature's services can use it.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE, type ApiErrorCode } from '../../src/api/contract/error-codes';
import type { Deleted } from '../../src/api/contract/primitives';
import { fail } from './errors';

/** A failure a service returns; the route turns it into the response. */
export interface Failure {
  status: ContentfulStatusCode;
  code: ApiErrorCode;
  message: string;
  field?: string;
}

export type Result<T> = { ok: true; value: T } | ({ ok: false } & Failure);

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** The answer to a DELETE that removed record `id`. */
export const deleted = (id: number): Result<Deleted> => ok({ id, deleted: true });
export const failure = (status: ContentfulStatusCode, code: ApiErrorCode, message: string, field?: string) =>
  ({ ok: false, status, code, message, ...(field === undefined ? {} : { field }) }) as const;

/** 404 for a record that does not exist: `<kind>/not-found`, "No <what> with id <id>", naming the field. */
export const recordNotFound = (code: ApiErrorCode, what: string, id: number | string, field?: string) =>
  failure(404, code, `No ${what} with id ${id}`, field);

/**
 * A failure found inside a transaction: thrown to roll it back, caught outside it and returned as the result
 * (`if (error instanceof Rejected) return error.failure;`).
 */
export class Rejected extends Error {
  constructor(readonly failure: Failure & { ok: false }) {
    super(failure.code);
  }
}

/** 400 when a body names an id other than the one in the path; undefined when it names none or that one. */
export const otherIdThanPath = (sent: number | undefined, id: number) =>
  sent !== undefined && sent !== id
    ? failure(400, API_ERROR_CODES.invalidBody, 'id: must be the id in the path', 'id')
    : undefined;

/** 409 `record/stale` as a service's failure: the write was based on a version replaced since. */
export const staleFailure = () => failure(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');

/**
 * True when a write based on version `sent` must be refused as stale (someone saved since); a write that
 * sends no version (where the contract lets it leave it out) is never stale.
 */
export const isStale = (sent: number | undefined, current: number) => sent !== undefined && sent !== current;

export function answer<T>(c: Context, result: Result<T>, status: ContentfulStatusCode = 200): Response {
  if (!result.ok) return fail(c, result.status, result.code, result.message, result.field);
  return c.json(result.value as object, status);
}
