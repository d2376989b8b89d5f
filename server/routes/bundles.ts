/** /bundle: bundles of service items (spec 01 §7, 02 §7). Providers may read; admins write. */
import { Hono } from 'hono';
import { BundleCreateSchema, BundleUpdateSchema, type Bundle } from '../../src/api/contract/bundle';
import type { Deleted, ServiceItem } from '../../src/api/contract/service-item';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { ERROR_CODES, fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import {
  bundleServiceItemsOf,
  createBundle,
  deleteBundle,
  listBundles,
  updateBundle,
} from '../repositories/bundles';
import { pathId } from './service-items';

const BUNDLE_NOT_FOUND = 'bundle/not-found';

export function bundleRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin', 'provider'), async (c) => c.json<Bundle[]>(await listBundles(db)))
    .get('/svc-items/:id', allow('admin', 'provider'), async (c) => {
      const id = pathId(c, c.req.param('id'));
      if (!id.ok) return id.response;
      const items = await bundleServiceItemsOf(db, id.id);
      if (!items) return fail(c, 404, BUNDLE_NOT_FOUND, `No bundle with id ${id.id}`);
      return c.json<ServiceItem[]>(items);
    })
    .post('/', allow('admin'), jsonBody(BundleCreateSchema), async (c) => {
      const result = await createBundle(db, c.req.valid('json'));
      if (!result.ok) return fail(c, 400, ERROR_CODES.invalidBody, result.message);
      return c.json<Bundle>(result.bundle, 201);
    })
    .put('/:id', allow('admin'), jsonBody(BundleUpdateSchema), async (c) => {
      const id = pathId(c, c.req.param('id'));
      if (!id.ok) return id.response;
      const result = await updateBundle(db, id.id, c.req.valid('json'));
      if (result.ok) return c.json<Bundle>(result.bundle);
      if (result.reason === 'not-found') return fail(c, 404, BUNDLE_NOT_FOUND, result.message);
      return fail(c, 400, ERROR_CODES.invalidBody, result.message);
    })
    .delete('/:id', allow('admin'), async (c) => {
      const id = pathId(c, c.req.param('id'));
      if (!id.ok) return id.response;
      const result = await deleteBundle(db, id.id);
      if (result.ok) return c.json<Deleted>({ id: id.id });
      if (result.reason === 'not-found') return fail(c, 404, BUNDLE_NOT_FOUND, result.message);
      return fail(c, 409, 'bundle/in-use', result.message);
    });
}
