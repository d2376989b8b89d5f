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
import { API_ERROR_CODES, fail, stale } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params } from '../http/validate';
import {
  createServiceItem,
  deleteServiceItem,
  listServiceItems,
  saveDisplayOrder,
  updateServiceItem,
} from './service-items.repository';
import type { Deleted } from '../../src/api/contract/primitives';

const idParam = params({ id: IdParam });

export function serviceItemRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin'), async (c) => c.json<ServiceItem[]>(await listServiceItems(db)))
    .post('/display-order', allow('admin'), jsonBody(DisplayOrderSchema), async (c) => {
      const result = await saveDisplayOrder(db, c.req.valid('json'));
      if (!result.ok) return fail(c, 400, API_ERROR_CODES.invalidBody, result.message, result.field);
      return c.json<ServiceItem[]>(result.items);
    })
    .post('/', allow('admin'), jsonBody(ServiceItemCreateSchema), async (c) => {
      const result = await createServiceItem(db, c.req.valid('json'));
      if (!result.ok) return fail(c, 400, API_ERROR_CODES.invalidBody, result.message, result.field);
      return c.json<ServiceItem>(result.item, 201);
    })
    .put('/:id', allow('admin'), idParam, jsonBody(ServiceItemUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const result = await updateServiceItem(db, id, c.req.valid('json'));
      if (result.ok) return c.json<ServiceItem>(result.item);
      if (result.reason === 'not-found')
        return fail(c, 404, API_ERROR_CODES.serviceItemNotFound, result.message);
      if (result.reason === 'stale') return stale(c);
      return fail(c, 400, API_ERROR_CODES.invalidBody, result.message, result.field);
    })
    .delete('/:id', allow('admin'), idParam, async (c) => {
      const { id } = c.req.valid('param');
      const result = await deleteServiceItem(db, id);
      if (result.ok) return c.json<Deleted>({ id, deleted: true });
      if (result.reason === 'not-found')
        return fail(c, 404, API_ERROR_CODES.serviceItemNotFound, result.message);
      return fail(c, 409, API_ERROR_CODES.serviceItemInUse, result.message);
    });
}
