/**
 * The one HTTP client base every outside-system client is written on (server/README.md, "Outside systems"):
 * a time limit per request, retries with backoff on 429 and 5xx for reads (honouring Retry-After), answers
 * parsed with valibot schemas, and pagination to the end (by offset, `allPages`, or by cursor,
 * `allCursorPages`). A vendor client (server/outside/mindbody/client.ts
 * is the one to copy) maps what comes back to the `rejected` / `not-connected` / `unavailable` outcomes of
 * server/strategies/scheduling-system.ts.
 *
 * What never happens here: a thrown error for anything the vendor answers or fails to answer (every case is
 * a value), and a secret in a log line (the lines carry the system, method, path, status and, for a shape
 * the schema refused, the paths of the wrong fields; never headers, bodies or values).
 */
import * as v from 'valibot';
import type { Log } from '../http/log';

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export interface OutsideClientOptions {
  /** The system's name in log lines ("MINDBODY"). */
  system: string;
  /** The vendor's base URL (a function: the running API learns its own address once it listens). */
  baseUrl: () => string;
  /** How requests are sent; the global fetch unless given (tests hand in an app's own fetch). */
  fetch?: Fetch;
  /** The time limit of one request, in milliseconds. */
  timeoutMs: number;
  /** Further attempts of a read after a 429, a 5xx or a refused connection. */
  retries?: number;
  /** The first backoff; each further one doubles it (with jitter). */
  backoffMs?: number;
  /** The longest Retry-After honoured; a longer one gives up at once (`unavailable`). */
  maxRetryAfterMs?: number;
  log: Log;
  /** Waits between attempts (tests pass one that records the waits). */
  sleep?: (ms: number) => Promise<void>;
}

export interface OutsideRequest<TSchema extends v.GenericSchema> {
  method: 'GET' | 'POST';
  /** Below the base URL, without a leading slash: `site/locations` (empty: the base URL itself). */
  path: string;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: unknown;
  /** A form body (application/x-www-form-urlencoded, an OAuth token request) instead of a JSON one. */
  form?: Record<string, string>;
  /** The successful answer's shape. */
  schema: TSchema;
  /** A read sent as a POST (a GraphQL query): repeated like a GET. By default only a GET is a read. */
  read?: boolean;
}

/**
 * What a request came to. `refused`: the vendor answered 4xx (other than 429) with this body, which the
 * vendor client reads to decide between `rejected` and `not-connected`. `unavailable`: no usable answer
 * (time limit, connection, 429/5xx after the retries, or a shape the schema refused), already logged.
 */
export type OutsideAnswer<T> =
  | { ok: true; value: T }
  | { ok: false; kind: 'refused'; status: number; body: unknown }
  | { ok: false; kind: 'unavailable' };

const DEFAULT_RETRIES = 2;
/** What a header value may hold on the wire: Latin-1 without NUL, CR or LF. */
const HEADER_VALUE = /^[^\0\r\n\u0100-\uffff]*$/;
const DEFAULT_BACKOFF_MS = 200;
const DEFAULT_MAX_RETRY_AFTER_MS = 5000;

