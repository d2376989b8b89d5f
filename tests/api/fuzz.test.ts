/**
 * Generated malformed requests to every write endpoint, every path parameter and every query schema, on each
 * engine. The endpoints and their schemas are read from the app's own routes (tests/api/fuzz-support.ts), so
 * a new endpoint or field is fuzzed without touching this file. Each request is a well-formed one with one
 * part made wrong (a path parameter, a body field, a query parameter) or a body wrong as a whole, sent with
 * the admin token or none; then the provider-side write endpoints (those a provider account may call, read
 * from the role check's own refusal) again with a provider's token, so the scope checks meet the same
 * requests. None may answer a 5xx or log an error; a wrong path or a wrong body as a whole must be refused;
 * and a batch of requests that were all refused must leave every row of every table as it was (a digest of
 * the rows, not only their counts).
 *
 * Requests go to the app in-process (`app.request`), a few at a time; a dot segment cannot survive a URL
 * parser, so those are sent as a raw request line to the served app.
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOT_SEGMENTS,
  encodeParam,
  contentDigestOf,
  endpointsOf,
  MISSING,
  pathsOf,
  wellFormed,
  withWrong,
  WRITE_METHODS,
  wrongBody,
  wrongParam,
  wrongValue,
  type Endpoint,
  type RawBody,
  TEXT,
} from './fuzz-support';
import {
  engines,
  expectRejected,
  signIn,
  startTestServer,
  tableDigest,
  tokenFor,
  tokenWithoutRole,
  type TestServer,
} from './support';

const RUNS_PER_ENDPOINT = 200;
/** The provider's pass goes over endpoints the admin pass has covered with RUNS_PER_ENDPOINT already. */
const PROVIDER_RUNS_PER_ENDPOINT = 100;
/** Requests sent at once. */
const BATCH = 10;
/** A write endpoint's rows are compared every this many batches (a digest of every row costs ~10 ms). */
const BATCHES_PER_DIGEST = 2;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

type Mode = 'param' | 'body' | 'query' | 'whole-body';

interface FuzzRequest {
  mode: Mode;
  path: string;
  /** Sent as a raw request line (a dot segment), not through a URL parser. */
  raw: boolean;
  body?: RawBody;
  /** Whether the pass's token is sent (the admin pass sends none one time in ten). */
  token: boolean;
}

/** What one endpoint's requests came to, printed per endpoint. */
interface EndpointCount {
  endpoint: string;
  requests: number;
  refused: number;
  accepted: number;
  ms: number;
}

/** The roles a route allows, from the role check's refusal of a token without any role. */
const ROLES_NEEDED = /^This needs the role (.+); yours is not set$/;

type Schema = Parameters<typeof wellFormed>[0];
const entriesOf = (schema: v.GenericSchema | undefined): Record<string, Schema> =>
  (schema as { entries?: Record<string, Schema> } | undefined)?.entries ?? {};

/** One query value the schema accepts (a query parameter arrives as the list of its values). */
function queryValue(entry: Schema, name: string): fc.Arbitrary<string[] | undefined> {
  const candidates = [undefined, ...TEXT.map((text) => [text])];
  const accepted = candidates.filter((candidate) => v.is(entry, candidate));
  return accepted.length > 0 ? fc.constantFrom(...accepted) : fc.constant([name]);
}

