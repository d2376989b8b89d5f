/**
 * The reference API as a Hono app, without listening, so tests and main.ts build the same thing.
 * Cross-cutting concerns live here; each feature's routes live in server/<feature>/ (routes, repository, service).
 */
import { join } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Db, Engine } from './db/client';
import { sandboxesAllowed, type Env } from './env';
import type { OutsideEnv } from './outside/env';
import { createAllow } from './http/auth';
import { createIdempotency, IDEMPOTENCY_KEY_HEADER } from './http/idempotency';
import { revocationCheck } from './http/revocation';
import { API_ERROR_CODES, errorHandler, fail, notFound } from './http/errors';
import { createLog, loggedQuery, type Log } from './http/log';
import type { HonoEnv } from './http/types';
import { requestGuard } from './http/validate';
import { accountAdmin, type Identity } from './identity';
import { withTimeout } from './identity-outage';
import { createIdentityOutbox, type IdentityOutbox } from './identity-sync/outbox';
import { appointmentRoutes, providerBookingRoutes } from './appointments/routes';
import { creditRoutes } from './credits/routes';
import { externalAdminRoutes } from './external-admin/routes';
import { healthRoutes } from './health/routes';
import { inviteRoutes } from './providers/invites.routes';
import { leadRoutes } from './users/leads.routes';
import { promoRoutes } from './promos/routes';
import { userRoutes } from './users/routes';
import { commissionRoutes } from './providers/commissions.routes';
import { locationRoutes } from './providers/locations.routes';
import { providerRoutes } from './providers/providers.routes';
import { specialDateRoutes } from './providers/special-dates.routes';
import { serviceCategoryRoutes } from './catalogue/service-categories.routes';
import { bundleRoutes } from './catalogue/bundles.routes';
import { serviceItemRoutes } from './catalogue/service-items.routes';
import { uploadRoutes } from './uploads/routes';
import { geoOptions } from './geo/config';
import { createHostedGeo } from './geo/hosted';
import type { GeoService } from './geo/geo.service';
import { cityDetailsRoutes, geoRoutes } from './geo/geo.routes';
import { localUploadStorage, type UploadStorage } from './uploads/storage';
import { createRateLimiter, limitsFromEnv, type RateLimitEnv } from './limits/rate-limit';
import { memoryCounterStore, type CounterStore } from './limits/store';
import { polygonRoutes, priceTierRoutes } from './pricing-tiers/routes';
import { createPayments, stripeClientOptions } from './payouts/config';
import type { PaymentsService } from './payouts/payments';
import { settlementAccountRoutes } from './payouts/routes';
import { availabilityRoutes, credentialsRoutes, strategyRoutes } from './onboarding/routes';
import { testFaults } from './http/test-faults';
import { providerServiceItemRoutes } from './provider-svc-items/routes';
import { serviceItemSourceRoutes } from './strategies/svc-items';
import { TEST_FAULT_HEADER } from '../src/api/contract/onboarding';
import { createSchedulingSystems, outsideSystemsOptions } from './strategies/config';
import { connectionRoutes } from './strategies/routes';
import type { SchedulingSystems } from './strategies/scheduling-system';
import { inProcessFetch } from './outside/http';
import { bookerStandinRoutes } from './outside/booker/standin.routes';
import { BOOKER_STANDIN_PATH } from './outside/booker/wire';
import { mindbodyStandinRoutes } from './outside/mindbody/standin.routes';
import { MINDBODY_STANDIN_PATH } from './outside/mindbody/wire';
import { squareStandinRoutes } from './outside/square/standin.routes';
import { SQUARE_STANDIN_PATH } from './outside/square/wire';
import { boulevardStandinRoutes } from './outside/boulevard/standin.routes';
import { boulevardInstallRoutes } from './outside/boulevard/standin-install.routes';
import { BOULEVARD_STANDIN_PATH } from './outside/boulevard/wire';
import { geoStandinRoutes } from './outside/geo/standin.routes';
import { GEO_STANDIN_PATH } from './outside/geo/wire';
import { stripeStandinRoutes } from './outside/stripe/standin.routes';
import { AttachFaults, attachFaultGuard, attachFaultRoutes } from './outside/stripe/standin-faults';
import { STRIPE_STANDIN_PATH } from './outside/stripe/wire';
import { auditContext, VIEWING_AS_HEADER } from './audit/context';
import { auditedDb } from './audit/db';
import { recordOutcomes } from './audit/outcomes';
import { auditRoutes } from './audit/routes';
import { notificationRoutes } from './notifications/routes';
import { settingsRoutes } from './settings/routes';
import { overviewRoutes } from './overview/routes';

