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
import { scopeOf } from '../http/scope';
import { createLocation, deleteLocation, listLocationsFor, updateLocation } from './locations.service';

export function locationRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const roles = allow('admin', 'provider');
  return new Hono<HonoEnv>()
    .get('/', roles, query(LocationListQuerySchema), async (c) => {
      const filter = c.req.valid('query');
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await listLocationsFor(db, scope, filter.providerId));
    })
    .post('/', roles, jsonBody(LocationInputSchema), async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await createLocation(db, scope, c.req.valid('json')), 201);
    })
    .put('/:id', roles, params({ id: IdParam }), jsonBody(LocationUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await updateLocation(db, scope, id, c.req.valid('json')));
    })
    .delete('/:id', roles, params({ id: IdParam }), async (c) => {
      const { id } = c.req.valid('param');
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await deleteLocation(db, scope, id));
    });
}
