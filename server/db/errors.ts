/**
 * Database errors that repositories and services recognise, on either engine, and the ones the API's error
 * handler answers for everyone (`databaseFailure`): a duplicate or a reference that a concurrent request made
 * or removed first (409), and a database that did not answer in time (503).
 */

import { DrizzleQueryError } from 'drizzle-orm/errors';

/** What both drivers' errors (node-postgres, PGlite) carry: the SQLSTATE and, for constraints, its name. */
interface DriverError {
  code: string;
  constraint?: string;
  detail?: string;
  message: string;
}

/** The driver's error, whether thrown as is or wrapped (Drizzle's query error keeps it as `cause`). */
function driverError(error: unknown): DriverError | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && typeof current.code === 'string') {
      return current as DriverError;
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** A unique-constraint violation (SQLSTATE 23505), optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = driverError(error);
  if (found?.code !== '23505') return false;
  return constraint === undefined || found.constraint === constraint;
}

/** How the error handler answers a database error; undefined for any other error (a bug: 500). */
export type DatabaseFailure =
  /** 23505: a row with the same key exists (made by a concurrent request between its check and its insert). */
  | { kind: 'exists'; constraint: string | undefined }
  /** 23503 or 23001 on a delete or an update of a key: another row still refers to this one. */
  | { kind: 'referenced'; constraint: string | undefined }
  /** 23503 on an insert or update: the row it refers to does not exist (or was just deleted). */
  | { kind: 'reference-missing'; constraint: string | undefined }
  /** The database did not answer in time, or could not be reached: worth trying again shortly. */
  | { kind: 'unavailable'; reason: string };

/**
 * SQLSTATEs of a database that did not answer in time or went away: statement_timeout or a cancel (57014),
 * lock_timeout (55P03), idle_in_transaction_session_timeout (25P03), a server shutting down or starting
 * (57P01–57P03), too many connections (53300), and the connection exceptions (class 08).
 */
const UNAVAILABLE_STATES: Record<string, string> = {
  '57014': 'statement timeout',
  '55P03': 'lock timeout',
  '25P03': 'idle in transaction timeout',
  '57P01': 'server shutting down',
  '57P02': 'server crashed',
  '57P03': 'server starting',
  '53300': 'too many connections',
};

/** A pooled connection could not be had: none free in time, or a new one could not connect (client.ts). */
export class DatabaseConnectError extends Error {
  override name = 'DatabaseConnectError';
  constructor(cause: unknown) {
    super(`No database connection: ${(cause as Error | undefined)?.message ?? String(cause)}`, { cause });
  }
}

/** A query whose connection failed under it reports it without a SQLSTATE (Drizzle wraps it). */
const LOST_CONNECTION =
  /Connection terminated|Connection ended|connection error|ECONNRESET|ECONNREFUSED|EPIPE/i;

const codeOf = (error: Error) => ('code' in error ? error.code : undefined);

function chain(error: unknown): unknown[] {
  const errors: unknown[] = [];
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    errors.push(current);
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return errors;
}

export function databaseFailure(error: unknown): DatabaseFailure | undefined {
  const found = driverError(error);
  if (found?.code === '23505') return { kind: 'exists', constraint: found.constraint };
  // ON DELETE RESTRICT is 23001 on newer PostgreSQL versions (PGlite's), 23503 on older ones.
  if (found?.code === '23001') return { kind: 'referenced', constraint: found.constraint };
  if (found?.code === '23503') {
    const referenced = /is still referenced/i.test(found.detail ?? '');
    return { kind: referenced ? 'referenced' : 'reference-missing', constraint: found.constraint };
  }
  const state = found && UNAVAILABLE_STATES[found.code];
  if (state) return { kind: 'unavailable', reason: state };
  if (found && /^08[0-9A-Z]{3}$/.test(found.code))
    return { kind: 'unavailable', reason: 'connection exception' };
  const errors = chain(error);
  if (errors.some((e) => e instanceof DatabaseConnectError)) {
    return { kind: 'unavailable', reason: 'no connection' };
  }
  // Only a query's failure (Drizzle's wrapper) says which side lost the connection: the database's.
  if (
    errors.some((e) => e instanceof DrizzleQueryError) &&
    errors.some((e) => e instanceof Error && LOST_CONNECTION.test(`${e.message} ${String(codeOf(e))}`))
  ) {
    return { kind: 'unavailable', reason: 'connection lost' };
  }
  return undefined;
}
