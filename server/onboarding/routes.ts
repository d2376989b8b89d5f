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
import { withScopedRecordRoutes } from '../http/record-routes';
import { answer, ok } from '../http/result';
import { withScope } from '../http/scope';
import type { HonoEnv } from '../http/types';
import { IdParam, params } from '../http/validate';
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
  const app = new Hono<HonoEnv>().get('/:id', roles, params({ id: IdParam }), withScope(db), async (c) =>
    answer(c, await getCredentials(db, c.var.scope, c.req.valid('param').id)),
  );
  return withScopedRecordRoutes(app, db, roles, {
    list: [CredentialsQuerySchema, (d, scope, filter) => getProviderCredentials(d, scope, filter.provider)],
    create: [CredentialsInputSchema, createCredentials],
    update: [CredentialsUpdateSchema, updateCredentials],
    remove: deleteCredentials,
  });
}

export function availabilityRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return withScopedRecordRoutes(new Hono<HonoEnv>(), db, allow('admin', 'provider'), {
    list: [AvailabilityQuerySchema, (d, scope, filter) => listAvailabilitiesFor(d, scope, filter.locationId)],
    create: [AvailabilityInputSchema, createAvailability],
    update: [AvailabilityUpdateSchema, updateAvailability],
  });
}
