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
    const categoryId = await rows.ensure(
      () =>
        tx
          .select({ id: t.serviceCategories.id })
          .from(t.serviceCategories)
          .where(eq(t.serviceCategories.name, category.name)),
      () =>
        tx
          .insert(t.serviceCategories)
          .values({ name: category.name })
          .returning({ id: t.serviceCategories.id }),
    );
    catalog.categories.set(category.name, categoryId);
    for (const [index, { name, ...fields }] of category.items.entries()) {
      const itemId = await rows.ensure(
        () =>
          tx
            .select({ id: t.serviceItems.id })
            .from(t.serviceItems)
            .where(and(eq(t.serviceItems.serviceCategoryId, categoryId), eq(t.serviceItems.name, name))),
        () =>
          tx
            .insert(t.serviceItems)
            .values({
              name,
              ...fields,
              serviceCategoryId: categoryId,
              displayOrder: category.ordered ? index + 1 : null,
            })
            .returning({ id: t.serviceItems.id }),
      );
      catalog.items.set(name, itemId);
      catalog.itemMinutes.set(name, fields.timeInMins);
    }
  }

  for (const bundle of data.BUNDLES) {
    const bundleId = await rows.ensure(
      () => tx.select({ id: t.bundles.id }).from(t.bundles).where(eq(t.bundles.name, bundle.name)),
      () =>
        tx
          .insert(t.bundles)
          .values({ name: bundle.name, serviceCategoryId: idOf(catalog.categories, bundle.category) })
          .returning({ id: t.bundles.id }),
    );
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
      () =>
        tx
          .select({ id: t.promoCodes.id })
          .from(t.promoCodes)
          .where(sql`lower(${t.promoCodes.code}) = ${promo.code.toLowerCase()}`),
      () => tx.insert(t.promoCodes).values(promo).returning({ id: t.promoCodes.id }),
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
    const priceTierId = await rows.ensure(
      () => tx.select({ id: t.priceTiers.id }).from(t.priceTiers).where(eq(t.priceTiers.name, tier.name)),
      () =>
        tx
          .insert(t.priceTiers)
          .values({ name: tier.name, description: tier.description })
          .returning({ id: t.priceTiers.id }),
    );
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
