import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { HealthSchema } from '../../src/api/contract/health';
import { engines, startTestServer, TEST_ORIGIN, type TestServer } from './support';

describe.each(engines)('health, routing and CORS on %s', (engine) => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer(engine);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('GET /health answers without a token and names the engine', async () => {
    const response = await api.fetch('/health');
    expect(response.status).toBe(200);
    expect(v.parse(HealthSchema, await response.json())).toEqual({
      status: 'ok',
      database: engine,
      limits: 'ok',
    });
  });

  it('an unknown route is a JSON 404', async () => {
    const response = await api.fetch('/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(v.parse(ApiErrorSchema, await response.json())).toEqual({
      code: 'route/not-found',
      message: 'No route for GET /no-such-thing',
    });
  });

  it('a known path with an unsupported method is a JSON 404 too', async () => {
    const response = await api.fetch('/health', { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(v.parse(ApiErrorSchema, await response.json()).code).toBe('route/not-found');
  });

  it('answers the preflight for an allowed origin, also on error responses', async () => {
    const preflight = await api.fetch('/svc-category', {
      method: 'OPTIONS',
      headers: {
        Origin: TEST_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');

    // The browser must be able to read a 401's body to show why.
    const unauthorised = await api.fetch('/svc-category', { headers: { Origin: TEST_ORIGIN } });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN);
  });

  it('does not grant other origins', async () => {
    const response = await api.fetch('/health', { headers: { Origin: 'http://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
