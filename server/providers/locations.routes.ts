/**
 * /locations (spec 02 §7): GET (?providerId=), POST, PUT /{id}, and DELETE /{id} for the onboarding rollback.
 * Roles: admin and provider (a provider user: their providers' locations and the ones they created).
 */
import { Hono } from 'hono';
import {
  LocationInputSchema,
  LocationListQuerySchema,
  LocationUpdateSchema,
} from '../../src/api/contract/provider';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import { withScope } from '../http/scope';
import { createLocation, deleteLocation, listLocationsFor, updateLocation } from './locations.service';

export function locationRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const roles = allow('admin', 'provider');
  const scoped = withScope(db);
  return new Hono<HonoEnv>()
    .get('/', roles, query(LocationListQuerySchema), scoped, async (c) => {
      const filter = c.req.valid('query');
      return answer(c, await listLocationsFor(db, c.var.scope, filter.providerId));
    })
    .post('/', roles, jsonBody(LocationInputSchema), scoped, async (c) =>
      answer(c, await createLocation(db, c.var.scope, c.req.valid('json')), 201),
    )
    .put('/:id', roles, params({ id: IdParam }), jsonBody(LocationUpdateSchema), scoped, async (c) => {
      const { id } = c.req.valid('param');
      return answer(c, await updateLocation(db, c.var.scope, id, c.req.valid('json')));
    })
    .delete('/:id', roles, params({ id: IdParam }), scoped, async (c) => {
      const { id } = c.req.valid('param');
      return answer(c, await deleteLocation(db, c.var.scope, id));
    });
}
