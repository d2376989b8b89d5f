/** /svc-item: the service items (spec 01 §7). Reading and writing are for admins. */
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  DisplayOrderSchema,
  MAX_ID,
  ServiceItemCreateSchema,
  ServiceItemUpdateSchema,
  type Deleted,
  type ServiceItem,
} from '../../src/api/contract/service-item';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { ERROR_CODES, fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import {
  createServiceItem,
  deleteServiceItem,
  listServiceItems,
  saveDisplayOrder,
  updateServiceItem,
} from '../repositories/service-items';

export const INVALID_ID = 'request/invalid-id';

/** The {id} of a path as a database id, or the 400 to answer with. */
export function pathId(
  c: Context,
  raw: string,
): { ok: true; id: number } | { ok: false; response: Response } {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isInteger(id) && id >= 1 && id <= MAX_ID) return { ok: true, id };
  return { ok: false, response: fail(c, 400, INVALID_ID, `id: "${raw}" is not a whole-number id`) };
}

export function serviceItemRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin'), async (c) => c.json<ServiceItem[]>(await listServiceItems(db)))
    .post('/display-order', allow('admin'), jsonBody(DisplayOrderSchema), async (c) => {
      const result = await saveDisplayOrder(db, c.req.valid('json'));
      if (!result.ok) return fail(c, 400, ERROR_CODES.invalidBody, result.message);
      return c.json<ServiceItem[]>(result.items);
    })
    .post('/', allow('admin'), jsonBody(ServiceItemCreateSchema), async (c) => {
      const result = await createServiceItem(db, c.req.valid('json'));
      if (!result.ok) return fail(c, 400, ERROR_CODES.invalidBody, result.message);
      return c.json<ServiceItem>(result.item, 201);
    })
    .put('/:id', allow('admin'), jsonBody(ServiceItemUpdateSchema), async (c) => {
      const id = pathId(c, c.req.param('id'));
      if (!id.ok) return id.response;
      const result = await updateServiceItem(db, id.id, c.req.valid('json'));
      if (result.ok) return c.json<ServiceItem>(result.item);
      if (result.reason === 'not-found') return fail(c, 404, 'service-item/not-found', result.message);
      return fail(c, 400, ERROR_CODES.invalidBody, result.message);
    })
    .delete('/:id', allow('admin'), async (c) => {
      const id = pathId(c, c.req.param('id'));
      if (!id.ok) return id.response;
      const result = await deleteServiceItem(db, id.id);
      if (result.ok) return c.json<Deleted>({ id: id.id });
      if (result.reason === 'not-found') return fail(c, 404, 'service-item/not-found', result.message);
      return fail(c, 409, 'service-item/in-use', result.message);
    });
}
