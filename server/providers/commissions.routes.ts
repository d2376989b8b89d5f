/** /commission (spec 02 §7): GET ?providerId=, POST, PUT /{id}. Roles: admin and provider (their own). */
import { Hono } from 'hono';
import {
  CommissionInputSchema,
  CommissionQuerySchema,
  CommissionUpdateSchema,
} from '../../src/api/contract/commission';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { withScopedRecordRoutes } from '../http/record-routes';
import type { HonoEnv } from '../http/types';
import { addCommission, changeCommission, commissionsOf } from './commissions.service';

export function commissionRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return withScopedRecordRoutes(new Hono<HonoEnv>(), db, allow('admin', 'provider'), {
    list: [CommissionQuerySchema, (d, scope, filter) => commissionsOf(d, scope, filter.providerId)],
    create: [CommissionInputSchema, addCommission],
    update: [CommissionUpdateSchema, changeCommission],
  });
}
