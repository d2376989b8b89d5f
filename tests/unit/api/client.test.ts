/**
 * The API client's Idempotency-Key on creates (one key per submission), its report of a refused token and
 * its handling of a request called off, against a small local HTTP server that records what it was sent and
 * answers as told.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiRequestError,
  createApiClient,
  createSubmissionKeys,
  IDEMPOTENCY_KEY_HEADER,
  isRequestCancelled,
  newIdempotencyKey,
  RequestCancelledError,
} from '../../../src/api/client';
import { API_ERROR_CODES } from '../../../src/api/contract/error-codes';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const Created = v.object({ id: v.number() });

let server: Server;
let baseURL: string;
const seen: Seen[] = [];
/** The answers to give, in order (after `delayMs`, if given); when none is left, 201 `{ id: 1 }`. */
let answers: { status: number; body: unknown; delayMs?: number }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const answer = answers.shift() ?? { status: 201, body: { id: 1 } };
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(answer.status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  answers = [];
});

const keyOf = (request: Seen | undefined) => request?.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];

function client(onUnauthenticated?: (error: ApiRequestError) => void) {
  return createApiClient({ baseURL, getToken: async () => 'token', onUnauthenticated });
}

describe('Idempotency-Key on creates', () => {
  it('an idempotent POST carries a UUID key; other requests carry none', async () => {
    const api = client();
    await api.post(Created, '/providers', { body: { name: 'A' }, idempotent: true });
    await api.post(Created, '/appointments/availability', { body: { day: 1 } });
    await api.get(Created, '/providers/1');
    expect(keyOf(seen[0])).toMatch(UUID);
    expect(keyOf(seen[1])).toBeUndefined();
    expect(keyOf(seen[2])).toBeUndefined();
    expect(seen[0]?.headers.authorization).toBe('Bearer token');
  });

  it('a double click sends one key twice', async () => {
    const api = client();
    await Promise.all([
      api.post(Created, '/providers', { body: { name: 'A' }, idempotent: true }),
      api.post(Created, '/providers', { body: { name: 'A' }, idempotent: true }),
    ]);
    expect(seen).toHaveLength(2);
    expect(keyOf(seen[0])).toMatch(UUID);
    expect(keyOf(seen[1])).toBe(keyOf(seen[0]));
  });

  it('a retry of the same body after a failure reuses the key; an edited body or a new submission after a success gets a new one', async () => {
    const api = client();
    const create = (name: string) => api.post(Created, '/locations', { body: { name }, idempotent: true });
    answers = [{ status: 503, body: { code: API_ERROR_CODES.internal, message: 'down' } }];
    await expect(create('A')).rejects.toMatchObject({ status: 503 });
    await create('A');
    await create('A');
    answers = [{ status: 400, body: { code: API_ERROR_CODES.invalidBody, message: 'bad', field: 'name' } }];
    await expect(create('B')).rejects.toMatchObject({ status: 400, field: 'name' });
    await create('C');
    const keys = seen.map(keyOf);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set([keys[0], keys[2], keys[3], keys[4]]).size).toBe(4);
  });

  it('keys are kept per path: the same body to another path is another submission', async () => {
    const api = client();
    answers = [
      { status: 503, body: { code: API_ERROR_CODES.internal, message: 'down' } },
      { status: 503, body: { code: API_ERROR_CODES.internal, message: 'down' } },
    ];
    await expect(
      api.post(Created, '/providers', { body: { name: 'A' }, idempotent: true }),
    ).rejects.toThrow();
    await expect(api.post(Created, '/promo', { body: { name: 'A' }, idempotent: true })).rejects.toThrow();
    expect(keyOf(seen[1])).not.toBe(keyOf(seen[0]));
  });

  it('createSubmissionKeys: one key per body until it succeeds', () => {
    let made = 0;
    const keys = createSubmissionKeys(() => `k${(made += 1)}`);
    expect(keys.keyFor('/p', { a: 1 })).toBe('k1');
    expect(keys.keyFor('/p', { a: 1 })).toBe('k1');
    keys.succeeded('/p', 'k0');
    expect(keys.keyFor('/p', { a: 1 })).toBe('k1');
    keys.succeeded('/p', 'k1');
    expect(keys.keyFor('/p', { a: 1 })).toBe('k2');
    expect(keys.keyFor('/p', { a: 2 })).toBe('k3');
  });

  it('newIdempotencyKey makes a different UUID each time, also where randomUUID is missing', () => {
    const insecurePage = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    for (const source of [crypto, insecurePage]) {
      const made = new Set(Array.from({ length: 50 }, () => newIdempotencyKey(source)));
      expect(made.size).toBe(50);
      for (const key of made) expect(key).toMatch(UUID);
    }
  });
});

