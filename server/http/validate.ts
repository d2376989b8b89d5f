/**
 * Request validation with the contract's valibot schemas. A failure is a 400 whose message names the
 * field path ("name: name is required"), so a client can show it next to the field.
 */
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { ERROR_CODES, fail } from './errors';
import type { HonoEnv } from './types';

type AnySchema = v.GenericSchema;

/** "path: message" for each issue; issues about the whole value are named after `root`. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[], root: string): string {
  const seen = new Set<string>();
  for (const issue of issues) seen.add(`${v.getDotPath(issue) ?? root}: ${issue.message}`);
  return [...seen].join('; ');
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Parses and validates the JSON body; the handler reads it with `c.req.valid('json')`. */
export function jsonBody<S extends AnySchema>(
  schema: S,
): MiddlewareHandler<HonoEnv, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  return async (c, next) => {
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
    if (!JSON_MEDIA_TYPE.test(mediaType)) {
      return fail(
        c,
        415,
        ERROR_CODES.unsupportedMediaType,
        'The request body must be JSON (Content-Type: application/json)',
      );
    }
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      return fail(
        c,
        400,
        ERROR_CODES.invalidJson,
        `The request body is not valid JSON: ${(error as Error).message}`,
      );
    }
    const nul = findNulCharacter(body, []);
    if (nul !== undefined) {
      return fail(c, 400, ERROR_CODES.invalidBody, `${nul || 'body'}: text must not contain NUL characters`);
    }
    const result = v.safeParse(schema, body);
    if (!result.success) return fail(c, 400, ERROR_CODES.invalidBody, describeIssues(result.issues, 'body'));
    c.req.addValidatedData('json', result.output as object);
    await next();
  };
}

/** PostgreSQL cannot store U+0000 in text; left in, it would fail the insert (a 500) instead of a 400. */
function findNulCharacter(value: unknown, path: string[]): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\0')].join('.');
    const found = findNulCharacter(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Validates query parameters (each as the list of its values) against a schema; a value or a 400. */
export function parseQuery<S extends AnySchema>(
  c: Context,
  schema: S,
): { ok: true; value: v.InferOutput<S> } | { ok: false; response: Response } {
  const result = v.safeParse(schema, c.req.queries());
  if (result.success) return { ok: true, value: result.output };
  return {
    ok: false,
    response: fail(c, 400, ERROR_CODES.invalidQuery, describeIssues(result.issues, 'query')),
  };
}
