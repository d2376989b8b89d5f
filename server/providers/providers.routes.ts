/**
 * /providers (spec 02 §7): GET (admin: all, filtered by country, city, name, onboarding state, strategy,
 * payouts ready and public, sorted, paged when `page` or `pageSize` is given; a provider user: their own),
 * GET /facets (the counts behind each filter value, in the same scope), GET /choices (each provider's id,
 * name and place, with the same filters and scope, for the console's pickers), POST, PUT /{id}. Roles: admin
 * and provider.
 */
import { Hono } from 'hono';
import type { Provider, ProviderChoiceItem } from '../../src/api/contract/provider';
import { ProviderInputSchema, ProviderUpdateSchema } from '../../src/api/contract/provider';
import {
  ProviderFacetsQuerySchema,
  ProviderListQuerySchema,
  type ProviderFacets,
  type ProviderPage,
} from '../../src/api/contract/provider-list';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { withScopedRecordRoutes } from '../http/record-routes';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { query } from '../http/validate';
import { withScope } from '../http/scope';
import {
  createProvider,
  listProvidersFor,
  providerChoicesFor,
  providerFacetsFor,
  updateProvider,
} from './providers.service';

export function providerRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const roles = allow('admin', 'provider');
  const scoped = withScope(db);
  const reads = new Hono<HonoEnv>()
    .get('/facets', roles, query(ProviderFacetsQuerySchema), scoped, async (c) => {
      return answer(c, ok<ProviderFacets>(await providerFacetsFor(db, c.var.scope, c.req.valid('query'))));
    })
    .get('/choices', roles, query(ProviderFacetsQuerySchema), scoped, async (c) => {
      const choices = await providerChoicesFor(db, c.var.scope, c.req.valid('query'));
      return answer(c, ok<ProviderChoiceItem[]>(choices));
    });
  return withScopedRecordRoutes(reads, db, roles, {
    list: [
      ProviderListQuerySchema,
      async (d, scope, filter) => ok<Provider[] | ProviderPage>(await listProvidersFor(d, scope, filter)),
    ],
    create: [ProviderInputSchema, createProvider],
    update: [ProviderUpdateSchema, updateProvider],
  });
}
