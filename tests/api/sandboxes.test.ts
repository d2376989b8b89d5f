/**
 * The sandboxes' pages: not mounted in production unless DEMO_SANDBOXES=true, and the payments onboarding
 * page acts only with the state its onboarding link carries, which only a session that may use the account
 * is given. An anonymous or another provider's POST is refused and changes no row.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnboardingLinkSchema } from '../../src/api/contract/payouts';
import { createApp } from '../../server/app';
import { readEnv } from '../../server/env';
import { issueSandboxState } from '../../server/http/sandbox-state';
import {
  BOOKER_STANDIN_CLIENT_ID,
  BOOKER_STANDIN_CLIENT_SECRET,
  BOOKER_STANDIN_PATH,
  BOOKER_STANDIN_SUBSCRIPTION_KEY,
} from '../../server/outside/booker/wire';
import { MINDBODY_STANDIN_API_KEY, MINDBODY_STANDIN_PATH } from '../../server/outside/mindbody/wire';
import { GEO_STANDIN_API_KEY, GEO_STANDIN_PATH } from '../../server/outside/geo/wire';
import { call, callers, locationIdOf, type Callers } from './provider-support';
import {
  captureLog,
  engines,
  HIGH_LIMITS,
  startTestServer,
  tableDigest,
  TEST_ORIGIN,
  testIdentity,
  type TestServer,
} from './support';

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** Every sandbox page and call, the external admin stand-in and the outside systems' stand-ins. */
const SANDBOX_REQUESTS: [string, string, RequestInit?][] = [
  ['GET', '/scheduling-sandbox/boulevard/install?businessId=blvd-sandbox-prod'],
  ['POST', '/scheduling-sandbox/boulevard/install', form({ businessId: 'blvd-sandbox-prod' })],
  [
    'GET',
    `/standins/square/oauth2/authorize?client_id=x&scope=ITEMS_READ&state=s&redirect_uri=${encodeURIComponent(`${TEST_ORIGIN}/provider/onboarding/credentials`)}`,
  ],
  [
    'POST',
    '/standins/square/oauth2/authorize',
    form({ decision: 'allow', state: 's', redirect_uri: `${TEST_ORIGIN}/provider/onboarding/credentials` }),
  ],
  ['POST', '/standins/square/oauth2/state'],
  [
    'POST',
    '/standins/square/oauth2/token',
    { headers: { 'Content-Type': 'application/json' }, body: '{"grant_type":"authorization_code"}' },
  ],
  ['GET', '/standins/square/v2/locations', { headers: { Authorization: 'Bearer EAAAsandbox-x' } }],
  ['GET', '/standins/stripe/setup/acct_prod'],
  ['POST', '/standins/stripe/setup/acct_prod', form({ business_name: 'x' })],
  [
    'POST',
    '/standins/stripe/v1/tokens',
    { method: 'POST', headers: { Authorization: 'Bearer pk_test_standin_upkeep_console' }, body: '' },
  ],
  [
    'POST',
    '/standins/stripe/v1/accounts',
    { method: 'POST', headers: { Authorization: 'Bearer sk_test_standin_upkeep_console' }, body: '' },
  ],
  ['GET', '/external-admin/provider/locations?id=1&code=x'],
  [
    'POST',
    `${MINDBODY_STANDIN_PATH}/usertoken/issue`,
    {
      headers: { 'Api-Key': MINDBODY_STANDIN_API_KEY, SiteId: '-99', 'Content-Type': 'application/json' },
      body: JSON.stringify({ Username: 'Siteowner', Password: 'apitest1234' }),
    },
  ],
  [
    'GET',
    `${MINDBODY_STANDIN_PATH}/site/locations`,
    { headers: { 'Api-Key': MINDBODY_STANDIN_API_KEY, SiteId: '-99' } },
  ],
  [
    'POST',
    `${BOOKER_STANDIN_PATH}/v5/auth/connect/token`,
    {
      headers: {
        'Ocp-Apim-Subscription-Key': BOOKER_STANDIN_SUBSCRIPTION_KEY,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: BOOKER_STANDIN_CLIENT_ID,
        client_secret: BOOKER_STANDIN_CLIENT_SECRET,
      }).toString(),
    },
  ],
  [
    'POST',
    `${BOOKER_STANDIN_PATH}/v4.1/merchant/locations`,
    {
      headers: {
        'Ocp-Apim-Subscription-Key': BOOKER_STANDIN_SUBSCRIPTION_KEY,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ UsePaging: true, PageNumber: 1, PageSize: 10, access_token: 'x' }),
    },
  ],
  ['GET', `${GEO_STANDIN_PATH}/maps/api/place/autocomplete/json?input=Austin&key=${GEO_STANDIN_API_KEY}`],
  ['GET', `${GEO_STANDIN_PATH}/maps/api/geocode/json?address=Austin%2C%20TX&key=${GEO_STANDIN_API_KEY}`],
  ['GET', `${GEO_STANDIN_PATH}/nominatim/search?q=Austin%2C%20TX&format=jsonv2`],
];

