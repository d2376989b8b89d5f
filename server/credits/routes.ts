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
import { withRecordRoutes } from '../http/record-routes';
import type { HonoEnv } from '../http/types';
import { ok } from '../http/result';
import { createCredit, deleteCredit, listCredits, updateCredit } from './repository';

export function creditRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return withRecordRoutes(new Hono<HonoEnv>(), db, allow('admin'), {
    list: [
      CreditListQuerySchema,
      async (d, { sort = 'title', dir = 'asc' }) => ok<Credit[]>(await listCredits(d, { sort, dir })),
    ],
    create: [CreditInputSchema, async (d, input) => ok<Credit>(await createCredit(d, input))],
    update: [CreditUpdateSchema, updateCredit],
    remove: deleteCredit,
  });
}
