/**
 * The answers to database errors no route answered itself (`databaseFailure` in server/db/errors.ts), on
 * either engine: a duplicate key or a broken reference left by a concurrent request is a 409 with a plain
 * message (the record's own code where the constraint is known), and a database that did not answer in time
 * is a 503 `server/database-unavailable` with Retry-After.
 */
import { API_ERROR_CODES, type ApiErrorCode } from '../../src/api/contract/error-codes';
import { databaseFailure } from '../db/errors';

/** Seconds a client is asked to wait when the database did not answer in time. */
export const DATABASE_RETRY_AFTER_S = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering right now. Try again in a moment.';

interface Answer {
  status: 409 | 503;
  code: ApiErrorCode;
  message: string;
  field?: string;
  /** For Retry-After (503 only). */
  retryAfterSeconds?: number;
}

/**
 * Unique keys whose duplicate has a code of its own: the same answer the route gives when its check sees the
 * existing row, for when two requests pass that check at once and the second insert meets the first's row.
 */
const KNOWN_DUPLICATES: Record<string, Answer> = {
  commissions_provider_category_key: {
    status: 409,
    code: API_ERROR_CODES.commissionExists,
    message: 'This provider already has a commission for that category; change that one',
    field: 'serviceCategoryId',
  },
  availabilities_category_location_key: {
    status: 409,
    code: API_ERROR_CODES.availabilityExists,
    message: 'This location already has availability for that category; change it instead',
    field: 'serviceCategory',
  },
};

/** The answer to a database error, or undefined when the error is not one (the caller's 500 then). */
export function databaseAnswer(error: unknown): Answer | undefined {
  const failure = databaseFailure(error);
  switch (failure?.kind) {
    case undefined:
      return undefined;
    case 'exists':
      return (
        KNOWN_DUPLICATES[failure.constraint ?? ''] ?? {
          status: 409,
          code: API_ERROR_CODES.recordExists,
          message:
            'This already exists: another request saved the same record at the same time. Reload to see it.',
        }
      );
    case 'referenced':
      return {
        status: 409,
        code: API_ERROR_CODES.recordInUse,
        message: 'Another record still refers to this one, so it cannot be removed or changed that way.',
      };
    case 'reference-missing':
      return {
        status: 409,
        code: API_ERROR_CODES.recordReferenceMissing,
        message:
          'A record this one refers to does not exist (it may have just been deleted). Reload and try again.',
      };
    case 'unavailable':
      return {
        status: 503,
        code: API_ERROR_CODES.databaseUnavailable,
        message: DATABASE_UNAVAILABLE_MESSAGE,
        retryAfterSeconds: DATABASE_RETRY_AFTER_S,
      };
  }
}
