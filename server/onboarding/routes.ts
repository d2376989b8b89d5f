/**
 * Onboarding endpoints (spec 02 §7): GET /strategies; GET /credentials?provider=, POST /credentials, GET, PUT
 * (versioned) and DELETE /credentials/{id};
 * GET /availabilities?locationId=, POST /availabilities, PUT /availabilities/{id}. Roles: admin and provider
 * (a provider user: their own providers' data, and what they created during onboarding).
 */
import { Hono } from 'hono';
import {
  AvailabilityInputSchema,
  AvailabilityQuerySchema,
  AvailabilityUpdateSchema,
  CredentialsInputSchema,
  CredentialsQuerySchema,
  CredentialsUpdateSchema,
} from '../../src/api/contract/onboarding';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import { withScope } from '../http/scope';
import {
  createAvailability,
  createCredentials,
  deleteCredentials,
  getCredentials,
  getProviderCredentials,
  listAvailabilitiesFor,
  listStrategies,
  updateAvailability,
  updateCredentials,
} from './service';

export function strategyRoutes({ allow }: { allow: Allow }) {
  return new Hono<HonoEnv>().get('/', allow('admin', 'provider'), (c) => answer(c, ok(listStrategies())));
}

export function credentialsRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const roles = allow('admin', 'provider');
  const scoped = withScope(db);
  return new Hono<HonoEnv>()
    .get('/', roles, query(CredentialsQuerySchema), scoped, async (c) =>
      answer(c, await getProviderCredentials(db, c.var.scope, c.req.valid('query').provider)),
    )
    .get('/:id', roles, params({ id: IdParam }), scoped, async (c) =>
      answer(c, await getCredentials(db, c.var.scope, c.req.valid('param').id)),
    )
    .post('/', roles, jsonBody(CredentialsInputSchema), scoped, async (c) =>
      answer(c, await createCredentials(db, c.var.scope, c.req.valid('json')), 201),
    )
    .put('/:id', roles, params({ id: IdParam }), jsonBody(CredentialsUpdateSchema), scoped, async (c) =>
      answer(c, await updateCredentials(db, c.var.scope, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/:id', roles, params({ id: IdParam }), scoped, async (c) =>
      answer(c, await deleteCredentials(db, c.var.scope, c.req.valid('param').id)),
    );
}

export function availabilityRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const roles = allow('admin', 'provider');
  const scoped = withScope(db);
  return new Hono<HonoEnv>()
    .get('/', roles, query(AvailabilityQuerySchema), scoped, async (c) =>
      answer(c, await listAvailabilitiesFor(db, c.var.scope, c.req.valid('query').locationId)),
    )
    .post('/', roles, jsonBody(AvailabilityInputSchema), scoped, async (c) =>
      answer(c, await createAvailability(db, c.var.scope, c.req.valid('json')), 201),
    )
    .put('/:id', roles, params({ id: IdParam }), jsonBody(AvailabilityUpdateSchema), scoped, async (c) => {
      const { id } = c.req.valid('param');
      return answer(c, await updateAvailability(db, c.var.scope, id, c.req.valid('json')));
    });
}
