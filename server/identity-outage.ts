/**
 * The identity service's outages: the error an unreachable or silent identity service is answered with (503
 * and Retry-After, never a 500 or "signed out"), how one is recognised, and the time limit every identity call
 * runs under (IDENTITY_TIMEOUT_MS).
 */
import { API_ERROR_CODES } from '../src/api/contract/error-codes';
import { OutsideServiceError } from './http/outside';
import { identityErrorCode, type Identity } from './identity';

/** Seconds a client is asked to wait after an identity outage. */
export const IDENTITY_RETRY_AFTER_S = 5;

/**
 * The identity service could not be reached or did not answer: an outage on its side, answered with 503 and
 * Retry-After (never a 500, never "signed out"). The request can be repeated.
 */
export class IdentityUnavailableError extends OutsideServiceError {
  override name = 'IdentityUnavailableError';
  constructor(message: string, options?: ErrorOptions) {
    const answer = 'The sign-in service is not answering right now. Try again in a moment.';
    const { identityUnavailable: code } = API_ERROR_CODES;
    super(
      'Identity',
      { status: 503, code, message: answer, retryAfterSeconds: IDENTITY_RETRY_AFTER_S },
      message,
      options,
    );
  }
}

/** An identity call that did not answer within IDENTITY_TIMEOUT_MS. */
export class IdentityTimeoutError extends IdentityUnavailableError {
  override name = 'IdentityTimeoutError';
  constructor(method: string, ms: number) {
    super(`The identity service did not answer ${method} within ${ms} ms`);
  }
}

// What firebase-admin and Node answer when the identity service cannot be reached at all.
const OUTAGE_CODES = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error']);
const NETWORK_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Whether an identity call failed because the service is unreachable (not because it refused the call). */
export function isIdentityOutage(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const code = identityErrorCode(cause);
    if (code && (OUTAGE_CODES.has(code) || NETWORK_ERRNOS.has(code))) return true;
    cause = typeof cause === 'object' && 'cause' in cause ? cause.cause : undefined;
  }
  return false;
}

/**
 * The same identity service with a time limit on every call: a call that has not settled after `ms`
 * rejects with IdentityTimeoutError, and a call that cannot reach the service rejects with
 * IdentityUnavailableError (the call itself may still finish later; every caller treats identity
 * work as retryable, see server/identity-sync/).
 */
export function withTimeout(identity: Identity, ms: number): Identity {
  const limited: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(identity)) {
    if (typeof value !== 'function') continue;
    const method = value as (...args: unknown[]) => Promise<unknown>;
    limited[key] = (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new IdentityTimeoutError(key, ms)), ms);
        timer.unref();
        method.apply(identity, args).then(
          (result) => {
            clearTimeout(timer);
            resolve(result);
          },
          (error: unknown) => {
            clearTimeout(timer);
            if (isIdentityOutage(error))
              reject(
                new IdentityUnavailableError(`The identity service is unreachable (${key})`, {
                  cause: error,
                }),
              );
            else reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
  }
  return limited as unknown as Identity;
}
