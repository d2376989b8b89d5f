/**
 * The one HTTP client: base URL from the validated env, the bearer token injected, responses parsed with
 * valibot. No toasts or redirects in here; errors come out as ApiRequestError with the server's
 * `{ code, message, field? }`. ofetch retries GETs once and never POST/PUT/DELETE.
 *
 * ofetch is loaded on the first request, not with the app: the sign-in page makes no API call, and its
 * first load has a byte budget (scripts/budget.ts).
 */
import type { $Fetch, FetchError as FetchErrorType, FetchOptions } from 'ofetch';
import * as v from 'valibot';
import { ApiErrorSchema } from './contract/error';

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

export interface ApiClientOptions {
  baseURL: string;
  getToken: () => Promise<string | null>;
  /** The provider an admin is viewing the console as, if any: every request then says so in X-Viewing-As. */
  getViewingAs?: () => number | null;
}

type Schema<T> = v.GenericSchema<unknown, T>;
type RequestOptions = Pick<FetchOptions<'json'>, 'query' | 'body' | 'signal'>;

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

export function createApiClient({ baseURL, getToken, getViewingAs }: ApiClientOptions): ApiClient {
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
      let FetchError: typeof FetchErrorType | undefined;
      try {
        const loaded = await load();
        FetchError = loaded.FetchError;
        const data: unknown = await loaded.fetcher(path, { ...options, method });
        return v.parse(schema, data);
      } catch (error) {
        throw toRequestError(error, FetchError);
      }
    };
  return { get: send('GET'), post: send('POST'), put: send('PUT'), delete: send('DELETE') };
}
