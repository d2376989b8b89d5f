/** /promo (01 §7): list, create, save and delete promo codes. Admin only. Codes are unique in any case. */
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import { PromoCodeInputSchema, type PromoCode, type PromoDeletedSchema } from '../../src/api/contract/promo';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  updatePromoCode,
  type SavePromoResult,
} from '../repositories/promos';

const ID = /^\d{1,9}$/;

function idParam(c: Context<HonoEnv>): number | Response {
  const id = c.req.param('id') ?? '';
  return ID.test(id) && Number(id) > 0
    ? Number(id)
    : fail(c, 400, 'request/invalid-param', 'id must be a whole-number id');
}

function answer(c: Context<HonoEnv>, result: SavePromoResult, status: 200 | 201, id?: number): Response {
  if (result.ok) return c.json<PromoCode>(result.promo, status);
  switch (result.reason) {
    case 'not-found':
      return fail(c, 404, 'promo/not-found', `No promo code with id ${id}`);
    case 'code-exists':
      return fail(
        c,
        409,
        'promo/code-exists',
        `code: the code ${result.code} already exists (codes are compared without case)`,
      );
    case 'services-not-found':
      return fail(
        c,
        404,
        'service-item/not-found',
        `allowedServices: no service item with id ${result.missing.join(', ')}`,
      );
  }
}

export function promoRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin'), async (c) => c.json<PromoCode[]>(await listPromoCodes(db)))
    .post('/', allow('admin'), jsonBody(PromoCodeInputSchema), async (c) =>
      answer(c, await createPromoCode(db, c.req.valid('json')), 201),
    )
    .put('/:id', allow('admin'), jsonBody(PromoCodeInputSchema), async (c) => {
      const id = idParam(c);
      if (id instanceof Response) return id;
      const input = c.req.valid('json');
      if (input.id !== undefined && input.id !== id)
        return fail(c, 400, 'promo/id-mismatch', 'id: must be the id in the path');
      return answer(c, await updatePromoCode(db, id, input), 200, id);
    })
    .delete('/:id', allow('admin'), async (c) => {
      const id = idParam(c);
      if (id instanceof Response) return id;
      if (!(await deletePromoCode(db, id)))
        return fail(c, 404, 'promo/not-found', `No promo code with id ${id}`);
      return c.json<v.InferOutput<typeof PromoDeletedSchema>>({ id, deleted: true });
    });
}