export interface AppDeps {
  db: Db;
  engine: Engine;
  identity: Identity;
  /**
   * Uploaded images live in DATA_DIR/uploads unless `storage` says otherwise. IDENTITY_TIMEOUT_MS limits
   * every identity call.
   */
  env: Pick<Env, 'CORS_ORIGINS' | 'DATA_DIR' | 'UPLOAD_QUOTA_BYTES' | 'UPLOAD_QUOTA_WINDOW_SECONDS'> &
    Partial<
      Pick<Env, 'IDENTITY_TIMEOUT_MS' | 'APP_ENV' | 'SCHEDULING_SYSTEMS' | 'DEMO_SANDBOXES'> & OutsideEnv
    > &
    RateLimitEnv;
  /** Rate limit and upload quota counters: this process's memory unless given (Redis, server/limits). */
  counters?: CounterStore;
  /** Where uploads are kept: local disk under DATA_DIR by default (server/uploads/storage.ts). */
  storage?: UploadStorage;
  /**
   * Identity changes to apply after a commit. main.ts passes the one whose worker it runs; without it the
   * app makes its own (applied right after each commit, and by whoever drains it).
   */
  outbox?: IdentityOutbox;
  /** Structured JSON logs (pino); stdout by default. Tests pass a logger that captures the lines. */
  log?: Log;
  /**
   * Place search, geocoding and outlines; by default the map-service client, to GEO_*_URL, else this API's
   * own stand-ins (server/outside/geo/).
   */
  geo?: GeoService;
  /** Settlement accounts and payouts; by default Stripe's SDK to STRIPE_API_URL, else this API's stand-in. */
  payments?: PaymentsService;
  /**
   * The scheduling systems (server/strategies); by default as SCHEDULING_SYSTEMS says: the MINDBODY, BOOKER,
   * BOULEVARD and SQUARE clients (to <VENDOR>_API_URL, else this API's own stand-ins).
   */
  schedulingSystems?: SchedulingSystems;
  /**
   * This API's own base URL once it listens (server/run.ts): the local stand-ins are called there over HTTP.
   * Without it (tests calling the app in process) they are called through the app's own fetch, no socket.
   */
  selfUrl?: () => string;
  /**
   * Whether writes are recorded on the audit trail (always, but in the audit bench, which measures a whole
   * request with and without it: scripts/lib/audit-bench.ts).
   */
  recordAudit?: boolean;
  /** "Now" for the admins' inbox (server/notifications): tests move it to make days pass. */
  now?: () => Date;
}

const MAX_BODY_BYTES = 1024 * 1024;

export const DEFAULT_IDENTITY_TIMEOUT_MS = 5000;
/** The stand-ins' origin when they are called in process (no socket): any name, it is never resolved. */
const IN_PROCESS_ORIGIN = 'http://api.in-process';

