/**
 * /price-tier and /polygon (01 §7): tiers with their menu prices, cities and polygons. Admin only (01 §6).
 * A polygon's points must form a closed ring of at least four real coordinates whose edges do not cross;
 * a tier holds each polygon name once; the last tier cannot be deleted.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import {
  PolygonCreateSchema,
  PriceTierCreateSchema,
  PriceTierUpdateSchema,
  type PriceTier,
} from '../../src/api/contract/price-tier';
import { idText } from '../../src/api/contract/primitives';
import { checkRing } from '../../src/domain/pricing-tiers/geometry';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { fail } from '../http/errors';
import { withRecordRoutes } from '../http/record-routes';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import {
  createPolygon,
  createPriceTier,
  deletePolygon,
  deletePriceTier,
  getPriceTier,
  listPriceTiers,
  updatePriceTier,
} from './repository';

export function priceTierRoutes({ db, allow }: { db: Db; allow: Allow }) {
  const reads = new Hono<HonoEnv>().get('/:id', allow('admin'), params({ id: IdParam }), async (c) =>
    answer(c, await getPriceTier(db, c.req.valid('param').id)),
  );
  return withRecordRoutes(reads, db, allow('admin'), {
    list: async (d) => ok<PriceTier[]>(await listPriceTiers(d)),
    create: [PriceTierCreateSchema, async (d, input) => ok<PriceTier>(await createPriceTier(d, input))],
    update: [PriceTierUpdateSchema, updatePriceTier],
    remove: deletePriceTier,
  });
}

const tierIdQuery = idText('priceTierId');

const DeletePolygonQuery = v.object(
  {
    name: v.pipe(
      v.array(v.string()),
      v.length(1, 'name must be given once'),
      v.transform(([name]) => (name ?? '').trim()),
      v.nonEmpty('name is required'),
    ),
    priceTierId: v.pipe(
      v.array(v.string()),
      v.length(1, 'priceTierId must be given once'),
      v.transform(([id]) => id),
      tierIdQuery,
    ),
  },
  (issue) =>
    issue.expected?.startsWith('"')
      ? `${issue.expected.slice(1, -1)} is required`
      : 'name and priceTierId are required',
);

export function polygonRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .post('/', allow('admin'), jsonBody(PolygonCreateSchema), async (c) => {
      const input = c.req.valid('json');
      const ring = checkRing(input.points);
      if (!ring.ok) return fail(c, 400, API_ERROR_CODES.polygonInvalidPoints, ring.message);
      return answer(c, await createPolygon(db, { ...input, points: ring.ring }), 201);
    })
    .delete('/', allow('admin'), query(DeletePolygonQuery), async (c) => {
      const { name, priceTierId } = c.req.valid('query');
      return answer(c, await deletePolygon(db, name, priceTierId));
    });
}