describe.each(engines)('the sandboxes on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
  });
  afterAll(async () => {
    await api?.stop();
  });

  const productionApp = (variables: Record<string, string>) =>
    createApp({
      db: api.db,
      engine,
      identity: testIdentity(),
      log: captureLog().log,
      env: readEnv({
        APP_ENV: 'production',
        CORS_ORIGINS: TEST_ORIGIN,
        DATA_DIR: '.tmp/sandboxes-test',
        ...HIGH_LIMITS,
        ...variables,
      }),
    });

  it('production mounts no sandbox page or call without DEMO_SANDBOXES, and changes nothing', async () => {
    const app = productionApp({});
    const before = await tableDigest(api.db);
    for (const [method, path, init] of SANDBOX_REQUESTS) {
      const response = await app.request(path, { method, ...init });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'route/not-found' });
    }
    expect(await tableDigest(api.db)).toEqual(before);
    // The code hand-over itself stays: the real external admin site needs it.
    expect((await app.request('/external-admin/codes', { method: 'POST' })).status).toBe(401);
  });

  it('production with DEMO_SANDBOXES=true mounts them', async () => {
    const app = productionApp({ DEMO_SANDBOXES: 'true' });
    for (const [method, path, init] of SANDBOX_REQUESTS) {
      const response = await app.request(path, { method, ...init });
      const text = await response.text();
      expect(text, `${method} ${path}`).not.toContain('route/not-found');
    }
  });

  describe('the Boulevard install page', () => {
    const locationsOf = (businessId: string) =>
      call(api, 'POST', '/strategies/fetch/locations', as.glow, { strategy: 'BOULEVARD', businessId });
    const install = (fields: Record<string, string>) =>
      api.fetch('/scheduling-sandbox/boulevard/install', form(fields));

    it('installs nothing for an anonymous POST or a state of another business', async () => {
      const target = `blvd-sandbox-victim-${Date.now()}`;
      const other = `blvd-sandbox-other-${Date.now()}`;
      const issued = await call(api, 'POST', '/scheduling-sandbox/boulevard/install-state', as.multi, {
        businessId: other,
      });
      const otherState = (issued.body as { state: string }).state;
      for (const state of [
        undefined,
        'forged',
        otherState,
        issueSandboxState('payments-onboarding', target),
      ]) {
        const response = await install({ businessId: target, ...(state === undefined ? {} : { state }) });
        expect(response.status, String(state)).toBe(403);
      }
      const page = await api.fetch(`/scheduling-sandbox/boulevard/install?businessId=${target}`);
      expect(page.status).toBe(403);
      expect((await locationsOf(target)).status).toBe(422);
      // The state is only for a signed-in admin or provider.
      for (const token of [undefined, as.customer]) {
        const refused = await call(api, 'POST', '/scheduling-sandbox/boulevard/install-state', token, {
          businessId: target,
        });
        expect(refused.status).toBe(token ? 403 : 401);
      }
    });

    it('installs with the state issued for that business', async () => {
      const target = `blvd-sandbox-own-${Date.now()}`;
      const issued = await call(api, 'POST', '/scheduling-sandbox/boulevard/install-state', as.glow, {
        businessId: target,
      });
      expect(issued.status).toBe(201);
      const { state } = issued.body as { state: string };
      expect((await install({ businessId: target, state })).status).toBe(200);
      expect((await locationsOf(target)).status).toBe(200);
    });
  });

  describe('the Square authorisation page', () => {
    const RETURN = `${TEST_ORIGIN}/provider/onboarding/credentials`;

    it('gives no code to an anonymous POST or a state it did not issue', async () => {
      for (const state of [undefined, 'forged', issueSandboxState('boulevard-install', 'square')]) {
        const response = await api.fetch('/standins/square/oauth2/authorize', {
          ...form({ decision: 'allow', redirect_uri: RETURN, ...(state === undefined ? {} : { state }) }),
          redirect: 'manual',
        });
        expect(response.status, String(state)).toBe(403);
        expect(response.headers.get('Location')).toBeNull();
      }
      const page = await api.fetch(
        `/standins/square/oauth2/authorize?state=forged&redirect_uri=${encodeURIComponent(RETURN)}`,
      );
      expect(page.status).toBe(403);
      expect((await call(api, 'POST', '/standins/square/oauth2/state', undefined)).status).toBe(401);
      expect((await call(api, 'POST', '/standins/square/oauth2/state', as.customer)).status).toBe(403);
    });

    it('returns a code with a state the API issued', async () => {
      const { state } = (await call(api, 'POST', '/standins/square/oauth2/state', as.multi)).body as {
        state: string;
      };
      const response = await api.fetch('/standins/square/oauth2/authorize', {
        ...form({ decision: 'allow', redirect_uri: RETURN, state }),
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      const back = new URL(response.headers.get('Location') ?? '');
      expect(back.searchParams.get('code')).not.toBeNull();
      expect(back.searchParams.get('state')).toBe(state);
    });
  });

  describe('the payments onboarding page', () => {
    let glowAccount: string;
    let glowState: string;
    let serenityState: string;
    beforeAll(async () => {
      const made = async (token: string, location: string) => {
        const locationId = await locationIdOf(api.db, location);
        const link = v.parse(
          OnboardingLinkSchema,
          (await call(api, 'POST', '/settlement-accounts/onboarding-link', token, { locationId })).body,
        );
        return { accountId: link.accountId, state: new URL(link.url).searchParams.get('state') ?? '' };
      };
      ({ accountId: glowAccount, state: glowState } = await made(as.glow, 'Glow Studio'));
      ({ state: serenityState } = await made(as.multi, 'Serenity Med Spa'));
    });

    it('refuses an anonymous or another provider’s POST, and changes no row', async () => {
      const before = await tableDigest(api.db);
      const page = `/standins/stripe/setup/${glowAccount}`;
      for (const state of [
        undefined,
        '',
        'forged',
        serenityState,
        issueSandboxState('boulevard-install', glowAccount),
        issueSandboxState('payments-onboarding', glowAccount, Date.now() - 31 * 60_000),
      ]) {
        const fields = { business_name: 'Taken Over', ...(state === undefined ? {} : { state }) };
        const response = await api.fetch(page, { ...form(fields), redirect: 'manual' });
        expect(response.status, String(state)).toBe(403);
        expect(await response.text()).not.toContain('Taken Over');
      }
      // Another provider cannot get a link (and so a state) for the account either.
      expect(
        (await call(api, 'GET', `/settlement-accounts/onboarding-link/${glowAccount}`, as.multi)).status,
      ).toBe(403);
      expect(await tableDigest(api.db)).toEqual(before);
    });

    it('shows nothing of the account without the state', async () => {
      for (const query of ['', '?state=forged', `?state=${encodeURIComponent(serenityState)}`]) {
        const response = await api.fetch(`/standins/stripe/setup/${glowAccount}${query}`);
        expect(response.status).toBe(403);
        expect(await response.text()).not.toContain('Glow Studio');
      }
    });

    it('acts with the state of its own link', async () => {
      const response = await api.fetch(`/standins/stripe/setup/${glowAccount}`, {
        ...form({ business_name: 'Glow Studio Renamed', state: glowState }),
        redirect: 'manual',
      });
      expect(response.status).toBe(200);
      const account = await call(api, 'GET', `/settlement-accounts/${glowAccount}`, as.glow);
      expect(account.body).toMatchObject({ business_profile: { name: 'Glow Studio Renamed' } });
    });
  });
});