describe('a refused token', () => {
  it('401 auth/unauthenticated is reported, once per refused request, and still thrown', async () => {
    const reported: ApiRequestError[] = [];
    const api = client((error) => reported.push(error));
    const message = 'Your access has changed; sign in again.';
    answers = [{ status: 401, body: { code: API_ERROR_CODES.unauthenticated, message } }];
    await expect(api.get(Created, '/user')).rejects.toMatchObject({ status: 401, message });
    expect(reported.map((error) => error.message)).toEqual([message]);
  });

  it('a 403 or another failure is not a refused token', async () => {
    const reported: ApiRequestError[] = [];
    const api = client((error) => reported.push(error));
    answers = [
      { status: 403, body: { code: API_ERROR_CODES.forbidden, message: 'no' } },
      { status: 409, body: { code: API_ERROR_CODES.recordStale, message: 'stale' } },
    ];
    await expect(api.get(Created, '/user')).rejects.toMatchObject({ status: 403 });
    await expect(api.post(Created, '/providers', { body: {}, idempotent: true })).rejects.toMatchObject({
      status: 409,
    });
    expect(reported).toEqual([]);
  });
});

describe('a request called off', () => {
  it('a GET whose signal aborts while it is on its way rejects as cancelled, not as a network failure', async () => {
    const reported: ApiRequestError[] = [];
    const api = client((error) => reported.push(error));
    answers = [{ status: 200, body: { id: 7 }, delayMs: 2_000 }];
    const controller = new AbortController();
    const asked = api.get(Created, '/appointments', { signal: controller.signal });
    await expect.poll(() => seen.length).toBe(1);
    controller.abort();
    const failure: unknown = await asked.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestCancelledError);
    expect(failure).not.toBeInstanceOf(ApiRequestError);
    expect(isRequestCancelled(failure)).toBe(true);
    expect((failure as RequestCancelledError).path).toBe('/appointments');
    // ofetch does not try a called-off GET again.
    expect(seen).toHaveLength(1);
    expect(reported).toEqual([]);
  });

  it('a signal aborted before the request starts rejects as cancelled too, for every method', async () => {
    const controller = new AbortController();
    controller.abort();
    const api = client();
    const options = { signal: controller.signal };
    for (const request of [
      api.get(Created, '/a', options),
      api.post(Created, '/b', { ...options, body: {}, idempotent: true }),
      api.put(Created, '/c', { ...options, body: {} }),
      api.delete(Created, '/d', options),
    ]) {
      await expect(request).rejects.toBeInstanceOf(RequestCancelledError);
    }
    expect(seen).toEqual([]);
  });

  it('a server that cannot be reached is still a network failure, and a refusal still the server’s error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createApiClient({ baseURL: `http://127.0.0.1:${port}`, getToken: async () => null });
    const failure: unknown = await unreachable
      .get(Created, '/user', { signal: new AbortController().signal })
      .catch((error: unknown) => error);
    expect(isRequestCancelled(failure)).toBe(false);
    expect(failure).toMatchObject({
      status: 0,
      code: 'network',
      message: 'The server could not be reached.',
    });

    answers = [{ status: 403, body: { code: API_ERROR_CODES.forbidden, message: 'no' } }];
    const refused: unknown = await client()
      .get(Created, '/user', { signal: new AbortController().signal })
      .catch((error: unknown) => error);
    expect(isRequestCancelled(refused)).toBe(false);
    expect(refused).toMatchObject({ status: 403, code: API_ERROR_CODES.forbidden });
  });

  it('isRequestCancelled is true only for a cancellation', () => {
    expect(isRequestCancelled(new RequestCancelledError('/x'))).toBe(true);
    expect(isRequestCancelled(new ApiRequestError(0, 'network', 'The server could not be reached.'))).toBe(
      false,
    );
    expect(isRequestCancelled(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isRequestCancelled(null)).toBe(false);
  });
});
