/** Reading and writing service categories with their items; no HTTP here. */
import { asc, inArray, sql } from 'drizzle-orm';
import type {
  ServiceCategory,
  ServiceCategoryInputParsed,
  ServiceItem,
} from '../../src/api/contract/service-category';
import type { Db } from '../db/client';
import { missingIds } from '../db/missing-ids';
import { priceTiers, priceTierServiceItems, serviceCategories, serviceItems } from '../db/schema';
import { toServiceItem } from './mappers';

export type ListResult =
  { ok: true; categories: ServiceCategory[] } | { ok: false; missingTierIds: number[] };

/**
 * All categories with their items, items ordered by display_order (unordered ones last) then id.
 * With tier ids, an item's priceInCents and isPricePerUnit come from the first listed tier that prices it;
 * items no listed tier prices keep their own.
 */
export async function listServiceCategories(
  db: Db,
  { priceTierIds = [] }: { priceTierIds?: number[] } = {},
): Promise<ListResult> {
  const tierPrices = new Map<number, { priceInCents: number; isPricePerUnit: boolean }>();
  if (priceTierIds.length > 0) {
    const missingTierIds = await missingIds(db, priceTiers, priceTierIds);
    if (missingTierIds.length > 0) return { ok: false, missingTierIds };

    const prices = await db
      .select()
      .from(priceTierServiceItems)
      .where(inArray(priceTierServiceItems.priceTierId, priceTierIds));
    // Walk the tiers last to first so the first listed tier's price is the one left in the map.
    for (const tierId of [...priceTierIds].reverse()) {
      for (const price of prices) {
        if (price.priceTierId !== tierId) continue;
        tierPrices.set(price.serviceItemId, {
          priceInCents: price.priceInCents,
          isPricePerUnit: price.isPricePerUnit,
        });
      }
    }
  }

  const [categories, items] = await Promise.all([
    db.select().from(serviceCategories).orderBy(asc(serviceCategories.id)),
    db
      .select()
      .from(serviceItems)
      .orderBy(sql`${serviceItems.displayOrder} asc nulls last`, asc(serviceItems.id)),
  ]);

  const byCategory = new Map<number, ServiceItem[]>();
  for (const row of items) {
    const item = { ...toServiceItem(row), ...tierPrices.get(row.id) };
    const list = byCategory.get(row.serviceCategoryId);
    if (list) list.push(item);
    else byCategory.set(row.serviceCategoryId, [item]);
  }
  return {
    ok: true,
    categories: categories.map(({ id, name, iconURL }) => ({
      id,
      name,
      iconURL,
      serviceItems: byCategory.get(id) ?? [],
    })),
  };
}

export async function createServiceCategory(
  db: Db,
  input: ServiceCategoryInputParsed,
): Promise<ServiceCategory> {
  const [created] = await db
    .insert(serviceCategories)
    .values({ name: input.name, iconURL: input.iconURL ?? null })
    .returning();
  if (!created) throw new Error('insert into service_categories returned no row');
  return { id: created.id, name: created.name, iconURL: created.iconURL, serviceItems: [] };
}
