/** /bundle: bundles of service items (spec 01 §7, 02 §7). Providers may read; admins write. */
import { Hono } from 'hono';
import { BundleCreateSchema, BundleUpdateSchema, type Bundle } from '../../src/api/contract/bundle';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params } from '../http/validate';
import {
  bundleServiceItemsOf,
  createBundle,
  deleteBundle,
  listBundles,
  updateBundle,
} from './bundles.repository';
const idParam = params({ id: IdParam });

export function bundleRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin', 'provider'), async (c) => answer(c, ok<Bundle[]>(await listBundles(db))))
    .get('/svc-items/:id', allow('admin', 'provider'), idParam, async (c) =>
      answer(c, await bundleServiceItemsOf(db, c.req.valid('param').id)),
    )
    .post('/', allow('admin'), jsonBody(BundleCreateSchema), async (c) =>
      answer(c, await createBundle(db, c.req.valid('json')), 201),
    )
    .put('/:id', allow('admin'), idParam, jsonBody(BundleUpdateSchema), async (c) =>
      answer(c, await updateBundle(db, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/:id', allow('admin'), idParam, async (c) =>
      answer(c, await deleteBundle(db, c.req.valid('param').id)),
    );
}
