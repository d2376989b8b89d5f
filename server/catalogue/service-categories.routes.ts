/** /svc-category: the service menu by category (spec 01 §7). */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  ServiceCategoryInputSchema,
  type ServiceCategory,
  type ServiceCategoryList,
} from '../../src/api/contract/service-category';
import { idText } from '../../src/api/contract/primitives';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail } from '../http/errors';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { jsonBody, query } from '../http/validate';
import { createServiceCategory, listServiceCategories } from './service-categories.repository';

/** Ids as repeated parameters, a comma list, or both (?priceTiersIds=1&priceTiersIds=2,3). */
const IdList = v.pipe(
  v.array(v.string()),
  v.transform((values) => values.flatMap((value) => value.split(',')).map((value) => value.trim())),
  v.filterItems((value) => value !== ''),
  v.array(idText('priceTiersIds')),
);

const ListQuery = v.object({
  priceTiersIds: v.optional(IdList),
  // Some clients send arrays as name[]=1&name[]=2.
  'priceTiersIds[]': v.optional(IdList),
});

export function serviceCategoryRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>()
    .get('/', allow('admin', 'provider'), query(ListQuery), async (c) => {
      const listed = c.req.valid('query');
      const priceTierIds = [
        ...new Set([...(listed.priceTiersIds ?? []), ...(listed['priceTiersIds[]'] ?? [])]),
      ];
      const result = await listServiceCategories(db, { priceTierIds });
      if (!result.ok) {
        return fail(
          c,
          404,
          API_ERROR_CODES.priceTierNotFound,
          `No price tier with id ${result.missingTierIds.join(', ')}`,
          'priceTiersIds',
        );
      }
      return answer(c, ok<ServiceCategoryList>(result.categories));
    })
    .post('/', allow('admin'), jsonBody(ServiceCategoryInputSchema), async (c) => {
      const created = await createServiceCategory(db, c.req.valid('json'));
      return answer(c, ok<ServiceCategory>(created), 201);
    });
}
