/** Seeds the service menu (categories, items, bundles) and what is priced against it (tiers, promo codes). */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import * as data from './data';
import { idOf, type Rows } from './rows';

export interface Catalog {
  categories: Map<string, number>;
  items: Map<string, number>;
  itemMinutes: Map<string, number>;
  bundles: Map<string, number>;
}

export async function seedCatalog(rows: Rows): Promise<Catalog> {
  const { tx } = rows;
  const catalog: Catalog = {
    categories: new Map(),
    items: new Map(),
    itemMinutes: new Map(),
    bundles: new Map(),
  };

  for (const category of data.CATEGORIES) {
    const categoryId = await rows.ensure(t.serviceCategories, eq(t.serviceCategories.name, category.name), {
      name: category.name,
    });
    catalog.categories.set(category.name, categoryId);
    for (const [index, { name, ...fields }] of category.items.entries()) {
      const itemId = await rows.ensure(
        t.serviceItems,
        and(eq(t.serviceItems.serviceCategoryId, categoryId), eq(t.serviceItems.name, name)),
        {
          name,
          ...fields,
          serviceCategoryId: categoryId,
          displayOrder: category.ordered ? index + 1 : null,
        },
      );
      catalog.items.set(name, itemId);
      catalog.itemMinutes.set(name, fields.timeInMins);
    }
  }

  for (const bundle of data.BUNDLES) {
    const bundleId = await rows.ensure(t.bundles, eq(t.bundles.name, bundle.name), {
      name: bundle.name,
      serviceCategoryId: idOf(catalog.categories, bundle.category),
    });
    catalog.bundles.set(bundle.name, bundleId);
    await tx
      .insert(t.bundleServiceItems)
      .values(bundle.items.map((item) => ({ bundleId, serviceItemId: idOf(catalog.items, item) })))
      .onConflictDoNothing();
  }

  await seedPromoCodes(rows, catalog.items);
  await seedPriceTiers(rows, catalog.items);
  return catalog;
}

async function seedPromoCodes(rows: Rows, items: Map<string, number>): Promise<void> {
  const { tx } = rows;
  for (const { allowedServices, ...promo } of data.PROMO_CODES) {
    const promoCodeId = await rows.ensure(
      t.promoCodes,
      sql`lower(${t.promoCodes.code}) = ${promo.code.toLowerCase()}`,
      promo,
    );
    for (const item of allowedServices) {
      await tx
        .insert(t.promoCodeServices)
        .values({ promoCodeId, serviceItemId: idOf(items, item) })
        .onConflictDoNothing();
    }
  }
}

async function seedPriceTiers(rows: Rows, items: Map<string, number>): Promise<void> {
  const { tx } = rows;
  for (const tier of data.PRICE_TIERS) {
    const priceTierId = await rows.ensure(t.priceTiers, eq(t.priceTiers.name, tier.name), {
      name: tier.name,
      description: tier.description,
    });
    const prices =
      tier.prices === 'menu'
        ? await menuPrices(tx)
        : tier.prices.map(({ item, ...price }) => ({ serviceItemId: idOf(items, item), ...price }));
    if (prices.length > 0) {
      await tx
        .insert(t.priceTierServiceItems)
        .values(prices.map((price) => ({ priceTierId, ...price })))
        .onConflictDoNothing();
    }
    for (const polygon of tier.polygons) {
      await tx
        .insert(t.polygons)
        .values({ ...polygon, priceTierId })
        .onConflictDoNothing();
    }
  }
}

/** Every item at its menu price, with a minimum of units for Botox-type items. */
async function menuPrices(tx: Db) {
  const all = await tx
    .select({
      serviceItemId: t.serviceItems.id,
      name: t.serviceItems.name,
      priceInCents: t.serviceItems.priceInCents,
      isPricePerUnit: t.serviceItems.isPricePerUnit,
      subCategory: t.serviceItems.subCategory,
    })
    .from(t.serviceItems);
  return all.map(({ name, subCategory, ...price }) => ({
    ...price,
    minUnits: subCategory === 'Botox' ? (data.DEFAULT_MIN_UNITS[name] ?? 1) : null,
  }));
}
