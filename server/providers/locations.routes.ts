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
import { withScopedRecordRoutes } from '../http/record-routes';
import type { HonoEnv } from '../http/types';
import { createLocation, deleteLocation, listLocationsFor, updateLocation } from './locations.service';

export function locationRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return withScopedRecordRoutes(new Hono<HonoEnv>(), db, allow('admin', 'provider'), {
    list: [LocationListQuerySchema, (d, scope, filter) => listLocationsFor(d, scope, filter.providerId)],
    create: [LocationInputSchema, createLocation],
    update: [LocationUpdateSchema, updateLocation],
    remove: deleteLocation,
  });
}
