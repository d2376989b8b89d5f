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
import { scopeOf } from '../http/scope';
import { addCommission, changeCommission, commissionsOf } from './commissions.service';

export function commissionRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const roles = allow('admin', 'provider');
  return new Hono<HonoEnv>()
    .get('/', roles, query(CommissionQuerySchema), async (c) => {
      const filter = c.req.valid('query');
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await commissionsOf(db, scope, filter.providerId));
    })
    .post('/', roles, jsonBody(CommissionInputSchema), async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await addCommission(db, scope, c.req.valid('json')), 201);
    })
    .put('/:id', roles, params({ id: IdParam }), jsonBody(CommissionUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await changeCommission(db, scope, id, c.req.valid('json')));
    });
}
