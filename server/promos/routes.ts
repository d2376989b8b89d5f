/**
 * /promo (01 §7): list (in the order asked: ?sort=code|amount|uses|perUser&dir=asc|desc), create, save and
 * delete promo codes. Admin only. Codes are unique in any case.
 */
import { Hono } from 'hono';
import {
  PromoCodeInputSchema,
  PromoCodeListQuerySchema,
  PromoCodeUpdateSchema,
  type PromoCode,
} from '../../src/api/contract/promo';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail } from '../http/errors';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import { createPromoCode, deletePromoCode, listPromoCodes, updatePromoCode } from './repository';

const idParam = params({ id: IdParam });

export function promoRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin'), query(PromoCodeListQuerySchema), async (c) => {
      const { sort = 'code', dir = 'asc' } = c.req.valid('query');
      return answer(c, ok<PromoCode[]>(await listPromoCodes(db, { sort, dir })));
    })
    .post('/', allow('admin'), jsonBody(PromoCodeInputSchema), async (c) =>
      answer(c, await createPromoCode(db, c.req.valid('json')), 201),
    )
    .put('/:id', allow('admin'), idParam, jsonBody(PromoCodeUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      if (input.id !== undefined && input.id !== id)
        return fail(c, 400, API_ERROR_CODES.promoIdMismatch, 'The id must be the one in the path', 'id');
      return answer(c, await updatePromoCode(db, id, input));
    })
    .delete('/:id', allow('admin'), idParam, async (c) =>
      answer(c, await deletePromoCode(db, c.req.valid('param').id)),
    );
}
