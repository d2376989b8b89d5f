/**
 * Who may call what. Only missing and malformed tokens are tested as rejected: with the emulator, a
 * hand-forged unsigned token for an existing user is accepted by firebase-admin, which is why the server
 * refuses to run with FIREBASE_AUTH_EMULATOR_HOST outside development/test (see env.test.ts).
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../src/api/contract/error';
import { engines, signIn, startTestServer, tokenFor, tokenWithoutRole, type TestServer } from './support';

async function errorOf(response: Response) {
  return v.parse(ApiErrorSchema, await response.json());
}

describe.each(engines)('authentication and roles on %s', (engine) => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer(engine);
  });
  afterAll(async () => {
    await api?.stop();
  });

  it('401 without a token', async () => {
    const response = await api.fetch('/svc-category');
    expect(response.status).toBe(401);
    const error = await errorOf(response);
    expect(error.code).toBe('auth/unauthenticated');
    expect(error.message).toMatch(/no bearer token/i);
  });

  it('401 with a garbage token', async () => {
    const response = await api.fetch('/svc-category', { token: 'not-a-jwt' });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: 'auth/unauthenticated' });
  });

  it('401 with a token-shaped string that does not decode', async () => {
    const response = await api.fetch('/svc-category', { token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: 'auth/unauthenticated' });
  });

  it('401 when the Authorization header is not a bearer token', async () => {
    const response = await api.fetch('/svc-category', {
      headers: { Authorization: 'Basic YWRtaW46YWRtaW4=' },
    });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toMatch(/Bearer/);
  });

  it('403 for a provider on an admin-only route (POST /svc-category)', async () => {
    const response = await api.fetch('/svc-category', {
      method: 'POST',
      token: await tokenFor('provider'),
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Provider made this' }),
    });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'auth/forbidden' });
  });

  it('403 for a customer (role user) on GET /svc-category', async () => {
    const response = await api.fetch('/svc-category', { token: await tokenFor('user') });
    expect(response.status).toBe(403);
    const error = await errorOf(response);
    expect(error.code).toBe('auth/forbidden');
    expect(error.message).toContain('user');
  });

  it('403 for a signed-in account without any role claim', async () => {
    const response = await api.fetch('/svc-category', { token: await tokenWithoutRole() });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toMatch(/not set/);
  });

  it('a provider and an admin may read the categories', async () => {
    for (const role of ['provider', 'admin'] as const) {
      const response = await api.fetch('/svc-category', { token: await tokenFor(role) });
      expect(response.status, role).toBe(200);
    }
  });

  it('the demo admin signs in with the seeded password and is an admin', async () => {
    const token = await signIn('admin@upkeep.test', 'upkeep-admin');
    const response = await api.fetch('/svc-category', { token });
    expect(response.status).toBe(200);
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
