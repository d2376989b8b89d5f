/**
 * Issue 9: generated malformed requests to every write endpoint and every path parameter. The endpoints are
 * read from the app's own routes, so a new one is fuzzed without touching this file. Each request is sent
 * with the admin token or none; none may answer a 5xx, and no row of any table may change.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../server/http/validate';
import { engines, startTestServer, tableDigest, tokenFor, type TestServer } from './support';

const RUNS_PER_ENDPOINT = 200;
const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

interface Endpoint {
  method: string;
  path: string;
  params: string[];
}

/** The app's endpoints that write or take a path parameter, each once. */
function endpointsOf(api: TestServer): Endpoint[] {
  const seen = new Map<string, Endpoint>();
  for (const { method, path } of api.app.routes) {
    if (method === 'ALL' || path.includes('*')) continue;
    const params = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    if (!WRITE_METHODS.has(method) && params.length === 0) continue;
    seen.set(`${method} ${path}`, { method, path, params });
  }
  return [...seen.values()];
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

/** Samples sent percent-encoded as they are: a NUL and a line feed in the path. */
const ENCODED = ['%00', '%0A'];

/** Path values no route accepts as an id or a user id: never a plain number, never an existing uid. */
const badParam = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999',
    '0x10',
    ' 1',
    ...ENCODED,
    '..',
    'null',
    ...PROTOTYPE_KEYS,
  ),
  fc.string({ minLength: 1, maxLength: 40 }).filter((text) => !/^\d+$/.test(text)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }).map(String),
);

function encodeParam(value: string): string {
  // The percent-encoded samples stay as they are; the rest is encoded like a client would, so a generated
  // text such as "%31" is sent as that text, not as the "1" it would decode to. A "." or ".." segment is
  // resolved away by the URL parser before it is sent (it names another route), so it is encoded.
  if (value === '.' || value === '..') return value.replaceAll('.', '%2E');
  return ENCODED.includes(value) ? value : encodeURIComponent(value);
}

const NUL = '\u0000';
const deep = fc
  .integer({ min: MAX_JSON_DEPTH + 1, max: 5_000 })
  .chain((depth) => fc.constantFrom('['.repeat(depth), `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

/** Bodies no endpoint accepts: not JSON, not an object, too deep, or holding a NUL character. */
const badBody: fc.Arbitrary<{ type: string; text: string }> = fc.oneof(
  fc
    .string({ maxLength: 60 })
    .filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    })
    .map((text) => ({ type: 'application/json', text })),
  fc
    .jsonValue({ maxDepth: 3 })
    .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value))
    .map((value) => ({ type: 'application/json', text: JSON.stringify(value) })),
  deep.map((text) => ({ type: 'application/json', text })),
  fc
    .tuple(
      fc.dictionary(
        fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...PROTOTYPE_KEYS)),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...PROTOTYPE_KEYS)),
      fc.string({ maxLength: 10 }),
    )
    .map(([object, key, text]) => ({
      type: 'application/json',
      // A raw "__proto__" key in the text, as JSON.stringify would not write one.
      text: `{"__proto__":{"isAdmin":true},${JSON.stringify({ ...object, [key]: `${text}${NUL}` }).slice(1)}`,
    })),
  fc.string({ maxLength: 60 }).map((text) => ({ type: 'text/plain', text })),
);

/** A body that is sometimes well formed, for requests whose path is already wrong. */
const anyBody = fc.oneof(
  badBody,
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ type: 'application/json', text: JSON.stringify(value) })),
);

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

  it('enumerates the write endpoints from the app', () => {
    const endpoints = endpointsOf(api);
    expect(endpoints.filter(({ method }) => WRITE_METHODS.has(method)).length).toBeGreaterThan(10);
    expect(endpoints.some(({ params }) => params.length > 0)).toBe(true);
  });

  // The limit is a safety net that grows with the endpoints (every one is fuzzed); speed is not asserted.
  it(`${RUNS_PER_ENDPOINT} malformed requests per endpoint: no 5xx, no row changed, nothing logged as an error`, async () => {
    let sent = 0;
    for (const endpoint of endpointsOf(api)) {
      const before = await tableDigest(api.db);
      const badPath = endpoint.params.length > 0;
      const hasBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
      const request = fc.record({
        // With a wrong path parameter the body may be anything; without one, the body is what is wrong.
        params: fc.tuple(...endpoint.params.map(() => badParam)),
        body: badPath ? anyBody : badBody,
        token: fc.boolean(),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, body, token }) => {
          let index = 0;
          const path = endpoint.path.replace(/:\w+/g, () => encodeParam(params[index++] ?? ''));
          const response = await api.fetch(path, {
            method: endpoint.method,
            ...(token && { token: admin }),
            ...(hasBody && { headers: { 'Content-Type': body.type }, body: body.text }),
          });
          await response.arrayBuffer();
          sent += 1;
          if (WRITE_METHODS.has(endpoint.method) && response.status < 400) {
            throw new Error(
              `${endpoint.method} ${path} accepted a malformed request (${response.status}): ${JSON.stringify(body).slice(0, 300)}`,
            );
          }
          if (response.status >= 500) {
            throw new Error(
              `${endpoint.method} ${path} answered ${response.status}: ${JSON.stringify(api.logged.at(-1))}`,
            );
          }
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
      expect(await tableDigest(api.db), `${endpoint.method} ${endpoint.path}`).toEqual(before);
    }
    expect(sent).toBeGreaterThanOrEqual(RUNS_PER_ENDPOINT * 10);
    expect(api.logged).toEqual([]);
    expect(Object.prototype).not.toHaveProperty('isAdmin');
  }, 300_000);
});
