/**
 * An outside service failed, could not be reached or answered something unreadable: the payment provider,
 * the geo service, the identity service (and any other the product calls, such as a scheduling system). Each
 * service's error extends `OutsideServiceError` and says how the API answers it; `errorHandler`
 * (http/errors.ts) turns every one into that answer, logged as a warning, in this one place. A service or a
 * route lets it pass: no try/catch of its own.
 *
 * The file to copy for a new outside service: payouts/payments.ts (`PaymentsUnavailableError`).
 */
import type { ApiErrorCode } from '../../src/api/contract/error-codes';

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
