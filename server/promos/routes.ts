/**
 * /promo (01 §7): list (in the order asked: ?sort=code|amount|uses|perUser&dir=asc|desc), create, save and
 * delete promo codes. Admin only. Codes are unique in any case.
 */
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import {
  PromoCodeInputSchema,
  PromoCodeListQuerySchema,
  PromoCodeUpdateSchema,
  type PromoCode,
} from '../../src/api/contract/promo';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail, stale } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  updatePromoCode,
  type SavePromoResult,
} from './repository';
import type { DeletedSchema } from '../../src/api/contract/primitives';

const idParam = params({ id: IdParam });

function answer(c: Context<HonoEnv>, result: SavePromoResult, status: 200 | 201, id?: number): Response {
  if (result.ok) return c.json<PromoCode>(result.promo, status);
  switch (result.reason) {
    case 'not-found':
      return fail(c, 404, API_ERROR_CODES.promoNotFound, `No promo code with id ${id}`);
    case 'stale':
      return stale(c);
    case 'code-exists':
      return fail(
        c,
        409,
        API_ERROR_CODES.promoCodeExists,
        `The code ${result.code} already exists (codes are compared without case)`,
        'code',
      );
    case 'services-not-found':
      return fail(
        c,
        404,
        API_ERROR_CODES.serviceItemNotFound,
        `No service item with id ${result.missing.join(', ')}`,
        'allowedServices',
      );
  }
}

export function promoRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin'), query(PromoCodeListQuerySchema), async (c) => {
      const { sort = 'code', dir = 'asc' } = c.req.valid('query');
      return c.json<PromoCode[]>(await listPromoCodes(db, { sort, dir }));
    })
    .post('/', allow('admin'), jsonBody(PromoCodeInputSchema), async (c) =>
      answer(c, await createPromoCode(db, c.req.valid('json')), 201),
    )
    .put('/:id', allow('admin'), idParam, jsonBody(PromoCodeUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      if (input.id !== undefined && input.id !== id)
        return fail(c, 400, API_ERROR_CODES.promoIdMismatch, 'The id must be the one in the path', 'id');
      return answer(c, await updatePromoCode(db, id, input), 200, id);
    })
    .delete('/:id', allow('admin'), idParam, async (c) => {
      const { id } = c.req.valid('param');
      if (!(await deletePromoCode(db, id)))
        return fail(c, 404, API_ERROR_CODES.promoNotFound, `No promo code with id ${id}`);
      return c.json<v.InferOutput<typeof DeletedSchema>>({ id, deleted: true });
    });
}
