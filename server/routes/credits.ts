/**
 * /credits (01 §7): the credit list, create, edit (title and description; the total is fixed) and delete (only
 * a credit nobody holds). Admin only.
 */
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import {
  CreditInputSchema,
  CreditUpdateSchema,
  type Credit,
  type DeletedSchema,
} from '../../src/api/contract/credit';
import { formatDollars } from '../../src/domain/money';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { jsonBody } from '../http/validate';
import { createCredit, deleteCredit, listCredits, updateCredit } from '../repositories/credits';

const ID = /^\d{1,9}$/;

function idParam(c: Context<HonoEnv>): number | Response {
  const id = c.req.param('id') ?? '';
  return ID.test(id) && Number(id) > 0
    ? Number(id)
    : fail(c, 400, 'request/invalid-param', 'id must be a whole-number id');
}

export function creditRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin'), async (c) => c.json<Credit[]>(await listCredits(db)))
    .post('/', allow('admin'), jsonBody(CreditInputSchema), async (c) =>
      c.json<Credit>(await createCredit(db, c.req.valid('json')), 201),
    )
    .put('/:id', allow('admin'), jsonBody(CreditUpdateSchema), async (c) => {
      const id = idParam(c);
      if (id instanceof Response) return id;
      const input = c.req.valid('json');
      if (input.id !== undefined && input.id !== id)
        return fail(c, 400, 'credit/id-mismatch', 'id: must be the id in the path');
      const result = await updateCredit(db, id, input);
      if (result.ok) return c.json<Credit>(result.credit);
      if (result.reason === 'not-found') return fail(c, 404, 'credit/not-found', `No credit with id ${id}`);
      return fail(
        c,
        400,
        'credit/total-immutable',
        `totalInCents: cannot be changed after creation (it is ${result.totalInCents}, ${formatDollars(result.totalInCents)})`,
      );
    })
    .delete('/:id', allow('admin'), async (c) => {
      const id = idParam(c);
      if (id instanceof Response) return id;
      const result = await deleteCredit(db, id);
      if (result.ok) return c.json<v.InferOutput<typeof DeletedSchema>>({ id, deleted: true });
      if (result.reason === 'not-found') return fail(c, 404, 'credit/not-found', `No credit with id ${id}`);
      return fail(c, 409, 'credit/in-use', result.message);
    });
}
