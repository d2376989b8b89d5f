/**
 * The reference API as a Hono app, without listening, so tests and main.ts build the same thing.
 * Cross-cutting concerns live here; each resource's routes live in server/routes, one module each.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Db, Engine } from './db/client';
import type { Env } from './env';
import { createAllow } from './http/auth';
import { ERROR_CODES, errorHandler, fail, notFound, type Logger } from './http/errors';
import type { HonoEnv } from './http/types';
import type { Identity } from './identity';
import { healthRoutes } from './routes/health';
import { providerRoutes } from './routes/providers';
import { serviceCategoryRoutes } from './routes/service-categories';

export interface AppDeps {
  db: Db;
  engine: Engine;
  identity: Identity;
  env: Pick<Env, 'CORS_ORIGINS'>;
  /** Where unexpected errors are reported; console.error by default. */
  log?: Logger;
}

const MAX_BODY_BYTES = 1024 * 1024;

export function createApp({ db, engine, identity, env, log = console.error }: AppDeps) {
  const allow = createAllow(identity);
  // strict: false so /bundle/ and /bundle are the same route; the spec's client uses both spellings.
  const app = new Hono<HonoEnv>({ strict: false });

  app.use(
    '*',
    cors({
      origin: env.CORS_ORIGINS,
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type'],
      maxAge: 600,
    }),
  );
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) =>
        fail(c, 413, ERROR_CODES.tooLarge, `The request body is larger than ${MAX_BODY_BYTES} bytes`),
    }),
  );

  app.route('/health', healthRoutes({ db, engine, log }));
  app.route('/svc-category', serviceCategoryRoutes({ db, allow }));
  app.route('/providers', providerRoutes({ db, allow }));

  app.notFound(notFound);
  app.onError(errorHandler(log));
  return app;
}

export type App = ReturnType<typeof createApp>;
