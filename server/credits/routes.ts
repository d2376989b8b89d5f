/**
 * /credits (01 §7): the credit list (in the order asked: ?sort=title|total|created&dir=asc|desc), create,
 * edit (title and description; the total is fixed) and delete (only a credit nobody holds). Admin only.
 */
import { Hono } from 'hono';
import {
  CreditInputSchema,
  CreditListQuerySchema,
  CreditUpdateSchema,
  type Credit,
} from '../../src/api/contract/credit';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail } from '../http/errors';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import { createCredit, deleteCredit, listCredits, updateCredit } from './repository';

const idParam = params({ id: IdParam });

export function creditRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin'), query(CreditListQuerySchema), async (c) => {
      const { sort = 'title', dir = 'asc' } = c.req.valid('query');
      return answer(c, ok<Credit[]>(await listCredits(db, { sort, dir })));
    })
    .post('/', allow('admin'), jsonBody(CreditInputSchema), async (c) =>
      answer(c, ok<Credit>(await createCredit(db, c.req.valid('json'))), 201),
    )
    .put('/:id', allow('admin'), idParam, jsonBody(CreditUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      if (input.id !== undefined && input.id !== id)
        return fail(c, 400, API_ERROR_CODES.creditIdMismatch, 'The id must be the one in the path', 'id');
      return answer(c, await updateCredit(db, id, input));
    })
    .delete('/:id', allow('admin'), idParam, async (c) =>
      answer(c, await deleteCredit(db, c.req.valid('param').id)),
    );
}
