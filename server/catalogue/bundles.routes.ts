/** /bundle: bundles of service items (spec 01 §7, 02 §7). Providers may read; admins write. */
import { Hono } from 'hono';
import { BundleCreateSchema, BundleUpdateSchema, type Bundle } from '../../src/api/contract/bundle';
import type { ServiceItem } from '../../src/api/contract/service-item';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail, stale } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params } from '../http/validate';
import {
  bundleServiceItemsOf,
  createBundle,
  deleteBundle,
  listBundles,
  updateBundle,
} from './bundles.repository';
import type { Deleted } from '../../src/api/contract/primitives';
const idParam = params({ id: IdParam });

export function bundleRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin', 'provider'), async (c) => c.json<Bundle[]>(await listBundles(db)))
    .get('/svc-items/:id', allow('admin', 'provider'), idParam, async (c) => {
      const { id } = c.req.valid('param');
      const items = await bundleServiceItemsOf(db, id);
      if (!items) return fail(c, 404, API_ERROR_CODES.bundleNotFound, `No bundle with id ${id}`);
      return c.json<ServiceItem[]>(items);
    })
    .post('/', allow('admin'), jsonBody(BundleCreateSchema), async (c) => {
      const result = await createBundle(db, c.req.valid('json'));
      if (!result.ok) return fail(c, 400, API_ERROR_CODES.invalidBody, result.message, result.field);
      return c.json<Bundle>(result.bundle, 201);
    })
    .put('/:id', allow('admin'), idParam, jsonBody(BundleUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const result = await updateBundle(db, id, c.req.valid('json'));
      if (result.ok) return c.json<Bundle>(result.bundle);
      if (result.reason === 'not-found') return fail(c, 404, API_ERROR_CODES.bundleNotFound, result.message);
      if (result.reason === 'stale') return stale(c);
      return fail(c, 400, API_ERROR_CODES.invalidBody, result.message, result.field);
    })
    .delete('/:id', allow('admin'), idParam, async (c) => {
      const { id } = c.req.valid('param');
      const result = await deleteBundle(db, id);
      if (result.ok) return c.json<Deleted>({ id, deleted: true });
      if (result.reason === 'not-found') return fail(c, 404, API_ERROR_CODES.bundleNotFound, result.message);
      return fail(c, 409, API_ERROR_CODES.bundleInUse, result.message);
    });
}
