/**
 * Every failure leaves the API as JSON `{ code, message }` (the ApiError contract). Expected failures are
 * answered where they happen; anything unexpected ends in `onError` as a logged, generic 500.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiError } from '../../src/api/contract/error';
import type { HonoEnv } from './types';

export const ERROR_CODES = {
  unauthenticated: 'auth/unauthenticated',
  forbidden: 'auth/forbidden',
  invalidJson: 'request/invalid-json',
  unsupportedMediaType: 'request/unsupported-media-type',
  invalidBody: 'request/invalid-body',
  invalidQuery: 'request/invalid-query',
  tooLarge: 'request/too-large',
  badRequest: 'request/bad-request',
  notFound: 'route/not-found',
  internal: 'server/internal',
  databaseUnavailable: 'server/database-unavailable',
} as const;

export function fail(c: Context, status: ContentfulStatusCode, code: string, message: string): Response {
  return c.json<ApiError>({ code, message }, status);
}

export const notFound: NotFoundHandler<HonoEnv> = (c) =>
  fail(c, 404, ERROR_CODES.notFound, `No route for ${c.req.method} ${c.req.path}`);

export type Logger = (message: string, error: unknown) => void;

export function errorHandler(log: Logger): ErrorHandler<HonoEnv> {
  return (error, c) => {
    // Hono's own rejections of a request (e.g. a body it cannot read) are the caller's fault, not ours.
    if (error instanceof HTTPException && error.status < 500) {
      return fail(c, error.status, ERROR_CODES.badRequest, error.message || 'Bad request');
    }
    log(`Unhandled error on ${c.req.method} ${c.req.path}`, error);
    return fail(c, 500, ERROR_CODES.internal, 'Internal server error');
  };
}
