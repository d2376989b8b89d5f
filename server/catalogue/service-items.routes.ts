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
import { withRecordRoutes } from '../http/record-routes';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import {
  createServiceItem,
  deleteServiceItem,
  listServiceItems,
  saveDisplayOrder,
  updateServiceItem,
} from './service-items.repository';

export function serviceItemRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const reads = new Hono<HonoEnv>().post(
    '/display-order',
    allow('admin'),
    jsonBody(DisplayOrderSchema),
    async (c) => answer(c, await saveDisplayOrder(db, c.req.valid('json'))),
  );
  return withRecordRoutes(reads, db, allow('admin'), {
    list: async (d) => ok<ServiceItem[]>(await listServiceItems(d)),
    create: [ServiceItemCreateSchema, createServiceItem],
    update: [ServiceItemUpdateSchema, updateServiceItem],
    remove: deleteServiceItem,
  });
}
