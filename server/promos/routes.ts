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
import { withRecordRoutes } from '../http/record-routes';
import type { HonoEnv } from '../http/types';
import { ok } from '../http/result';
import { createPromoCode, deletePromoCode, listPromoCodes, updatePromoCode } from './repository';

export function promoRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return withRecordRoutes(new Hono<HonoEnv>(), db, allow('admin'), {
    list: [
      PromoCodeListQuerySchema,
      async (d, { sort = 'code', dir = 'asc' }) => ok<PromoCode[]>(await listPromoCodes(d, { sort, dir })),
    ],
    create: [PromoCodeInputSchema, createPromoCode],
    update: [PromoCodeUpdateSchema, updatePromoCode],
    remove: deletePromoCode,
  });
}
