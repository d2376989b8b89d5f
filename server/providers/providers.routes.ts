/**
 * /providers (spec 02 §7): GET (admin: all, filtered by country, city, name, onboarding state, strategy,
 * payouts ready and public, sorted, paged when `page` or `pageSize` is given; a provider user: their own),
 * GET /facets (the counts behind each filter value, in the same scope), POST, PUT /{id}. Roles: admin and
 * provider.
 */
import { Hono } from 'hono';
import type { Provider } from '../../src/api/contract/provider';
import { ProviderInputSchema, ProviderUpdateSchema } from '../../src/api/contract/provider';
import {
  ProviderFacetsQuerySchema,
  ProviderListQuerySchema,
  type ProviderFacets,
  type ProviderPage,
} from '../../src/api/contract/provider-list';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import { scopeOf } from '../http/scope';
import { createProvider, listProvidersFor, providerFacetsFor, updateProvider } from './providers.service';

export function providerRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const roles = allow('admin', 'provider');
  return new Hono<HonoEnv>()
    .get('/', roles, query(ProviderListQuerySchema), async (c) => {
      const filter = c.req.valid('query');
      const scope = await scopeOf(db, c.get('caller'));
      return c.json<Provider[] | ProviderPage>(await listProvidersFor(db, scope, filter));
    })
    .get('/facets', roles, query(ProviderFacetsQuerySchema), async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      return c.json<ProviderFacets>(await providerFacetsFor(db, scope, c.req.valid('query')));
    })
    .post('/', roles, jsonBody(ProviderInputSchema), async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await createProvider(db, scope, c.req.valid('json')), 201);
    })
    .put('/:id', roles, params({ id: IdParam }), jsonBody(ProviderUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await updateProvider(db, scope, id, c.req.valid('json')));
    });
}
