/** /commission (spec 02 §7): GET ?providerId=, POST, PUT /{id}. Roles: admin and provider (their own). */
import { Hono } from 'hono';
import {
  CommissionInputSchema,
  CommissionQuerySchema,
  CommissionUpdateSchema,
} from '../../src/api/contract/commission';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import { withScope } from '../http/scope';
import { addCommission, changeCommission, commissionsOf } from './commissions.service';

export function commissionRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const roles = allow('admin', 'provider');
  const scoped = withScope(db);
  return new Hono<HonoEnv>()
    .get('/', roles, query(CommissionQuerySchema), scoped, async (c) => {
      const filter = c.req.valid('query');
      return answer(c, await commissionsOf(db, c.var.scope, filter.providerId));
    })
    .post('/', roles, jsonBody(CommissionInputSchema), scoped, async (c) =>
      answer(c, await addCommission(db, c.var.scope, c.req.valid('json')), 201),
    )
    .put('/:id', roles, params({ id: IdParam }), jsonBody(CommissionUpdateSchema), scoped, async (c) => {
      const { id } = c.req.valid('param');
      return answer(c, await changeCommission(db, c.var.scope, id, c.req.valid('json')));
    });
}
