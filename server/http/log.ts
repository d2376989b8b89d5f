/**
 * Structured logs: one JSON object per line on stdout (pino). Anything that comes from a request is a field
 * of that object, JSON-escaped, never concatenated into the message, so no request can forge a log line.
 *
 * Nothing secret reaches a line:
 * - a request's query is logged by name, with values only for the harmless parameters of
 *   `LOGGED_QUERY_PARAMETERS` (`loggedQuery`); every other value is `[redacted]` (a token, an email typed
 *   in a search, a bank number sent where it should not be);
 * - fields named like a credential or a bank number (`SECRET_FIELDS`) are `[redacted]` wherever they sit in
 *   a logged object, up to four levels deep (pino's `redact`);
 * - an error's message and stack lose the parameters a failed query names (`params: …`), which hold what
 *   was being written.
 */
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

/** What the API writes its logs through; a pino logger, injected via AppDeps so tests can capture it. */
export type Log = Pick<Logger, 'error' | 'warn' | 'info'>;

export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are logged: paging, order, filters by id, date or enum. Free text (`q`,
 * `search`, `name`, `address`), cursors (`after`, which holds a row's sort key, an email for one order),
 * return addresses and anything unknown are logged by name only.
 */
export const LOGGED_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'page',
  'pageSize',
  'limit',
  'sort',
  'dir',
  'role',
  'status',
  'from',
  'to',
  'month',
  'year',
  'provider',
  'location',
  'locationId',
  'strategy',
  'country',
  'step',
  'id',
]);

/** Field names whose values never reach the log, in any logged object (exact names; both spellings). */
export const SECRET_FIELDS = [
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'token',
  'idToken',
  'accessToken',
  'refreshToken',
  'bankAccountToken',
  'password',
  'newPassword',
  'secret',
  'clientSecret',
  'accountNumber',
  'account_number',
  'routingNumber',
  'routing_number',
] as const;

/** `key`, `*.key`, `*.*.key`, `*.*.*.key`: pino's wildcards match one level each. */
const REDACT_PATHS = SECRET_FIELDS.flatMap((key) =>
  [0, 1, 2, 3].map((depth) => [...Array<string>(depth).fill('*'), key].join('.')),
);

/** A request's query for its log line: every parameter by name, values only for the allowlisted ones. */
export function loggedQuery(url: string): Record<string, string[] | string> | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  const fragment = url.indexOf('#', start);
  const search = new URLSearchParams(url.slice(start + 1, fragment < 0 ? undefined : fragment));
  const logged: Record<string, string[] | string> = {};
  for (const name of new Set(search.keys())) {
    Object.defineProperty(logged, name, {
      value: LOGGED_QUERY_PARAMETERS.has(name) ? search.getAll(name) : REDACTED,
      enumerable: true,
    });
  }
  return logged;
}

/** `params: …` of a failed query's message (drizzle names the values it tried to write), up to its line end. */
const QUERY_PARAMETERS = /params: [^\n]*/g;

function scrubError(error: Error): Record<string, unknown> {
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  for (const key of ['message', 'stack'] as const) {
    const text = serialized[key];
    if (typeof text === 'string') serialized[key] = text.replace(QUERY_PARAMETERS, `params: ${REDACTED}`);
  }
  return serialized;
}

export function createLog(destination?: DestinationStream): Logger {
  const options = {
    base: undefined,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: scrubError },
  };
  return destination ? pino(options, destination) : pino(options);
}