/** Retry-After as seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const issuePaths = (issues: readonly v.BaseIssue<unknown>[]) =>
  issues.slice(0, 5).map((issue) => v.getDotPath(issue) ?? '(root)');

export function createOutsideClient(options: OutsideClientOptions) {
  const {
    system,
    log,
    timeoutMs,
    retries = DEFAULT_RETRIES,
    backoffMs = DEFAULT_BACKOFF_MS,
    maxRetryAfterMs = DEFAULT_MAX_RETRY_AFTER_MS,
  } = options;
  const send: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));

  // An empty path asks the base URL itself (an endpoint configured in full, as geocoding is).
  const urlOf = (path: string, query: Record<string, string | number> = {}) => {
    const base = options.baseUrl().replace(/\/+$/, '');
    const url = new URL(path ? `${base}/${path}` : base);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    return url.toString();
  };

  async function request<TSchema extends v.GenericSchema>(
    req: OutsideRequest<TSchema>,
  ): Promise<OutsideAnswer<v.InferOutput<TSchema>>> {
    const where = { system, method: req.method, path: req.path };
    // A header value no HTTP server can receive (typed text beyond Latin-1, a line break) never leaves
    // here: it is refused as the vendor would refuse a malformed request, never a connection failure.
    if (Object.values(req.headers ?? {}).some((value) => !HEADER_VALUE.test(value)))
      return { ok: false, kind: 'refused', status: 400, body: undefined };
    // Only reads are repeated: a write the vendor may have done must not be done twice.
    const attempts = (req.read ?? req.method === 'GET') ? retries + 1 : 1;
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await send(urlOf(req.path, req.query), {
          method: req.method,
          headers: {
            Accept: 'application/json',
            ...(req.body !== undefined && { 'Content-Type': 'application/json' }),
            ...(req.form !== undefined && { 'Content-Type': 'application/x-www-form-urlencoded' }),
            ...req.headers,
          },
          ...(req.body !== undefined && { body: JSON.stringify(req.body) }),
          ...(req.form !== undefined && { body: new URLSearchParams(req.form).toString() }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        // A system that let the time limit pass is not asked again: the caller is waiting.
        if (!timedOut && attempt < attempts) {
          await sleep(backoffMs * 2 ** (attempt - 1));
          continue;
        }
        log.warn(
          { ...where, reason: timedOut ? `no answer within ${timeoutMs} ms` : 'no connection' },
          'Outside system did not answer',
        );
        return { ok: false, kind: 'unavailable' };
      }
      const status = response.status;
      if (status === 429 || status >= 500) {
        const wait = retryAfterMs(response.headers.get('Retry-After'));
        await response.body?.cancel();
        if (attempt < attempts && (wait === undefined || wait <= maxRetryAfterMs)) {
          const jitter = Math.random() * backoffMs * 0.5;
          await sleep(wait ?? backoffMs * 2 ** (attempt - 1) + jitter);
          continue;
        }
        log.warn({ ...where, status, attempts: attempt }, 'Outside system did not answer');
        return { ok: false, kind: 'unavailable' };
      }
      let body: unknown;
      try {
        const text = await response.text();
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        log.warn({ ...where, status }, 'Outside system answered something other than JSON');
        return { ok: false, kind: 'unavailable' };
      }
      if (status >= 400) return { ok: false, kind: 'refused', status, body };
      const parsed = v.safeParse(req.schema, body);
      if (!parsed.success) {
        log.warn(
          { ...where, status, fields: issuePaths(parsed.issues) },
          'Outside system answered an unexpected shape',
        );
        return { ok: false, kind: 'unavailable' };
      }
      return { ok: true, value: parsed.output };
    }
  }

  /**
   * Every page of a list, asked by offset until the vendor's total is reached (or a page comes back short):
   * `page(offset)` asks one page and says its items and the total the vendor reports.
   */
  async function allPages<T>(
    page: (offset: number) => Promise<OutsideAnswer<{ items: T[]; total: number }>>,
    maxPages = 100,
  ): Promise<OutsideAnswer<T[]>> {
    const items: T[] = [];
    for (let asked = 0; asked < maxPages; asked += 1) {
      const answer = await page(items.length);
      if (!answer.ok) return answer;
      items.push(...answer.value.items);
      if (answer.value.items.length === 0 || items.length >= answer.value.total)
        return { ok: true, value: items };
    }
    log.warn({ system, pages: maxPages }, 'Outside system list longer than the pages read; stopped');
    return { ok: false, kind: 'unavailable' };
  }

  /**
   * Every page of a list paged by cursor: `page(cursor)` asks one page (no cursor: the first) and says its
   * items and the next page's cursor, absent on the last page. A cursor the vendor repeats ends the walk as
   * `unavailable`, as a list longer than `maxPages` does.
   */
  async function allCursorPages<T>(
    page: (cursor: string | undefined) => Promise<OutsideAnswer<{ items: T[]; cursor?: string | undefined }>>,
    maxPages = 100,
  ): Promise<OutsideAnswer<T[]>> {
    const items: T[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let asked = 0; asked < maxPages; asked += 1) {
      const answer = await page(cursor);
      if (!answer.ok) return answer;
      items.push(...answer.value.items);
      cursor = answer.value.cursor || undefined;
      if (cursor === undefined) return { ok: true, value: items };
      if (seen.has(cursor)) {
        log.warn({ system, pages: asked + 1 }, 'Outside system repeated a page cursor; stopped');
        return { ok: false, kind: 'unavailable' };
      }
      seen.add(cursor);
    }
    log.warn({ system, pages: maxPages }, 'Outside system list longer than the pages read; stopped');
    return { ok: false, kind: 'unavailable' };
  }

  return { request, allPages, allCursorPages };
}

export type OutsideClient = ReturnType<typeof createOutsideClient>;

/**
 * An app's own fetch as a `Fetch`, without a socket (API tests that call the app in process): the request
 * is handled in this process and the time limit still applies (an aborted request rejects at once).
 */
export function inProcessFetch(handle: (request: Request) => Response | Promise<Response>): Fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      Promise.resolve(handle(new Request(input, init))).then(resolve, reject);
    });
}