export function createApp(deps: AppDeps) {
  const { engine, env, log = createLog() } = deps;
  // Writes made during a write request are recorded on the audit trail by the database (server/audit/).
  const db = deps.recordAudit === false ? deps.db : auditedDb(deps.db, engine);
  const identity = withTimeout(deps.identity, env.IDENTITY_TIMEOUT_MS ?? DEFAULT_IDENTITY_TIMEOUT_MS);
  const outbox =
    deps.outbox ?? createIdentityOutbox({ db, accounts: accountAdmin(identity), log, pollMs: 2000 });
  // The outside systems' clients: to the configured vendor, else to the stand-ins mounted below.
  const standins = {
    log,
    selfUrl: deps.selfUrl,
    inProcessOrigin: IN_PROCESS_ORIGIN,
    appFetch: inProcessFetch((request) => app.fetch(request)),
  };
  const payments = deps.payments ?? createPayments(stripeClientOptions(env, standins));
  // The payouts fault switch exists only in test mode (server/outside/stripe/standin-faults.ts).
  const attachFaults = env.APP_ENV === 'test' ? new AttachFaults() : undefined;
  const geo = deps.geo ?? createHostedGeo(geoOptions(env, standins));
  const scheduling =
    deps.schedulingSystems ??
    createSchedulingSystems(env.SCHEDULING_SYSTEMS ?? 'sandbox', outsideSystemsOptions(env, standins));
  const counters = deps.counters ?? memoryCounterStore();
  const storage = deps.storage ?? localUploadStorage(join(env.DATA_DIR, 'uploads'));
  const limiter = createRateLimiter({ store: counters, limits: limitsFromEnv(env), log });
  const idempotency = createIdempotency({ db: deps.db, log });
  const revoked = revocationCheck(deps.db);
  // Once the token is verified: the per-account limit, revocation (http/revocation.ts), then the
  // Idempotency-Key claim (http/idempotency.ts); the first that answers refuses (or replays) the request.
  const allow = createAllow(
    identity,
    async (c, caller) =>
      (await limiter.perAccount(c, caller.uid)) ?? (await revoked(c, caller)) ?? idempotency.claim(c, caller),
    (c) => limiter.tokenRejected(c),
  );
  // strict: false so /bundle/ and /bundle are the same route; the spec's client uses both spellings.
  const app = new Hono<HonoEnv>({ strict: false });
  // APP_ENV=test only: the X-Test-Fault header makes an onboarding create fail (server/http/test-faults.ts).
  const testMode = env.APP_ENV === 'test';

  app.use(
    '*',
    cors({
      origin: env.CORS_ORIGINS,
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: testMode
        ? ['Authorization', 'Content-Type', IDEMPOTENCY_KEY_HEADER, VIEWING_AS_HEADER, TEST_FAULT_HEADER]
        : ['Authorization', 'Content-Type', IDEMPOTENCY_KEY_HEADER, VIEWING_AS_HEADER],
      maxAge: 600,
    }),
  );
  // One JSON line per request; the path and query are fields of it, so no request value can forge a line.
  // The query's values are logged only for harmless parameters (server/http/log.ts): a token stays out.
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    // The API's own time, beside the network's in the browser's timings (DevTools, Resource Timing).
    c.res.headers.set('Server-Timing', `app;dur=${ms.toFixed(1)}`);
    const query = loggedQuery(c.req.url);
    const userAgent = c.req.header('User-Agent');
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        ...(query && { query }),
        ...(userAgent !== undefined && { userAgent }),
        status: c.res.status,
        ms: Math.round(ms),
      },
      'Request',
    );
  });
  app.use('*', requestGuard);
  // The outside systems' local stand-ins (server/outside/), where the sandboxes are allowed: before the
  // limits and the audit trail, which are the console's, not a vendor's.
  if (sandboxesAllowed(env)) {
    app.route(MINDBODY_STANDIN_PATH, mindbodyStandinRoutes({ db: deps.db }));
    app.route(BOOKER_STANDIN_PATH, bookerStandinRoutes({ db: deps.db }));
    app.route(
      SQUARE_STANDIN_PATH,
      squareStandinRoutes({ db: deps.db, page: { consoleOrigins: env.CORS_ORIGINS, allow } }),
    );
    app.route(BOULEVARD_STANDIN_PATH, boulevardStandinRoutes({ db: deps.db }));
    app.route(GEO_STANDIN_PATH, geoStandinRoutes());
    app.route(
      STRIPE_STANDIN_PATH,
      stripeStandinRoutes({ db: deps.db, consoleOrigins: env.CORS_ORIGINS, publicOrigin: deps.selfUrl }),
    );
    if (attachFaults) app.route(STRIPE_STANDIN_PATH, attachFaultRoutes({ allow, faults: attachFaults }));
  }
  app.use('*', limiter.perAddress);
  // The audit trail: refused attempts and uploads from the answer, writes with who made them and from where.
  app.use(
    '*',
    recordOutcomes({
      db: deps.db,
      counters,
      windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
      trustProxy: env.TRUST_PROXY,
      log,
    }),
  );
  app.use('*', auditContext(env.TRUST_PROXY));
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => {
      // The unread rest of the body is still on the socket: close it so the next request starts clean.
      c.header('Connection', 'close');
      return fail(
        c,
        413,
        API_ERROR_CODES.tooLarge,
        `The request body is larger than ${MAX_BODY_BYTES} bytes`,
      );
    },
  });
  // POST /upload takes images up to 5 MB and sets its own limit (server/uploads/routes.ts).
  app.use('*', (c, next) => (/^\/upload\/?$/.test(c.req.path) ? next() : jsonBodyLimit(c, next)));
  app.use('*', testFaults(testMode));
  app.use('*', idempotency.middleware);

  app.route('/health', healthRoutes({ db, engine, log, counters }));
  app.route('/', auditRoutes({ db, allow, trustProxy: env.TRUST_PROXY }));
  // The sandboxes' pages and the external admin stand-in: outside production, or as a production demo.
  const sandboxes = sandboxesAllowed(env);
  app.route('/external-admin', externalAdminRoutes({ db, allow, standIn: sandboxes }));
  app.route('/svc-category', serviceCategoryRoutes({ db, allow }));
  app.route('/user', userRoutes({ db, allow, identity, outbox, log }));
  app.route('/credits', creditRoutes({ db, allow }));
  app.route('/notifications', notificationRoutes({ db, allow, ...(deps.now ? { now: deps.now } : {}) }));
  app.route('/settings', settingsRoutes({ db, allow }));
  app.route('/overview', overviewRoutes({ db, allow }));
  app.route('/appointments', appointmentRoutes({ db, allow, log, payments }));
  app.route('/i/appointments', providerBookingRoutes({ db, allow }));
  app.route('/promo', promoRoutes({ db, allow }));
  app.route('/leads', leadRoutes({ db, allow }));
  app.route('/svc-item', serviceItemRoutes({ db, allow }));
  app.route('/bundle', bundleRoutes({ db, allow }));
  const quota = {
    store: counters,
    bytes: env.UPLOAD_QUOTA_BYTES,
    windowSeconds: env.UPLOAD_QUOTA_WINDOW_SECONDS,
  };
  app.route('/', uploadRoutes({ allow, storage, quota, log }));
  app.route('/providers/svc-items', providerServiceItemRoutes({ db, allow }));
  app.route('/providers', providerRoutes({ db, allow }));
  if (attachFaults) app.use('/locations/:id', attachFaultGuard(attachFaults));
  app.route('/locations', locationRoutes({ db, allow }));
  app.route(
    '/settlement-accounts',
    settlementAccountRoutes({ db, allow, payments, consoleOrigins: env.CORS_ORIGINS }),
  );
  app.route('/special-date', specialDateRoutes({ db, allow }));
  app.route('/commission', commissionRoutes({ db, allow }));
  app.route('/strategies/fetch/svc-items', serviceItemSourceRoutes({ db, allow, systems: scheduling }));
  app.route('/strategies', strategyRoutes({ allow }));
  app.route('/strategies', connectionRoutes({ db, allow, systems: scheduling }));
  // Boulevard's install page is its stand-in's, where the console's install link points.
  if (sandboxes) app.route('/scheduling-sandbox/boulevard', boulevardInstallRoutes({ db: deps.db, allow }));
  app.route('/credentials', credentialsRoutes({ db, allow }));
  app.route('/availabilities', availabilityRoutes({ db, allow }));
  app.route('/geo', geoRoutes({ geo, allow }));
  // Before /price-tier, whose /{id} would otherwise take "city-details" as an id.
  app.route('/price-tier/city-details', cityDetailsRoutes({ geo, allow }));
  app.route('/price-tier', priceTierRoutes({ db, allow }));
  app.route('/polygon', polygonRoutes({ db, allow }));
  app.route(
    '/provider/invite',
    inviteRoutes({ db, allow, identity, outbox, log, consoleOrigin: env.CORS_ORIGINS[0] }),
  );

  app.notFound(notFound);
  app.onError(errorHandler(log));
  return app;
}

export type App = ReturnType<typeof createApp>;
