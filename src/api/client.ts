/**
 * The one HTTP client: base URL from the validated env, the bearer token injected, responses parsed with
 * valibot. No toasts or redirects in here; errors come out as ApiRequestError with the server's
 * `{ code, message, field? }`. ofetch retries GETs once and never POST/PUT/DELETE. A request its caller called
 * off (its `signal` aborted) rejects with RequestCancelledError instead: nobody waits for its answer, so it is
 * not a failure to show (src/app/cancellation.ts).
 *
 * ofetch is loaded on the first request, not with the app: the sign-in page makes no API call, and its
 * first load has a byte budget (scripts/budget.ts).
 */
import type { $Fetch, FetchError as FetchErrorType, FetchOptions } from 'ofetch';
import * as v from 'valibot';
import { ApiErrorSchema } from './contract/error';
import { AUTH_ERROR_CODES } from './contract/auth-error-codes';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The body key at fault, when the server named one (shown on that form field). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * The request was called off by its caller (its `signal` aborted: the flow that asked moved on or its screen
 * unmounted, or a newer request took its place). Not a failure: nothing is shown for it.
 */
export class RequestCancelledError extends Error {
  constructor(readonly path: string) {
    super(`The request to ${path} was cancelled.`);
    this.name = 'RequestCancelledError';
  }
}

/** Whether a rejection is a request called off by its caller (never shown to a person). */
export function isRequestCancelled(error: unknown): error is RequestCancelledError {
  return error instanceof RequestCancelledError;
}

export interface ApiClientOptions {
  baseURL: string;
  getToken: () => Promise<string | null>;
  /** The provider an admin is viewing the console as, if any: every request then says so in X-Viewing-As. */
  getViewingAs?: () => number | null;
  /**
   * Called when the API refuses the token (401 `auth/unauthenticated`: signed out elsewhere, the person's
   * role changed or they were deleted), so the session can end and send them to sign in again.
   */
  onUnauthenticated?: (error: ApiRequestError) => void;
}

type Schema<T> = v.GenericSchema<unknown, T>;
type RequestOptions = Pick<FetchOptions<'json'>, 'query' | 'body' | 'signal'> & {
  /**
   * A create: the request carries an Idempotency-Key, the same one while the same body is sent again to
   * the same path (a double click, a retry after a failure), so the server makes the record once.
   */
  idempotent?: boolean;
};

export interface ApiClient {
  get<T>(schema: Schema<T>, path: string, options?: RequestOptions): Promise<T>;
  post<T>(schema: Schema<T>, path: string, options?: RequestOptions): Promise<T>;
  put<T>(schema: Schema<T>, path: string, options?: RequestOptions): Promise<T>;
  delete<T>(schema: Schema<T>, path: string, options?: RequestOptions): Promise<T>;
}

function toRequestError(error: unknown, FetchError: typeof FetchErrorType | undefined): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (FetchError && error instanceof FetchError) {
    const body = v.safeParse(ApiErrorSchema, error.data);
    if (body.success) {
      const { code, message, field } = body.output;
      return new ApiRequestError(error.status ?? 0, code, message, field);
    }
    if (!error.status) return new ApiRequestError(0, 'network', 'The server could not be reached.');
    return new ApiRequestError(error.status, 'http', error.statusText || error.message);
  }
  if (error instanceof v.ValiError) {
    return new ApiRequestError(0, 'contract', `Unexpected response from the server: ${error.message}`);
  }
  return new ApiRequestError(0, 'unknown', error instanceof Error ? error.message : String(error));
}

/** The header naming the provider an admin views the console as (the audit trail records it). */
export const VIEWING_AS_HEADER = 'X-Viewing-As';

/** The header of a create's idempotency key (server/http/idempotency.ts). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A random UUID (v4); `crypto.randomUUID` exists only on secure pages, `getRandomValues` everywhere. */
export function newIdempotencyKey(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submission: a body sent again to the same path reuses its key until an answer succeeds (a
 * double click, or a retry after a network failure whose first request may have gone through); another
 * body (the form was edited) or any body after a success gets a new key.
 */
export function createSubmissionKeys(newKey: () => string = newIdempotencyKey) {
  const pending = new Map<string, { body: string; key: string }>();
  return {
    keyFor(path: string, body: unknown): string {
      const text = JSON.stringify(body ?? null);
      const known = pending.get(path);
      if (known?.body === text) return known.key;
      const key = newKey();
      pending.set(path, { body: text, key });
      return key;
    },
    /** The request with this key succeeded: the next submission to the path is a new one. */
    succeeded(path: string, key: string): void {
      if (pending.get(path)?.key === key) pending.delete(path);
    },
  };
}

export function createApiClient({
  baseURL,
  getToken,
  getViewingAs,
  onUnauthenticated,
}: ApiClientOptions): ApiClient {
  const submissions = createSubmissionKeys();
  let loading: Promise<{ fetcher: $Fetch; FetchError: typeof FetchErrorType }> | undefined;
  const load = () =>
    (loading ??= import('ofetch').then(({ ofetch, FetchError }) => ({
      FetchError,
      fetcher: ofetch.create({
        baseURL,
        async onRequest({ options }) {
          const token = await getToken();
          if (token) options.headers.set('Authorization', `Bearer ${token}`);
          const viewingAs = getViewingAs?.() ?? null;
          if (viewingAs !== null) options.headers.set(VIEWING_AS_HEADER, String(viewingAs));
        },
      }),
    })));
  const send =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
    async <T>(schema: Schema<T>, path: string, options: RequestOptions = {}): Promise<T> => {
      const { idempotent, ...fetchOptions } = options;
      const key = idempotent ? submissions.keyFor(path, options.body) : undefined;
      let FetchError: typeof FetchErrorType | undefined;
      try {
        const loaded = await load();
        FetchError = loaded.FetchError;
        const data: unknown = await loaded.fetcher(path, {
          ...fetchOptions,
          method,
          ...(key !== undefined && { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
        });
        if (key !== undefined) submissions.succeeded(path, key);
        return v.parse(schema, data);
      } catch (error) {
        // Called off by the caller, whatever ofetch made of it (an AbortError without a status): not the
        // network's fault, and no answer anyone waits for.
        if (fetchOptions.signal?.aborted) throw new RequestCancelledError(path);
        const failure = toRequestError(error, FetchError);
        if (failure.status === 401 && failure.code === AUTH_ERROR_CODES.unauthenticated)
          onUnauthenticated?.(failure);
        throw failure;
      }
    };
  return { get: send('GET'), post: send('POST'), put: send('PUT'), delete: send('DELETE') };
}
