/**
 * What the outside-system client and outage tests share (tests/api/<vendor>-client.test.ts and
 * <vendor>-outage.test.ts): a client test's harness around its stand-in, an outage suite (the API with a
 * vendor's real client to a stand-in on a database of its own), timing a call, a console read answered while
 * a vendor stalls, and a stand-in served over real HTTP.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono, type Env, type Schema } from 'hono';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Db, Engine } from '../../server/db/client';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { inProcessFetch, type Fetch } from '../../server/outside/http';
import type { StandinFaults } from '../../server/outside/standin';
import type { SchedulingSystems } from '../../server/strategies/scheduling-system';
import { call, callers, expectError, type Callers } from './provider-support';
import {
  captureLog,
  openTestDatabase,
  startTestServer,
  timed,
  type CapturedLog,
  type TestDatabase,
  type TestServer,
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

export interface OutageSuite {
  api: TestServer;
  as: Callers;
  faults: StandinFaults;
  /** The vendor client's log (the API's own is `api.logLines`). */
  clientLog: CapturedLog;
}

/**
 * The API on PGlite with the scheduling systems `compose` makes from a stand-in on a database of its own, the
 * faults it plays and the client's log; set up before the suite's tests and stopped after them.
 */
export function outageSuite(
  compose: (standinDb: Db, faults: StandinFaults, clientLog: CapturedLog) => SchedulingSystems,
): OutageSuite {
  const suite = { faults: { next: [] }, clientLog: captureLog() } as unknown as OutageSuite;
  let standinDb: TestDatabase | undefined;
  beforeAll(async () => {
    standinDb = await openTestDatabase('pglite');
    suite.api = await startTestServer('pglite', {
      schedulingSystems: compose(standinDb.handle.db, suite.faults, suite.clientLog),
    });
    suite.as = await callers();
  });
  afterAll(async () => {
    await suite.api?.stop();
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

/** A stand-in app served on an ephemeral port while `run` runs with its origin (`http://127.0.0.1:…`). */
export async function overHttp<T>(app: App, run: (origin: string) => Promise<T>): Promise<T> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
  });
  try {
    const { port } = server.address() as AddressInfo;
    return await run(`http://127.0.0.1:${port}`);
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
