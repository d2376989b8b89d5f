/**
 * Scheduling-system connections (spec 02 §7): POST and GET /strategies/fetch/locations, POST
 * /strategies/fetch/providers, POST /strategies/exchange-oauth-code. Roles: admin and provider. Mounted on
 * /strategies beside GET /strategies (server/onboarding/routes.ts).
 */
import { Hono } from 'hono';
import {
  ExchangeOAuthCodeInputSchema,
  FetchLocationsInputSchema,
  FetchLocationsQuerySchema,
  FetchProvidersInputSchema,
} from '../../src/api/contract/strategies';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer } from '../http/result';
import type { HonoEnv } from '../http/types';
import { jsonBody, query } from '../http/validate';
import { scopeOf } from '../http/scope';
import type { SchedulingSystems } from './scheduling-system';
import { exchangeOAuthCode, fetchLocations, fetchProviderLocations, fetchProviders } from './service';

/** What the routes that call the scheduling systems are built from (server/app.ts). */
export interface SystemsRouteDeps {
  db: Db;
  allow: Allow;
  systems: SchedulingSystems;
}

export function connectionRoutes({ db, allow, systems }: SystemsRouteDeps) {
  const roles = allow('admin', 'provider');
  return new Hono<HonoEnv>()
    .post('/fetch/locations', roles, jsonBody(FetchLocationsInputSchema), async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await fetchLocations(db, systems, scope, c.req.valid('json')));
    })
    .get('/fetch/locations', roles, query(FetchLocationsQuerySchema), async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await fetchProviderLocations(db, systems, scope, c.req.valid('query').provider));
    })
    .post('/fetch/providers', roles, jsonBody(FetchProvidersInputSchema), async (c) =>
      answer(c, await fetchProviders(systems, c.req.valid('json'))),
    )
    .post('/exchange-oauth-code', roles, jsonBody(ExchangeOAuthCodeInputSchema), async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await exchangeOAuthCode(db, systems, scope, c.req.valid('json')));
    });
}
