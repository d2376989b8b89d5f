/**
 * Scheduling-system connections against the local sandboxes: POST and GET /strategies/fetch/locations,
 * POST /strategies/fetch/providers, POST /strategies/exchange-oauth-code, and the sandbox pages (Boulevard
 * install, Square authorisation). Who may do what, bad bodies, provider isolation, and that tokens are
 * never answered in full nor logged.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { CredentialsSchema } from '../../src/api/contract/onboarding';
import { ExternalLocationListSchema, ExternalProviderListSchema } from '../../src/api/contract/strategies';
import * as t from '../../server/db/schema';
import { openSecrets } from '../../server/onboarding/secrets';
import { SQUARE_DENIED_DESCRIPTION } from '../../server/outside/square/standin-page';
import { call, callers, expectError, expectNoChange, providerId, type Callers } from './provider-support';
import { TEST_ORIGIN, engines, startTestServer, type TestServer } from './support';

const MINDBODY = { strategy: 'MINDBODY', username: 'Siteowner', password: 'apitest1234', siteId: '-99' };
const RETURN_TO = `${TEST_ORIGIN}/provider/onboarding/credentials`;

let run = 0;
const businessId = (kind = '') => `blvd-sandbox-${kind}${Date.now()}-${++run}`;

async function form(api: TestServer, path: string, fields: Record<string, string>) {
  return api.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** Authorises on the sandbox page and returns the query the console is sent back with. */
