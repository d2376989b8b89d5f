/**
 * What the outside-system client and outage tests share (tests/api/<vendor>-client.test.ts and
 * <vendor>-outage.test.ts): a client test's harness around its stand-in, an outage suite (the API with a
 * vendor's real client to a stand-in on a database of its own, in this process or served over real HTTP),
 * timing a call, a console read answered while a vendor stalls, a stand-in served over real HTTP, and what
 * an outage answers and logs: reads of a stalled vendor, a read retried and a write sent once against one
 * answering 500, and no unexpected error logged.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono, type Env, type Schema } from 'hono';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db, Engine } from '../../server/db/client';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { inProcessFetch, type Fetch } from '../../server/outside/http';
import type { StandinFaults } from '../../server/outside/standin';
import { call, callers, expectError, providerId, type Callers } from './provider-support';
import {
  captureLog,
  openTestDatabase,
  startTestServer,
  timed,
  type CapturedLog,
  type TestDatabase,
  type TestServer,
  type TestServerOptions,
} from './support';

type App = { fetch: (request: Request) => Response | Promise<Response> };

/**
 * A client test's harness on one engine: the stand-in's database (opened for the suite), each test's captured
 * log and waits (`fresh` starts them anew and clears the faults), the stand-in's faults and clock, and the
 * options a client is made with: the base URL, a time limit, the log, the recorded waits and a fetch into the
 * stand-in app (through `wrap`, which may record it).
 */
export function standinHarness(baseUrl: string, engine: Engine) {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const harness = {
    /** The stand-in's database (opened before the suite's tests). */
    get db(): Db {
      if (!database) throw new Error('The stand-in database opens before the tests');
      return database.handle.db;
    },
    /** A stand-in app at `path`: the vendor's routes on the harness's database, clock and faults. */
    standin<E extends Env, S extends Schema, B extends string>(
      path: string,
      routes: (deps: { db: Db; now: () => Date; faults: StandinFaults }) => Hono<E, S, B>,
    ) {
      return new Hono().route(path, routes({ db: harness.db, now: harness.clock, faults: harness.faults }));
    },
    faults: { next: [] } as StandinFaults,
    log: captureLog(),
    sleeps: [] as number[],
    /** The stand-in's "now", in milliseconds. */
    now: Date.now(),
    clock: () => new Date(harness.now),
    fresh() {
      harness.log = captureLog();
      harness.sleeps = [];
      harness.faults.next = [];
      delete harness.faults.always;
      harness.now = Date.now();
    },
    options(app: App, wrap: (fetch: Fetch) => Fetch = (fetch) => fetch) {
      return {
        baseUrl: () => baseUrl,
        timeoutMs: 2000,
        log: harness.log.log,
        fetch: wrap(inProcessFetch((request) => app.fetch(request))),
        sleep: async (ms: number) => {
          harness.sleeps.push(ms);
        },
      };
    },
  };
  return harness;
}

/** The time limit the outage tests give a vendor's client: a stall is given up on in well under a second. */
export const OUTAGE_TIMEOUT_MS = 400;

/** What an outage suite's set-up is handed to start the API with a vendor's stand-in. */
export interface OutageStandin {
  /** The stand-in's database, of its own. */
  db: Db;
  /** The faults the stand-in plays (the suite's `faults`). */
  faults: StandinFaults;
  /** The vendor client's log (the suite's `clientLog`). */
  clientLog: CapturedLog;
  /**
   * A vendor client's options into a stand-in `app` in this process: `baseUrl`, the outage time limit, the
   * client's log and a fetch into the app.
   */
  client(baseUrl: string, app: App): OutageClientOptions;
  /** Serves `app` over real HTTP on an ephemeral port until the suite ends: its origin (`http://127.0.0.1:…`). */
  serve(app: App): Promise<string>;
}

