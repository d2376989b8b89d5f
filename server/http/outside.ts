/**
 * An outside service failed, could not be reached or answered something unreadable: the payment provider,
 * the geo service, the identity service (and any other the product calls, such as a scheduling system). Each
 * service's error extends `OutsideServiceError` and says how the API answers it; `errorHandler`
 * (http/errors.ts) turns every one into that answer, logged as a warning (`logOutage`), in this one place. A
 * service or a route lets it pass: no try/catch of its own. The one exception is a read that answers without
 * the service's part (the dashboard's activity, whose bookings are ours and whose payouts are Stripe's): it
 * catches that service's error alone and logs it with `logOutage` too.
 *
 * The file to copy for a new outside service: payouts/payments.ts (`PaymentsUnavailableError`).
 */
import type { ApiErrorCode } from '../../src/api/contract/error-codes';
import type { Log } from './log';

export interface OutsideAnswer {
  /** 502: the service failed this call; 503: it is down for a while (with `retryAfterSeconds`). */
  status: 502 | 503;
  code: ApiErrorCode;
  /** The plain sentence for the person. */
  message: string;
  retryAfterSeconds?: number;
}

export class OutsideServiceError extends Error {
  constructor(
    /** The service's name in the log line "<service> service unavailable". */
    readonly service: string,
    /** How the API answers this failure. */
    readonly answer: OutsideAnswer,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The one log line of an outside service that failed: a warning "<service> service unavailable". */
export function logOutage(log: Log, error: OutsideServiceError, request: { method: string; path: string }) {
  log.warn(
    { err: error, method: request.method, path: request.path },
    `${error.service} service unavailable`,
  );
}
