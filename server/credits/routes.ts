/**
 * /credits (01 §7): the credit list (in the order asked: ?sort=title|total|created&dir=asc|desc), create,
 * edit (title and description; the total is fixed) and delete (only a credit nobody holds). Admin only.
 */
import { Hono } from 'hono';
import type * as v from 'valibot';
import {
  CreditInputSchema,
  CreditListQuerySchema,
  CreditUpdateSchema,
  type Credit,
} from '../../src/api/contract/credit';
import { formatDollars } from '../../src/domain/shared/money';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail, stale } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import { createCredit, deleteCredit, listCredits, updateCredit } from './repository';
import type { DeletedSchema } from '../../src/api/contract/primitives';

const idParam = params({ id: IdParam });

export function creditRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin'), query(CreditListQuerySchema), async (c) => {
      const { sort = 'title', dir = 'asc' } = c.req.valid('query');
      return c.json<Credit[]>(await listCredits(db, { sort, dir }));
    })
    .post('/', allow('admin'), jsonBody(CreditInputSchema), async (c) =>
      c.json<Credit>(await createCredit(db, c.req.valid('json')), 201),
    )
    .put('/:id', allow('admin'), idParam, jsonBody(CreditUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      if (input.id !== undefined && input.id !== id)
        return fail(c, 400, API_ERROR_CODES.creditIdMismatch, 'The id must be the one in the path', 'id');
      const result = await updateCredit(db, id, input);
      if (result.ok) return c.json<Credit>(result.credit);
      if (result.reason === 'not-found')
        return fail(c, 404, API_ERROR_CODES.creditNotFound, `No credit with id ${id}`);
      if (result.reason === 'stale') return stale(c);
      return fail(
        c,
        400,
        API_ERROR_CODES.creditTotalImmutable,
        `The total cannot be changed after creation (it is ${result.totalInCents}, ${formatDollars(result.totalInCents)})`,
        'totalInCents',
      );
    })
    .delete('/:id', allow('admin'), idParam, async (c) => {
      const { id } = c.req.valid('param');
      const result = await deleteCredit(db, id);
      if (result.ok) return c.json<v.InferOutput<typeof DeletedSchema>>({ id, deleted: true });
      if (result.reason === 'not-found')
        return fail(c, 404, API_ERROR_CODES.creditNotFound, `No credit with id ${id}`);
      return fail(c, 409, API_ERROR_CODES.creditInUse, result.message);
    });
}