export interface OutageClientOptions {
  baseUrl: () => string;
  timeoutMs: number;
  log: CapturedLog['log'];
  fetch: Fetch;
}

export interface OutageSuite {
  api: TestServer;
  as: Callers;
  faults: StandinFaults;
  /** The vendor client's log (the API's own is `api.logLines`). */
  clientLog: CapturedLog;
}

/**
 * The API on PGlite started with the options `start` makes from a stand-in on a database of its own (the
 * scheduling systems composed on it, or the environment naming where it is served), the faults it plays and
 * the client's log; set up before the suite's tests and stopped after them.
 */
export function outageSuite(
  start: (standin: OutageStandin) => TestServerOptions | Promise<TestServerOptions>,
): OutageSuite {
  const suite = { faults: { next: [] }, clientLog: captureLog() } as unknown as OutageSuite;
  let standinDb: TestDatabase | undefined;
  const served: ReturnType<typeof serve>[] = [];
  beforeAll(async () => {
    standinDb = await openTestDatabase('pglite');
    suite.api = await startTestServer(
      'pglite',
      await start({
        db: standinDb.handle.db,
        faults: suite.faults,
        clientLog: suite.clientLog,
        client: (baseUrl, app) => ({
          baseUrl: () => baseUrl,
          timeoutMs: OUTAGE_TIMEOUT_MS,
          log: suite.clientLog.log,
          fetch: inProcessFetch((request) => app.fetch(request)),
        }),
        serve: async (app) => {
          const { server, origin } = await listen(app);
          served.push(server);
          return origin;
        },
      }),
    );
    suite.as = await callers();
  });
  afterAll(async () => {
    await suite.api?.stop();
    for (const server of served) {
      // A client that keeps its connections alive (the Stripe SDK) would otherwise hold the server open.
      if ('closeAllConnections' in server) server.closeAllConnections();
      server.close();
    }
    await standinDb?.dispose();
  });
  return suite;
}

export { timed };

/**
 * The most a call to a stalled or failing vendor may take past its time limit (or a read past the waits between
 * its attempts) on a shared, busy machine: seconds, still far below the stand-in's two-minute stall that a
 * missing time limit would wait out. How often the vendor was asked is proven otherwise (`stalledOnce`, the
 * attempts in `givenUp`), not by the clock.
 */
export const OUTAGE_SLACK_MS = 8000;

/**
 * Runs `call` with only the vendor's next request stalled (those after it are answered as usual): a client
 * that asked again after its time limit would get an answer, so an `unavailable` answer proves it did not.
 */
export async function stalledOnce<T>(faults: StandinFaults, call: () => Promise<T>): Promise<T> {
  const { always } = faults;
  delete faults.always;
  faults.next = ['stall'];
  try {
    return await call();
  } finally {
    faults.next = [];
    if (always) faults.always = always;
  }
}

/**
 * A slow call to a vendor and, while it waits, another read of the console (the service catalogue), which
 * answers first: the slow call's result and time.
 */
export async function answeredMeanwhile<T>(api: TestServer, adminToken: string, slow: () => Promise<T>) {
  const waiting = timed(slow);
  const others = await timed(() => call(api, 'GET', '/svc-category', adminToken));
  expect(others.result.status).toBe(200);
  const done = await waiting;
  expect(others.ms).toBeLessThan(done.ms);
  return done;
}

/** `app` served on an ephemeral port of 127.0.0.1: the server and its origin (`http://127.0.0.1:…`). */
async function listen(app: App) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

/** A stand-in app served on an ephemeral port while `run` runs with its origin (`http://127.0.0.1:…`). */
export async function overHttp<T>(app: App, run: (origin: string) => Promise<T>): Promise<T> {
  const { server, origin } = await listen(app);
  try {
    return await run(origin);
  } finally {
    server.close();
  }
}