async function authorise(api: TestServer, decision: 'allow' | 'deny', state: string) {
  const response = await form(api, '/standins/square/oauth2/authorize', {
    redirect_uri: RETURN_TO,
    state,
    decision,
  });
  expect(response.status).toBe(303);
  const back = new URL(response.headers.get('Location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(RETURN_TO);
  return back.searchParams;
}

describe.each(engines)('scheduling-system connections on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  describe('POST /strategies/fetch/locations', () => {
    it('MINDBODY: the sandbox site with its owner login answers its locations; anything else is refused', async () => {
      const found = await call(api, 'POST', '/strategies/fetch/locations', as.glow, MINDBODY);
      expect(found.status).toBe(200);
      const locations = v.parse(ExternalLocationListSchema, found.body);
      expect(locations.map((l) => l.id)).toEqual(['mb-1', 'mb-2']);
      expect(locations[0]).toMatchObject({ city: 'Seattle', state: 'WA', zip: '98101', country: 'US' });

      expectError(
        await call(api, 'POST', '/strategies/fetch/locations', as.glow, { ...MINDBODY, password: 'wrong' }),
        422,
        API_ERROR_CODES.strategyRejected,
        'password',
      );
      expectError(
        await call(api, 'POST', '/strategies/fetch/locations', as.glow, { ...MINDBODY, siteId: '-98' }),
        422,
        API_ERROR_CODES.strategyRejected,
      );
      expect(api.logRaw.join('\n')).not.toContain('apitest1234');
    });

    it('BOOKER: the platform account answers its several locations', async () => {
      const found = await call(api, 'POST', '/strategies/fetch/locations', as.glow, { strategy: 'BOOKER' });
      expect(found.status).toBe(200);
      expect(v.parse(ExternalLocationListSchema, found.body).map((l) => l.id)).toEqual([
        'bk-101',
        'bk-102',
        'bk-103',
      ]);
    });

    const installState = async (businessId: string) => {
      const issued = await call(api, 'POST', '/scheduling-sandbox/boulevard/install-state', as.glow, {
        businessId,
      });
      expect(issued.status).toBe(201);
      return (issued.body as { state: string }).state;
    };

    it('BOULEVARD: not connected until the install step, then its located places; none for the no-address business', async () => {
      const id = businessId();
      const before = await call(api, 'POST', '/strategies/fetch/locations', as.glow, {
        strategy: 'BOULEVARD',
        businessId: id,
      });
      expectError(before, 422, API_ERROR_CODES.strategyNotConnected, 'businessId');

      // The install page needs the state the API gives a signed-in session for that business.
      const state = await installState(id);
      const page = await api.fetch(
        `/scheduling-sandbox/boulevard/install?businessId=${id}&state=${encodeURIComponent(state)}`,
      );
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Install');
      expect(
        (await form(api, '/scheduling-sandbox/boulevard/install', { businessId: id, state })).status,
      ).toBe(200);

      const after = await call(api, 'POST', '/strategies/fetch/locations', as.glow, {
        strategy: 'BOULEVARD',
        businessId: id,
      });
      expect(after.status).toBe(200);
      expect(v.parse(ExternalLocationListSchema, after.body).map((l) => l.id)).toEqual(['blvd-loc-1']);

      const providers = await call(api, 'POST', '/strategies/fetch/providers', as.glow, {
        strategy: 'BOULEVARD',
        businessId: id,
      });
      expect(providers.status).toBe(200);
      expect(v.parse(ExternalProviderListSchema, providers.body)).toEqual([
        { id, name: 'Boulevard Sandbox Business' },
      ]);

      const bare = businessId('noaddress-');
      await form(api, '/scheduling-sandbox/boulevard/install', {
        businessId: bare,
        state: await installState(bare),
      });
      const none = await call(api, 'POST', '/strategies/fetch/locations', as.glow, {
        strategy: 'BOULEVARD',
        businessId: bare,
      });
      expect(none).toEqual({ status: 200, body: [] });

      expectError(
        await call(api, 'POST', '/scheduling-sandbox/boulevard/install-state', as.glow, {
          businessId: 'not-a-sandbox-id',
        }),
        400,
        API_ERROR_CODES.invalidBody,
        'businessId',
      );
    });

    it('refuses bad bodies naming the field (400), no token (401) and a customer (403)', async () => {
      const post = (body: unknown, token: string | undefined = as.glow) =>
        call(api, 'POST', '/strategies/fetch/locations', token, body);
      expectError(await post({ strategy: 'FAX' }), 400, API_ERROR_CODES.invalidBody, 'strategy');
      expectError(await post({ strategy: 'MANUAL' }), 400, API_ERROR_CODES.invalidBody, 'strategy');
      expectError(await post({ ...MINDBODY, username: ' ' }), 400, API_ERROR_CODES.invalidBody, 'username');
      expectError(await post({ ...MINDBODY, siteId: undefined }), 400, API_ERROR_CODES.invalidBody, 'siteId');
      expectError(
        await post({ strategy: 'BOULEVARD', businessId: '' }),
        400,
        API_ERROR_CODES.invalidBody,
        'businessId',
      );
      expectError(await post({ strategy: 'SQUARE' }), 400, API_ERROR_CODES.invalidBody);
      // A token is sent as a header's bearer token: a control character or a space inside it is refused here,
      // never sent on (it once answered 502 from the client that could not send it).
      for (const accessToken of ['tok\u0013en', 'tok en', 'tökén'])
        expectError(
          await post({ strategy: 'SQUARE', accessToken }),
          400,
          API_ERROR_CODES.invalidBody,
          'accessToken',
        );
      expectError(await post(MINDBODY, ''), 401, API_ERROR_CODES.unauthenticated);
      expectError(await post(MINDBODY, as.customer), 403, API_ERROR_CODES.forbidden);
    });
  });

  describe('Square: authorisation page, code exchange and stored tokens', () => {
    /** The page acts only with a state the API issued to a signed-in session. */
    const squareState = async () => {
      const issued = await call(api, 'POST', '/standins/square/oauth2/state', as.glow);
      expect(issued.status).toBe(201);
      return (issued.body as { state: string }).state;
    };

    it('the page lists the requested scopes and only returns to the console', async () => {
      const query = new URLSearchParams({
        client_id: 'sandbox-upkeep',
        scope: 'CUSTOMERS_READ CUSTOMERS_WRITE ITEMS_READ',
        state: await squareState(),
        redirect_uri: RETURN_TO,
      });
      const page = await api.fetch(`/standins/square/oauth2/authorize?${query}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('CUSTOMERS_WRITE');
      expect(html).toContain('Allow');
      query.set('redirect_uri', 'https://elsewhere.example/steal');
      expect((await api.fetch(`/standins/square/oauth2/authorize?${query}`)).status).toBe(400);
    });

    it('Allow returns a code and the state; the exchange saves masked credentials whose token reads locations', async () => {
      const state = await squareState();
      const back = await authorise(api, 'allow', state);
      expect(back.get('state')).toBe(state);
      const code = back.get('code') ?? '';
      expect(code).not.toBe('');

      const exchanged = await call(api, 'POST', '/strategies/exchange-oauth-code', as.glow, {
        strategy: 'SQUARE',
        code,
      });
      expect(exchanged.status).toBe(200);
      const saved = v.parse(CredentialsSchema, exchanged.body);
      expect(saved).toMatchObject({ strategy: 'SQUARE', tokenType: 'bearer', merchantId: 'MLSANDBOX0001' });
      const [stored] = await api.db.select().from(t.credentials).where(eq(t.credentials.id, saved.id));
      // Stored encrypted (server/onboarding/secrets.ts), read through the key.
      expect(stored?.accessToken?.startsWith('v1:')).toBe(true);
      const row = stored && openSecrets(stored);
      expect(row?.accessToken?.startsWith('EAAAsandbox-')).toBe(true);
      expect(saved.accessToken).not.toBe(row?.accessToken);
      expect(saved.accessToken?.endsWith(row?.accessToken?.slice(-4) ?? '-')).toBe(true);
      expect(JSON.stringify(exchanged.body)).not.toContain(row?.refreshToken ?? '-');
      expect(api.logRaw.join('\n')).not.toContain(row?.accessToken ?? '-');

      const locations = await call(api, 'POST', '/strategies/fetch/locations', as.glow, {
        strategy: 'SQUARE',
        credentialsId: saved.id,
      });
      expect(locations.status).toBe(200);
      expect(v.parse(ExternalLocationListSchema, locations.body).map((l) => l.id)).toEqual([
        'sq-loc-1',
        'sq-loc-2',
      ]);
      // Another provider user may not read with these credentials.
      expectError(
        await call(api, 'POST', '/strategies/fetch/locations', as.multi, {
          strategy: 'SQUARE',
          credentialsId: saved.id,
        }),
        403,
        API_ERROR_CODES.forbidden,
      );

      // A code is exchanged once.
      await expectNoChange(api.db, async () =>
        expectError(
          await call(api, 'POST', '/strategies/exchange-oauth-code', as.glow, { strategy: 'SQUARE', code }),
          400,
          API_ERROR_CODES.oauthCodeInvalid,
          'code',
        ),
      );
    });

    it('Deny returns the error and its description with the state', async () => {
      const state = await squareState();
      const back = await authorise(api, 'deny', state);
      expect(back.get('code')).toBeNull();
      expect(back.get('error')).toBe('access_denied');
      expect(back.get('error_description')).toBe(SQUARE_DENIED_DESCRIPTION);
      expect(back.get('state')).toBe(state);
    });

    it('the exchange refuses bad bodies (400), an unknown code (400), no token (401) and a customer (403)', async () => {
      const post = (body: unknown, token: string | undefined = as.glow) =>
        call(api, 'POST', '/strategies/exchange-oauth-code', token, body);
      await expectNoChange(api.db, async () => {
        expectError(await post({ strategy: 'SQUARE' }), 400, API_ERROR_CODES.invalidBody, 'code');
        expectError(
          await post({ strategy: 'MINDBODY', code: 'x' }),
          400,
          API_ERROR_CODES.invalidBody,
          'strategy',
        );
        expectError(
          await post({ strategy: 'SQUARE', code: 'sq0cgp-made-up' }),
          400,
          API_ERROR_CODES.oauthCodeInvalid,
        );
        expectError(await post({ strategy: 'SQUARE', code: 'x' }, ''), 401, API_ERROR_CODES.unauthenticated);
        expectError(
          await post({ strategy: 'SQUARE', code: 'x' }, as.customer),
          403,
          API_ERROR_CODES.forbidden,
        );
      });
    });
  });

  describe('GET /strategies/fetch/locations?provider=', () => {
    it("reads a saved provider's system with its stored connection; only for the provider's own users", async () => {
      const harbor = await providerId(api.db, 'Harbor Wellness');
      const booker = await call(api, 'GET', `/strategies/fetch/locations?provider=${harbor}`, as.admin);
      expect(booker.status).toBe(200);
      expect(v.parse(ExternalLocationListSchema, booker.body)).toHaveLength(3);
      expectError(
        await call(api, 'GET', `/strategies/fetch/locations?provider=${harbor}`, as.glow),
        403,
        API_ERROR_CODES.forbidden,
      );

      // multi's MINDBODY provider signs in to the stand-in's site with its demo login; its BOULEVARD one's
      // business is one the Boulevard stand-in knows as installed, with its seeded location.
      const serenity = await providerId(api.db, 'Serenity Med Spa');
      const mindbody = await call(api, 'GET', `/strategies/fetch/locations?provider=${serenity}`, as.multi);
      expect(mindbody.status).toBe(200);
      expect(v.parse(ExternalLocationListSchema, mindbody.body).map((location) => location.id)).toEqual([
        'mb-1',
        'mb-2',
      ]);
      const luxe = await providerId(api.db, 'Luxe Aesthetics');
      const boulevard = await call(api, 'GET', `/strategies/fetch/locations?provider=${luxe}`, as.multi);
      expect(boulevard.status).toBe(200);
      expect(v.parse(ExternalLocationListSchema, boulevard.body)).toEqual([
        expect.objectContaining({ id: 'urn:blvd:Location:8a1e', city: 'New York', zip: '10003' }),
      ]);
      // A saved BOULEVARD provider whose business has not installed the app is not connected.
      const pending = v.parse(
        CredentialsSchema,
        (
          await call(api, 'POST', '/credentials', as.admin, {
            strategy: 'BOULEVARD',
            businessId: businessId(),
          })
        ).body,
      );
      const uninstalled = await call(api, 'POST', '/providers', as.admin, {
        name: `Boulevard pending ${Date.now()}`,
        strategy: 'BOULEVARD',
        credentialsId: pending.id,
      });
      expect(uninstalled.status, JSON.stringify(uninstalled.body)).toBe(201);
      expectError(
        await call(
          api,
          'GET',
          `/strategies/fetch/locations?provider=${(uninstalled.body as { id: number }).id}`,
          as.admin,
        ),
        422,
        API_ERROR_CODES.strategyNotConnected,
      );
      const glow = await providerId(api.db, 'Glow Studio');
      expectError(
        await call(api, 'GET', `/strategies/fetch/locations?provider=${glow}`, as.glow),
        422,
        API_ERROR_CODES.strategyNoConnection,
        'provider',
      );
    });

    it('a provider saved with sandbox MINDBODY credentials reads its locations', async () => {
      const credentials = v.parse(
        CredentialsSchema,
        (await call(api, 'POST', '/credentials', as.admin, MINDBODY)).body,
      );
      const created = await call(api, 'POST', '/providers', as.admin, {
        name: `Mindbody ${Date.now()}`,
        strategy: 'MINDBODY',
        credentialsId: credentials.id,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = (created.body as { id: number }).id;
      const found = await call(api, 'GET', `/strategies/fetch/locations?provider=${id}`, as.admin);
      expect(found.status).toBe(200);
      expect(v.parse(ExternalLocationListSchema, found.body).map((l) => l.id)).toEqual(['mb-1', 'mb-2']);
    });

    it('refuses a bad query (400), an unknown provider (404), no token (401) and a customer (403)', async () => {
      expectError(
        await call(api, 'GET', '/strategies/fetch/locations', as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        'provider',
      );
      expectError(
        await call(api, 'GET', '/strategies/fetch/locations?provider=abc', as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        'provider',
      );
      expectError(
        await call(api, 'GET', '/strategies/fetch/locations?provider=999999', as.admin),
        404,
        API_ERROR_CODES.providerNotFound,
      );
      expectError(
        await call(api, 'GET', '/strategies/fetch/locations?provider=1'),
        401,
        API_ERROR_CODES.unauthenticated,
      );
      expectError(
        await call(api, 'GET', '/strategies/fetch/locations?provider=1', as.customer),
        403,
        API_ERROR_CODES.forbidden,
      );
    });
  });

  it('POST /strategies/fetch/providers refuses other strategies and bad bodies (400), no token (401), a customer (403)', async () => {
    const post = (body: unknown, token: string | undefined = as.glow) =>
      call(api, 'POST', '/strategies/fetch/providers', token, body);
    expectError(
      await post({ strategy: 'MINDBODY', businessId: 'x' }),
      400,
      API_ERROR_CODES.invalidBody,
      'strategy',
    );
    expectError(await post({ strategy: 'BOULEVARD' }), 400, API_ERROR_CODES.invalidBody, 'businessId');
    expectError(
      await post({ strategy: 'BOULEVARD', businessId: 'unknown-business' }),
      422,
      API_ERROR_CODES.strategyNotConnected,
      'businessId',
    );
    expectError(
      await post({ strategy: 'BOULEVARD', businessId: 'x' }, ''),
      401,
      API_ERROR_CODES.unauthenticated,
    );
    expectError(
      await post({ strategy: 'BOULEVARD', businessId: 'x' }, as.customer),
      403,
      API_ERROR_CODES.forbidden,
    );
  });
});
