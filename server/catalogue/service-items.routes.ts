/** /svc-item: the service items (spec 01 §7). Reading and writing are for admins. */
import { Hono } from 'hono';
import {
  DisplayOrderSchema,
  ServiceItemCreateSchema,
  ServiceItemUpdateSchema,
  type ServiceItem,
} from '../../src/api/contract/service-item';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params } from '../http/validate';
import {
  createServiceItem,
  deleteServiceItem,
  listServiceItems,
  saveDisplayOrder,
  updateServiceItem,
} from './service-items.repository';

const idParam = params({ id: IdParam });

export function serviceItemRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin'), async (c) => answer(c, ok<ServiceItem[]>(await listServiceItems(db))))
    .post('/display-order', allow('admin'), jsonBody(DisplayOrderSchema), async (c) =>
      answer(c, await saveDisplayOrder(db, c.req.valid('json'))),
    )
    .post('/', allow('admin'), jsonBody(ServiceItemCreateSchema), async (c) =>
      answer(c, await createServiceItem(db, c.req.valid('json')), 201),
    )
    .put('/:id', allow('admin'), idParam, jsonBody(ServiceItemUpdateSchema), async (c) =>
      answer(c, await updateServiceItem(db, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/:id', allow('admin'), idParam, async (c) =>
      answer(c, await deleteServiceItem(db, c.req.valid('param').id)),
    );
}