/** A timed call answered 502 `strategy/unavailable` with the vendor's message, in less than `belowMs`. */
export function expectUnavailable(
  answered: { result: { status: number; body: unknown }; ms: number },
  message: string,
  belowMs: number,
) {
  expect(expectError(answered.result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(message);
  expect(answered.ms).toBeLessThan(belowMs);
}

/** The client's last "did not answer" line: the system, method, path, and the status and attempts of a 5xx. */
export function givenUp(clientLog: CapturedLog): Record<string, unknown> | undefined {
  return clientLog.lines.findLast((line) => line['msg'] === 'Outside system did not answer');
}

/** How many "did not answer" lines the client has written. */
export function timesGivenUp(clientLog: CapturedLog): number {
  return clientLog.lines.filter((line) => line['msg'] === 'Outside system did not answer').length;
}

/**
 * A stalled vendor, its next request each time: the locations of `connection` (read as Glow Studio's provider,
 * the console answering meanwhile) and the service items of the provider named `provider` (read as the admin)
 * each answer `message`, the first cut off at the time limit and not long after: a read that lets the time
 * limit pass is not asked again, the caller is waiting.
 */
export async function expectStalledReads(
  outage: OutageSuite,
  connection: Record<string, string>,
  provider: string,
  message: string,
) {
  const id = await providerId(outage.api.db, provider);
  const { result, ms } = await stalledOnce(outage.faults, () =>
    answeredMeanwhile(outage.api, outage.as.admin, () =>
      call(outage.api, 'POST', '/strategies/fetch/locations', outage.as.glow, connection),
    ),
  );
  expect(expectError(result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(message);
  expect(ms).toBeGreaterThanOrEqual(OUTAGE_TIMEOUT_MS - 50);
  expect(ms).toBeLessThan(OUTAGE_TIMEOUT_MS + OUTAGE_SLACK_MS);

  const items = await stalledOnce(outage.faults, () =>
    timed(() => call(outage.api, 'GET', `/strategies/fetch/svc-items?provider=${id}`, outage.as.admin)),
  );
  expectUnavailable(items, message, OUTAGE_TIMEOUT_MS + OUTAGE_SLACK_MS);
}

/**
 * A read of a vendor answering 500: `message` after two retries (200 ms and 400 ms and a little jitter, each
 * answered at once), the client's last line saying so (`gaveUp`: the system, and the method where it is named).
 */
export function expectRetriedRead(
  answered: { result: { status: number; body: unknown }; ms: number },
  clientLog: CapturedLog,
  message: string,
  gaveUp: { system: string; method?: string },
) {
  expect(expectError(answered.result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(message);
  expect(givenUp(clientLog)).toMatchObject({ ...gaveUp, status: 500, attempts: 3 });
  expect(answered.ms).toBeGreaterThanOrEqual(550);
  expect(answered.ms).toBeLessThan(OUTAGE_TIMEOUT_MS + OUTAGE_SLACK_MS);
}

/**
 * A write to a vendor answering 500: `message` at once, the write sent one time and not repeated after the
 * 500 (the client's last line says the attempts made, for `system`'s POST).
 */
export function expectWrittenOnce(
  answered: { result: { status: number; body: unknown }; ms: number },
  clientLog: CapturedLog,
  message: string,
  system: string,
) {
  expect(expectError(answered.result, 502, API_ERROR_CODES.strategyUnavailable).message).toBe(message);
  expect(givenUp(clientLog)).toMatchObject({ system, method: 'POST', status: 500, attempts: 1 });
  expect(answered.ms).toBeLessThan(OUTAGE_TIMEOUT_MS + OUTAGE_SLACK_MS);
}

/** No outage was logged as an unexpected error, by the API or the client, and the client's log keeps `secret` out. */
export function expectNoUnexpectedErrors(outage: OutageSuite, secret: string) {
  expect(outage.api.logged).toEqual([]);
  expect(outage.clientLog.errors).toEqual([]);
  expect(outage.clientLog.raw.join('\n')).not.toContain(secret);
}
