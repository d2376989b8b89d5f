/** /bundle: bundles of service items (spec 01 §7, 02 §7). Providers may read; admins write. */
import { Hono } from 'hono';
import { BundleCreateSchema, BundleUpdateSchema, type Bundle } from '../../src/api/contract/bundle';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { withRecordRoutes } from '../http/record-routes';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, params } from '../http/validate';
import {
  bundleServiceItemsOf,
  createBundle,
  deleteBundle,
  listBundles,
  updateBundle,
} from './bundles.repository';

export function bundleRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const reads = new Hono<HonoEnv>()
    .get('/', allow('admin', 'provider'), async (c) => answer(c, ok<Bundle[]>(await listBundles(db))))
    .get('/svc-items/:id', allow('admin', 'provider'), params({ id: IdParam }), async (c) =>
      answer(c, await bundleServiceItemsOf(db, c.req.valid('param').id)),
    );
  return withRecordRoutes(reads, db, allow('admin'), {
    create: [BundleCreateSchema, createBundle],
    update: [BundleUpdateSchema, updateBundle],
    remove: deleteBundle,
  });
}
