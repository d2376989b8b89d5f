/**
 * /special-date (spec 02 §7): GET /provider/{locationId}, POST, PUT /{id} (dates and/or one service item or
 * bundle to attach), DELETE /{id}, DELETE /svc-item/{id}. Roles: admin and provider (their own locations).
 */
import { Hono } from 'hono';
import { SpecialDateInputSchema, SpecialDateUpdateSchema } from '../../src/api/contract/special-date';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { withScopedRecordRoutes } from '../http/record-routes';
import { answer } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, params } from '../http/validate';
import { withScope } from '../http/scope';
import {
  addSpecialDate,
  changeSpecialDate,
  removeSpecialDate,
  removeSpecialDateItem,
  specialDatesOf,
} from './special-dates.service';

export function specialDateRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const roles = allow('admin', 'provider');
  const scoped = withScope(db);
  const reads = new Hono<HonoEnv>()
    .get('/provider/:locationId', roles, params({ locationId: IdParam }), scoped, async (c) => {
      const { locationId } = c.req.valid('param');
      return answer(c, await specialDatesOf(db, c.var.scope, locationId));
    })
    .delete('/svc-item/:id', roles, params({ id: IdParam }), scoped, async (c) => {
      const { id } = c.req.valid('param');
      return answer(c, await removeSpecialDateItem(db, c.var.scope, id));
    });
  return withScopedRecordRoutes(reads, db, roles, {
    create: [SpecialDateInputSchema, addSpecialDate],
    update: [SpecialDateUpdateSchema, changeSpecialDate],
    remove: removeSpecialDate,
  });
}
