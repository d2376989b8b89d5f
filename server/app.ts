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
import { creditRoutes } from './routes/credits';
import { externalAdminRoutes } from './routes/external-admin';
import { healthRoutes } from './routes/health';
import { inviteRoutes } from './routes/invites';
import { leadRoutes } from './routes/leads';
import { promoRoutes } from './routes/promos';
import { userRoutes } from './routes/users';
import { providerRoutes } from './routes/providers';
import { serviceCategoryRoutes } from './routes/service-categories';
import { bundleRoutes } from './routes/bundles';
import { serviceItemRoutes } from './routes/service-items';
import { uploadRoutes } from './routes/uploads';

export interface AppDeps {
  db: Db;
  engine: Engine;
  identity: Identity;
  /** DATA_DIR holds uploaded images (DATA_DIR/uploads). */
  env: Pick<Env, 'CORS_ORIGINS' | 'DATA_DIR'>;
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
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      fail(c, 413, ERROR_CODES.tooLarge, `The request body is larger than ${MAX_BODY_BYTES} bytes`),
  });
  // POST /upload takes images up to 5 MB and sets its own limit (server/routes/uploads.ts).
  app.use('*', (c, next) => (/^\/upload\/?$/.test(c.req.path) ? next() : jsonBodyLimit(c, next)));

  app.route('/health', healthRoutes({ db, engine, log }));
  app.route('/external-admin', externalAdminRoutes({ identity }));
  app.route('/svc-category', serviceCategoryRoutes({ db, allow }));
  app.route('/user', userRoutes({ db, allow, identity }));
  app.route('/credits', creditRoutes({ db, allow }));
  app.route('/promo', promoRoutes({ db, allow }));
  app.route('/leads', leadRoutes({ db, allow }));
  app.route('/svc-item', serviceItemRoutes({ db, allow }));
  app.route('/bundle', bundleRoutes({ db, allow }));
  app.route('/', uploadRoutes({ allow, dataDir: env.DATA_DIR }));
  app.route('/providers', providerRoutes({ db, allow }));
  app.route('/provider/invite', inviteRoutes({ db, allow, identity, consoleOrigin: env.CORS_ORIGINS[0] }));

  app.notFound(notFound);
  app.onError(errorHandler(log));
  return app;
}

export type App = ReturnType<typeof createApp>;
