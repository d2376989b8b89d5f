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
import { withScopedRecordRoutes } from '../http/record-routes';
import type { HonoEnv } from '../http/types';
import { createMapping, deleteMapping, listMappingsFor, updateMapping } from './service';

export function providerServiceItemRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return withScopedRecordRoutes(new Hono<HonoEnv>(), db, allow('admin', 'provider'), {
    list: [ProviderServiceItemQuerySchema, (d, scope, filter) => listMappingsFor(d, scope, filter.location)],
    create: [ProviderServiceItemInputSchema, createMapping],
    update: [ProviderServiceItemUpdateSchema, updateMapping],
    remove: deleteMapping,
  });
}
