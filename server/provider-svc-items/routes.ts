/**
 * /providers/svc-items (spec 02 §7): GET ?location=, POST, PUT /{id} (versioned), DELETE /{id}. Roles: admin
 * and provider (a provider user: the locations of their own providers, or one they created in onboarding).
 */
import { Hono } from 'hono';
import {
  ProviderServiceItemInputSchema,
  ProviderServiceItemQuerySchema,
  ProviderServiceItemUpdateSchema,
} from '../../src/api/contract/provider-svc-item';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import { withScope } from '../http/scope';
import { createMapping, deleteMapping, listMappingsFor, updateMapping } from './service';

export function providerServiceItemRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const roles = allow('admin', 'provider');
  const scoped = withScope(db);
  return new Hono<HonoEnv>()
    .get('/', roles, query(ProviderServiceItemQuerySchema), scoped, async (c) =>
      answer(c, await listMappingsFor(db, c.var.scope, c.req.valid('query').location)),
    )
    .post('/', roles, jsonBody(ProviderServiceItemInputSchema), scoped, async (c) =>
      answer(c, await createMapping(db, c.var.scope, c.req.valid('json')), 201),
    )
    .put(
      '/:id',
      roles,
      params({ id: IdParam }),
      jsonBody(ProviderServiceItemUpdateSchema),
      scoped,
      async (c) =>
        answer(c, await updateMapping(db, c.var.scope, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/:id', roles, params({ id: IdParam }), scoped, async (c) =>
      answer(c, await deleteMapping(db, c.var.scope, c.req.valid('param').id)),
    );
}