function queryText(query: Record<string, string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, values] of Object.entries(query))
    for (const value of values ?? []) search.append(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Well-formed bodies of a schema, those it accepts first (cross-field checks refuse some). */
function baseBodies(schema: v.GenericSchema): unknown[] {
  const samples = fc.sample(wellFormed(schema as Schema), { numRuns: 60, seed: SEED });
  const accepted = samples.filter((sample) => v.is(schema, sample));
  return accepted.length > 0 ? accepted : samples;
}

const json = (value: unknown): RawBody => ({ type: 'application/json', text: JSON.stringify(value) ?? '' });

/** The requests of one endpoint: each a well-formed request with one part wrong, or a wrong body. */
function requestsFor(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const { method, path, params, validators } = endpoint;
  const paramEntries = entriesOf(validators.param);
  const goodParam = (name: string) => {
    const entry = paramEntries[name];
    return entry ? (wellFormed(entry, name) as fc.Arbitrary<string>) : fc.constantFrom('1', '2', 'fuzz');
  };
  const queryEntries = Object.entries(entriesOf(validators.query));
  const goodQuery = fc.record(
    Object.fromEntries(queryEntries.map(([name, entry]) => [name, queryValue(entry, name)])),
  );
  const bodies = validators.json ? baseBodies(validators.json) : [];
  const bodyPaths = validators.json ? pathsOf(validators.json as Schema) : [];
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const goodBody: fc.Arbitrary<RawBody | undefined> =
    bodies.length > 0 ? fc.constantFrom(...bodies).map(json) : fc.constant(hasBody ? json({}) : undefined);
  // A DELETE never gets a well-formed path: it would delete what the later endpoints are fuzzed against.
  const deletes = method === 'DELETE';

  const modes: Mode[] = [];
  if (params.length > 0) modes.push('param');
  if (bodyPaths.length > 0 && !deletes) modes.push('body');
  if (queryEntries.length > 0) modes.push('query');
  if (hasBody) modes.push('whole-body');

  return fc
    .record({
      mode: fc.constantFrom(...modes),
      good: fc.tuple(...params.map(goodParam)),
      wrong: fc.tuple(...params.map(() => wrongParam)),
      which: fc.nat(),
      query: goodQuery,
      wrongQuery: fc.tuple(fc.nat(), wrongValue, fc.boolean()),
      body: goodBody,
      wrongField: fc.tuple(fc.nat(), wrongValue),
      wrongBody,
      token: fc.nat(9).map((n) => n > 0),
    })
    .map(({ mode, good, wrong, which, query, wrongQuery, body, wrongField, wrongBody: whole, token }) => {
      const wrongAt = params.length > 0 ? which % params.length : -1;
      const values = params.map((_, i) =>
        (mode === 'param' || deletes) && (i === wrongAt || deletes) ? wrong[i] : good[i],
      );
      let index = 0;
      const filled = path.replace(/:\w+/g, () => encodeParam(values[index++] ?? ''));
      const finalQuery: Record<string, string[] | undefined> = { ...query };
      if (mode === 'query') {
        const [at, value, twice] = wrongQuery;
        const [name] = queryEntries[at % queryEntries.length] ?? [''];
        finalQuery[name] = value === MISSING ? undefined : twice ? [String(value), '1'] : [String(value)];
      }
      let sent = body;
      if (mode === 'body' && bodies.length > 0) {
        const [at, value] = wrongField;
        const base = JSON.parse(body?.text ?? '{}') as unknown;
        sent = json(withWrong(base, bodyPaths[at % bodyPaths.length] ?? [], value));
      }
      if (mode === 'whole-body') sent = whole;
      const raw = values.some((value) => DOT_SEGMENTS.includes(value ?? ''));
      return {
        mode,
        path: `${filled}${queryText(finalQuery)}`,
        raw,
        body: hasBody ? sent : undefined,
        token,
      };
    });
}

describe.each(engines)('fuzzing every write endpoint and path parameter on %s', (engine) => {
  let api: TestServer;
  let admin: string;
  beforeAll(async () => {
    api = await startTestServer(engine);
    admin = await tokenFor('admin');
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** Sends one request with `token` (when the request carries one); answers its status. */
  async function send({ path, raw, body, token: sendsToken }: FuzzRequest, method: string, token: string) {
    const headers: Record<string, string> = {};
    if (sendsToken) headers['Authorization'] = `Bearer ${token}`;
    if (body && !raw) headers['Content-Type'] = body.type;
    // The guard answers a dot segment before the body is read: none is sent, so no socket is reset.
    if (raw) return sendRaw(api.url, method, path, headers);
    const response = await api.app.request(path, { method, headers, body: body?.text });
    await response.arrayBuffer();
    return response.status;
  }

  /**
   * `runs` requests to each endpoint, BATCH at a time, with `token`; `always` sends it on every request.
   * Every row of every table is compared around every BATCHES_PER_DIGEST batches of a write endpoint (around
   * all of a read endpoint's requests) whose requests were all refused. Prints the counts per endpoint.
   */
  async function fuzz(endpoints: Endpoint[], token: string, who: string, runs: number, always = false) {
    const digest = contentDigestOf(api.db);
    const counts: EndpointCount[] = [];
    const started = performance.now();
    try {
      for (const endpoint of endpoints) {
        const name = `${endpoint.method} ${endpoint.path}`;
        const requests = fc
          .sample(requestsFor(endpoint), { numRuns: runs, seed: SEED })
          .map((request) => (always ? { ...request, token: true } : request));
        const row: EndpointCount = { endpoint: name, requests: 0, refused: 0, accepted: 0, ms: 0 };
        counts.push(row);
        const write = WRITE_METHODS.has(endpoint.method);
        const endpointStarted = performance.now();
        // The digest after a compared stretch is the next one's before.
        let before = await digest();
        let allRefused = true;
        for (let start = 0; start < requests.length; start += BATCH) {
          const batch = requests.slice(start, start + BATCH);
          const statuses = await Promise.all(batch.map((request) => send(request, endpoint.method, token)));
          statuses.forEach((status, i) => {
            const request = batch[i]!;
            const what = `${name} as ${who} to ${request.path} (seed ${SEED}, ${request.mode}): ${request.body?.text.slice(0, 300) ?? ''}`;
            expect(status, `${what} answered ${status}: ${JSON.stringify(api.logged.at(-1))}`).toBeLessThan(
              500,
            );
            const mustRefuse =
              request.mode === 'param' || (request.mode === 'whole-body' && endpoint.validators.json);
            if (write && mustRefuse) expect(status, `${what} was accepted`).toBeGreaterThanOrEqual(400);
          });
          row.requests += batch.length;
          row.refused += statuses.filter((status) => status >= 400).length;
          row.accepted += statuses.filter((status) => status < 400).length;
          allRefused &&= statuses.every((status) => status >= 400);
          const last = start + BATCH >= requests.length;
          const due = write && (start / BATCH + 1) % BATCHES_PER_DIGEST === 0;
          if (!due && !last) continue;
          const after = await digest();
          if (allRefused)
            expect(after, `${name} as ${who}: refused requests changed rows (seed ${SEED})`).toBe(before);
          before = after;
          allRefused = true;
        }
        row.ms = Math.round(performance.now() - endpointStarted);
      }
    } finally {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Fuzz requests per endpoint on ${engine} as ${who} (seed ${SEED}, ${seconds} s):`);
      console.table(counts);
    }
    expect(counts.every(({ requests }) => requests >= runs)).toBe(true);
  }

  it('enumerates the write endpoints, path parameters and schemas from the app', () => {
    const endpoints = endpointsOf(api.app.routes);
    expect(endpoints.filter(({ method }) => WRITE_METHODS.has(method)).length).toBeGreaterThan(40);
    expect(endpoints.filter(({ params }) => params.length > 0).length).toBeGreaterThan(20);
    expect(endpoints.filter(({ validators }) => validators.json).length).toBeGreaterThan(30);
  });

  it('refuses a dot segment in the path, raw or percent-encoded, before routing', async () => {
    const before = await tableDigest(api.db);
    for (const segment of DOT_SEGMENTS) {
      // Resolved, /promo/1/<..>/ would be /promo/ (the list); /promo/<..>/1 would delete promo 1.
      for (const path of [`/promo/${segment}/1`, `/promo/1/${segment}`, `/credits/${segment}/promo/1`]) {
        const status = await sendRaw(api.url, 'DELETE', path, { Authorization: `Bearer ${admin}` });
        expect(status, path).toBe(400);
      }
    }
    const response = await rawResponse(api.url, 'GET', '/svc-item/%2e%2e/bundle', {
      Authorization: `Bearer ${admin}`,
    });
    expect(await expectRejected(response, 400, 'request/invalid-param')).toBe(
      'The address must not contain . or .. segments',
    );
    expect(await tableDigest(api.db)).toEqual(before);
  });

  it(`${RUNS_PER_ENDPOINT} malformed requests per endpoint: no 5xx, refused when wrong, no row changed`, async () => {
    await fuzz(endpointsOf(api.app.routes), admin, 'admin', RUNS_PER_ENDPOINT);
    expect(api.logged).toEqual([]);
    expect(Object.prototype).not.toHaveProperty('isAdmin');
  }, 900_000);

  it(`${PROVIDER_RUNS_PER_ENDPOINT} malformed requests per provider-side write endpoint with a provider's token`, async () => {
    // A token without a role is refused by every route's role check, which names the roles it allows.
    const roleless = await tokenWithoutRole();
    const providerSide: Endpoint[] = [];
    for (const endpoint of endpointsOf(api.app.routes)) {
      if (!WRITE_METHODS.has(endpoint.method)) continue;
      const response = await api.app.request(endpoint.path.replace(/:\w+/g, '0'), {
        method: endpoint.method,
        headers: { Authorization: `Bearer ${roleless}` },
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      const roles = ROLES_NEEDED.exec(answer.message ?? '')?.[1]?.split(' or ') ?? [];
      if (response.status === 403 && roles.includes('provider')) providerSide.push(endpoint);
    }
    // Onboarding, providers, locations, payouts, availabilities, commissions, special dates, services.
    for (const path of ['/credentials', '/providers/:id', '/locations/:id', '/settlement-accounts/:id'])
      expect(providerSide.map((endpoint) => endpoint.path)).toContain(path);
    expect(providerSide.length).toBeGreaterThan(20);
    const provider = await signIn('provider@upkeep.test', 'upkeep-provider');
    await fuzz(providerSide, provider, 'provider', PROVIDER_RUNS_PER_ENDPOINT, true);
    expect(api.logged).toEqual([]);
  }, 900_000);
});

/** A request with its request line exactly as given (no URL parser resolves its dot segments). */
function rawResponse(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Response> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    // A connection of its own: a kept-alive one may be closed by the server just as it is reused.
    const request = httpRequest({ host: hostname, port, method, path, headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode ?? 0 })),
      );
      incoming.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function sendRaw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<number> {
  return (await rawResponse(base, method, path, headers, body)).status;
}
