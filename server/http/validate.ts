/**
 * Request validation in one place: path parameters (`params`), query (`query`) and JSON body (`jsonBody`),
 * each a middleware that answers a 400 `{ code, message, field }` or hands the handler the parsed value
 * (`c.req.valid('param' | 'query' | 'json')`). `requestGuard` runs first for every request and refuses
 * control characters in the path or query. Bodies are bounded in size (app.ts) and in nesting depth here.
 */
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { API_ERROR_CODES, type ApiErrorCode } from '../../src/api/contract/error-codes';
import { idText, MAX_ID } from '../../src/api/contract/primitives';
import { VERSION_REQUIRED_MESSAGE } from '../../src/api/contract/version';
import { fail } from './errors';
import type { HonoEnv } from './types';

type AnySchema = v.GenericSchema;
type ParamSchema = v.GenericSchema<string, unknown>;

/** Which part of a request a validator checks, and with which schema. */
export interface RequestValidator {
  part: 'param' | 'query' | 'json';
  schema: AnySchema;
}
const validators = new WeakMap<object, RequestValidator>();
/**
 * The validator a route's handler is, if it is one: the fuzz suite (tests/api/fuzz.test.ts) reads every
 * route's schemas from the app's routes to build its requests.
 */
export function validatorOf(handler: unknown): RequestValidator | undefined {
  return typeof handler === 'function' ? validators.get(handler) : undefined;
}
function registered<H extends object>(handler: H, validator: RequestValidator): H {
  validators.set(handler, validator);
  return handler;
}

/** Deeper JSON than this is refused before it is parsed: no contract nests more than a few levels. */
export const MAX_JSON_DEPTH = 32;

/** The one id rule (src/api/contract/primitives.ts) for an id in a path: digits naming 1 to MAX_ID. */
export const IdParam = idText('id', `The id in the path must be a whole number from 1 to ${MAX_ID}`);

/** A user's firebaseUid in a path: 1–128 characters, no slash or space. */
export const UidParam = v.pipe(
  v.string(),
  v.regex(/^[^/\s]{1,128}$/, 'The user id in the path must be 1 to 128 characters without spaces'),
);

/** A place id in a path (the geo service's): 1–500 characters, not blank. */
export const PlaceIdParam = v.pipe(
  v.string(),
  v.regex(/^(?!\s*$)[^/]{1,500}$/, 'The place id in the path must be 1 to 500 characters, not blank'),
);

/**
 * A validation failure as the error body's parts: `field` is the top-level input of the first issue, and
 * `message` the issues' own wording joined (never prefixed with a field path). An issue about the whole
 * value ("must be an object …") is said of `subject`.
 */
export function describeIssues(
  issues: readonly v.BaseIssue<unknown>[],
  subject: string,
): { message: string; field?: string } {
  const texts = issues.map((issue) => {
    // A write without its version is told what to send, whatever the object's own wording for missing keys.
    if (issue.path?.length === 1 && issue.path[0]?.key === 'version' && issue.input === undefined)
      return VERSION_REQUIRED_MESSAGE;
    return issue.path === undefined && issue.message.startsWith('must ')
      ? `${subject} ${issue.message}`
      : issue.message;
  });
  const key = issues[0]?.path?.[0]?.key;
  return { message: [...new Set(texts)].join('; '), ...(typeof key === 'string' && { field: key }) };
}

function refuse(
  c: Parameters<typeof fail>[0],
  code: ApiErrorCode,
  subject: string,
  issues: readonly v.BaseIssue<unknown>[],
) {
  const { message, field } = describeIssues(issues, subject);
  return fail(c, 400, code, message, field);
}

/** Validates the path parameters; the handler reads them with `c.req.valid('param')`. */
export function params<const S extends Record<string, ParamSchema>>(
  shape: S,
): MiddlewareHandler<
  HonoEnv,
  string,
  {
    in: { param: { [K in keyof S]: string } };
    out: { param: { [K in keyof S]: v.InferOutput<S[K]> } };
  }
> {
  return fromRequest('param', v.object(shape));
}

/** Validates query parameters (each given as the list of its values); read with `c.req.valid('query')`. */
export function query<S extends AnySchema>(
  schema: S,
): MiddlewareHandler<HonoEnv, string, { out: { query: v.InferOutput<S> } }> {
  return fromRequest('query', schema);
}

