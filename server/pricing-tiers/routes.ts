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
  type Polygon,
  type PriceTier,
} from '../../src/api/contract/price-tier';
import { idText } from '../../src/api/contract/primitives';
import { checkRing } from '../../src/domain/pricing-tiers/geometry';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { fail, stale } from '../http/errors';
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

const notFound = (id: number) => `There is no price tier with id ${id}.`;

const idParam = params({ id: IdParam });

export function priceTierRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin'), async (c) => c.json<PriceTier[]>(await listPriceTiers(db)))
    .post('/', allow('admin'), jsonBody(PriceTierCreateSchema), async (c) =>
      c.json<PriceTier>(await createPriceTier(db, c.req.valid('json')), 201),
    )
    .get('/:id', allow('admin'), idParam, async (c) => {
      const id = c.req.valid('param');
      const tier = await getPriceTier(db, id.id);
      if (!tier) return fail(c, 404, API_ERROR_CODES.priceTierNotFound, notFound(id.id));
      return c.json<PriceTier>(tier);
    })
    .put('/:id', allow('admin'), idParam, jsonBody(PriceTierUpdateSchema), async (c) => {
      const id = c.req.valid('param');
      const result = await updatePriceTier(db, id.id, c.req.valid('json'));
      if (result.ok) return c.json<PriceTier>(result.tier);
      if (result.reason === 'not-found')
        return fail(c, 404, API_ERROR_CODES.priceTierNotFound, notFound(id.id));
      if (result.reason === 'stale') return stale(c);
      if (result.reason === 'missing') {
        const what = result.field === 'serviceItems' ? 'service item' : 'polygon';
        return fail(
          c,
          400,
          API_ERROR_CODES.invalidBody,
          `There is no ${what} with id ${result.ids.join(', ')}.`,
          result.field,
        );
      }
      return fail(
        c,
        409,
        API_ERROR_CODES.polygonNameExists,
        `This tier would hold two polygons named "${result.name}". Rename one of them first.`,
      );
    })
    .delete('/:id', allow('admin'), idParam, async (c) => {
      const id = c.req.valid('param');
      const result = await deletePriceTier(db, id.id);
      if (result.ok) return c.json({ id: id.id, deleted: true as const });
      if (result.reason === 'not-found')
        return fail(c, 404, API_ERROR_CODES.priceTierNotFound, notFound(id.id));
      return fail(
        c,
        409,
        API_ERROR_CODES.priceTierLastTier,
        'This is the only price tier, so it cannot be deleted: every service needs a tier to be priced by.',
      );
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
      const result = await createPolygon(db, { ...input, points: ring.ring });
      if (result.ok) return c.json<Polygon>(result.polygon, 201);
      if (result.reason === 'tier-not-found') {
        return fail(c, 404, API_ERROR_CODES.priceTierNotFound, notFound(input.priceTierId));
      }
      return fail(
        c,
        409,
        API_ERROR_CODES.polygonNameExists,
        `This tier already has a polygon named "${input.name}". Choose another name.`,
      );
    })
    .delete('/', allow('admin'), query(DeletePolygonQuery), async (c) => {
      const { name, priceTierId } = c.req.valid('query');
      const id = await deletePolygon(db, name, priceTierId);
      if (id === null) {
        return fail(
          c,
          404,
          API_ERROR_CODES.polygonNotFound,
          `Price tier ${priceTierId} has no polygon named "${name}".`,
        );
      }
      return c.json({ id, deleted: true as const });
    });
}