/** The path or the query, parsed with `schema`: a 400 naming its first wrong field, or the value handed on. */
function fromRequest(part: 'param' | 'query', schema: AnySchema): MiddlewareHandler {
  const [code, subject] =
    part === 'param'
      ? [API_ERROR_CODES.invalidParam, 'The path']
      : [API_ERROR_CODES.invalidQuery, 'The query'];
  return registered<MiddlewareHandler>(
    async (c, next) => {
      const result = v.safeParse(schema, part === 'param' ? c.req.param() : c.req.queries());
      if (!result.success) return refuse(c, code, subject, result.issues);
      c.req.addValidatedData(part, result.output as object);
      await next();
    },
    { part, schema },
  );
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Parses and validates the JSON body; the handler reads it with `c.req.valid('json')`. */
export function jsonBody<S extends AnySchema>(
  schema: S,
): MiddlewareHandler<HonoEnv, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  return registered<MiddlewareHandler>(
    async (c, next) => {
      const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
      if (!JSON_MEDIA_TYPE.test(mediaType)) {
        return fail(
          c,
          415,
          API_ERROR_CODES.unsupportedMediaType,
          'The request body must be JSON (Content-Type: application/json)',
        );
      }
      const text = await c.req.text();
      if (jsonDepth(text) > MAX_JSON_DEPTH) {
        return fail(
          c,
          400,
          API_ERROR_CODES.invalidJson,
          `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`,
        );
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        return fail(
          c,
          400,
          API_ERROR_CODES.invalidJson,
          `The request body is not valid JSON: ${(error as Error).message}`,
        );
      }
      const nul = findNulCharacter(body);
      if (nul !== undefined) {
        return fail(
          c,
          400,
          API_ERROR_CODES.invalidBody,
          'Text must not contain NUL characters',
          nul || undefined,
        );
      }
      const result = v.safeParse(schema, body);
      if (!result.success) return refuse(c, API_ERROR_CODES.invalidBody, 'The request body', result.issues);
      // Every body of this API is a JSON object, but valibot's object schemas also take an array (as an object
      // without keys): an array that got this far would pass as an empty object.
      if (Array.isArray(body)) {
        return fail(c, 400, API_ERROR_CODES.invalidBody, 'The request body must be a JSON object');
      }
      c.req.addValidatedData('json', result.output as object);
      await next();
    },
    { part: 'json', schema },
  );
}

/** The deepest nesting of arrays and objects in JSON text, counted without parsing (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return deepest;
}

/**
 * PostgreSQL cannot store U+0000 in text; left in, it would fail the insert (a 500) instead of a 400.
 * Answers the top-level key holding one ('' for the body itself), or undefined. Iterative: no recursion.
 */
export function findNulCharacter(body: unknown): string | undefined {
  const stack: { value: unknown; top: string }[] = [{ value: body, top: '' }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const { value, top } = entry;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return top;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return top;
        stack.push({ value: item, top: top === '' && !Array.isArray(value) ? key : top });
      }
    }
  }
  return undefined;
}

// Control characters (C0 and DEL), raw or percent-encoded.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

// A "." or ".." segment, raw or percent-encoded (%2e, %2E.): URL parsers resolve it away before routing.
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * The path as the client sent it. On Node the request's URL has already been parsed, which resolves dot
 * segments ("/credits/%2e%2e/promo" becomes "/promo"), so the raw request line is read when there is one.
 */
function sentPath(c: Context, url: string): string {
  const incoming = (c.env as { incoming?: { url?: unknown } } | undefined)?.incoming?.url;
  const target = typeof incoming === 'string' && incoming.startsWith('/') ? incoming : url;
  const start = target.startsWith('/') ? 0 : target.indexOf('/', target.indexOf('//') + 2);
  const end = target.indexOf('?', start);
  return end === -1 ? target.slice(start) : target.slice(start, end);
}

/**
 * Refuses a control character in the path or query, and a dot segment in the path, with a 400: such text
 * cannot be stored (NUL) and has no business in an address, and a dot segment would route the request
 * somewhere other than the path it names.
 */
export const requestGuard: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const queryAt = url.indexOf('?', start);
  const rawPath = queryAt === -1 ? url.slice(start) : url.slice(start, queryAt);
  if (ENCODED_CONTROL.test(rawPath) || CONTROL.test(rawPath)) {
    return fail(c, 400, API_ERROR_CODES.invalidParam, 'The address must not contain control characters');
  }
  if (DOT_SEGMENT.test(sentPath(c, url))) {
    return fail(c, 400, API_ERROR_CODES.invalidParam, 'The address must not contain . or .. segments');
  }
  if (queryAt !== -1) {
    const rawQuery = url.slice(queryAt + 1);
    if (ENCODED_CONTROL.test(rawQuery) || CONTROL.test(rawQuery)) {
      const field = [...new URLSearchParams(rawQuery)].find(
        ([key, value]) => CONTROL.test(key) || CONTROL.test(value),
      )?.[0];
      return fail(
        c,
        400,
        API_ERROR_CODES.invalidQuery,
        'The query must not contain control characters',
        field && !CONTROL.test(field) ? field : undefined,
      );
    }
  }
  await next();
};
