/**
 * Reading and writing service items; no HTTP here. Expected failures (no such item or category, an item
 * still in use) come back as values.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type {
  DisplayOrderParsed,
  ServiceItem,
  ServiceItemCreateParsed,
  ServiceItemUpdateParsed,
} from '../../src/api/contract/service-item';
import type { Db } from '../db/client';
import { lockRow, updateVersioned } from '../db/versioned';
import {
  bundles,
  bundleServiceItems,
  promoCodes,
  promoCodeServices,
  providerServiceItems,
  serviceCategories,
  serviceItems,
  specialDateServiceItems,
} from '../db/schema';
import { listing, toServiceItem } from './mappers';
import { failure, ok, staleFailure, deleted, isStale, recordNotFound, type Result } from '../http/result';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Deleted } from '../../src/api/contract/primitives';

const byDisplayOrder = [sql`${serviceItems.displayOrder} asc nulls last`, asc(serviceItems.id)] as const;

/** Every item with its category (id, name), by category, then display_order (unordered last), then id. */
export async function listServiceItems(db: Db): Promise<ServiceItem[]> {
  const rows = await db
    .select({ item: serviceItems, category: { id: serviceCategories.id, name: serviceCategories.name } })
    .from(serviceItems)
    .innerJoin(serviceCategories, eq(serviceCategories.id, serviceItems.serviceCategoryId))
    .orderBy(asc(serviceItems.serviceCategoryId), ...byDisplayOrder);
  return rows.map(({ item, category }) => ({ ...toServiceItem(item), serviceCategory: category }));
}

async function withCategory(db: Db, id: number): Promise<ServiceItem | undefined> {
  const [row] = await db
    .select({ item: serviceItems, category: { id: serviceCategories.id, name: serviceCategories.name } })
    .from(serviceItems)
    .innerJoin(serviceCategories, eq(serviceCategories.id, serviceItems.serviceCategoryId))
    .where(eq(serviceItems.id, id));
  return row ? { ...toServiceItem(row.item), serviceCategory: row.category } : undefined;
}

async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceCategories.id })
    .from(serviceCategories)
    .where(eq(serviceCategories.id, id))
    .for('share');
  return row !== undefined;
}

const noCategory = (id: number) =>
  failure(400, API_ERROR_CODES.invalidBody, `No service category with id ${id}`, 'serviceCategoryId');

function columns(input: Omit<ServiceItemUpdateParsed, 'version'>) {
  const { display_order, ...rest } = input;
  const values: Partial<typeof serviceItems.$inferInsert> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  }
  if (display_order !== undefined) values.displayOrder = display_order;
  return values;
}

export async function createServiceItem(
  db: Db,
  input: ServiceItemCreateParsed,
): Promise<Result<ServiceItem>> {
  return db.transaction(async (tx): Promise<Result<ServiceItem>> => {
    // Locking the category row keeps it from disappearing between the check and the insert.
    if (!(await categoryExists(tx, input.serviceCategoryId))) return noCategory(input.serviceCategoryId);
    const [created] = await tx
      .insert(serviceItems)
      .values({
        ...(columns(input) as typeof serviceItems.$inferInsert),
        name: input.name,
        serviceCategoryId: input.serviceCategoryId,
      })
      .returning({ id: serviceItems.id });
    if (!created) throw new Error('insert into service_items returned no row');
    const item = await withCategory(tx, created.id);
    if (!item) throw new Error('the created service item is missing');
    return ok(item);
  });
}

export async function updateServiceItem(
  db: Db,
  id: number,
  input: ServiceItemUpdateParsed,
): Promise<Result<ServiceItem>> {
  return db.transaction(async (tx): Promise<Result<ServiceItem>> => {
    const existing = await lockRow(tx, serviceItems, id);
    if (!existing) return notFound(id);
    const { version, ...changes } = input;
    if (isStale(version, existing.version)) return staleFailure();
    if (input.serviceCategoryId !== undefined && !(await categoryExists(tx, input.serviceCategoryId))) {
      return noCategory(input.serviceCategoryId);
    }
    const values = columns(changes);
    // Every save counts as a change, so an editor holding an older version is told even if nothing differs.
    await updateVersioned(tx, serviceItems, id, values);
    const item = await withCategory(tx, id);
    if (!item) throw new Error('the updated service item is missing');
    return ok(item);
  });
}

const notFound = (id: number) => recordNotFound(API_ERROR_CODES.serviceItemNotFound, 'service item', id);

/** "a, b and c" */
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Deletes an item unless something still refers to it: a bundle, a provider's service mapping, a special
 * date or a promo code's allowed services. Those are refused with a message naming them, because removing
 * the item from them silently would change what providers offer, and a promo code whose last allowed
 * service disappeared would apply to every service. Price-tier prices of the item go with it; past
 * appointments keep their name and lose the link.
 */
export async function deleteServiceItem(db: Db, id: number): Promise<Result<Deleted>> {
  return db.transaction(async (tx): Promise<Result<Deleted>> => {
    // The row lock makes a reference added meanwhile wait, and then fail, instead of being cascaded away.
    const item = await lockRow(tx, serviceItems, id);
    if (!item) return notFound(id);

    // One query after another: a transaction is one connection.
    const inBundles = await tx
      .select({ name: bundles.name })
      .from(bundleServiceItems)
      .innerJoin(bundles, eq(bundles.id, bundleServiceItems.bundleId))
      .where(eq(bundleServiceItems.serviceItemId, id))
      .orderBy(asc(bundles.name));
    const mappings = await tx
      .select({ n: count() })
      .from(providerServiceItems)
      .where(eq(providerServiceItems.serviceItemId, id));
    const specialDates = await tx
      .select({ n: count() })
      .from(specialDateServiceItems)
      .where(eq(specialDateServiceItems.serviceItemId, id));
    const promos = await tx
      .select({ code: promoCodes.code })
      .from(promoCodeServices)
      .innerJoin(promoCodes, eq(promoCodes.id, promoCodeServices.promoCodeId))
      .where(eq(promoCodeServices.serviceItemId, id))
      .orderBy(asc(promoCodes.code));
    const references: string[] = [];
    if (inBundles.length > 0) {
      references.push(
        `${inBundles.length === 1 ? 'the bundle' : 'the bundles'} ${listing(inBundles.map((b) => `"${b.name}"`))}`,
      );
    }
    const mappingCount = mappings[0]?.n ?? 0;
    if (mappingCount > 0) {
      references.push(plural(mappingCount, 'provider service mapping', 'provider service mappings'));
    }
    const specialDateCount = specialDates[0]?.n ?? 0;
    if (specialDateCount > 0) references.push(plural(specialDateCount, 'special date', 'special dates'));
    if (promos.length > 0) {
      references.push(
        `${promos.length === 1 ? 'the promo code' : 'the promo codes'} ${listing(promos.map((p) => p.code))}`,
      );
    }
    if (references.length > 0) {
      const message = `"${item.name}" is used by ${listing(references)}; remove it from there first`;
      return failure(409, API_ERROR_CODES.serviceItemInUse, message);
    }
    await tx.delete(serviceItems).where(eq(serviceItems.id, id));
    return deleted(id);
  });
}

/**
 * Sets display_order of the listed items in one statement inside a transaction: all of them or none. An
 * entry without display_order takes its place in the list (1-based). Answers the items in the new order.
 */
export async function saveDisplayOrder(
  db: Db,
  { newOrder }: DisplayOrderParsed,
): Promise<Result<ServiceItem[]>> {
  const entries = newOrder.map((entry, index) => ({
    id: entry.id,
    order: entry.display_order === undefined ? index + 1 : entry.display_order,
  }));
  const ids = entries.map((entry) => entry.id);
  return db.transaction(async (tx): Promise<Result<ServiceItem[]>> => {
    const found = await tx
      .select({ id: serviceItems.id })
      .from(serviceItems)
      .where(inArray(serviceItems.id, ids))
      .for('update');
    const foundIds = new Set(found.map((row) => row.id));
    const missing = entries.findIndex((entry) => !foundIds.has(entry.id));
    if (missing !== -1) {
      const message = `No service item with id ${entries[missing]?.id}`;
      return failure(400, API_ERROR_CODES.invalidBody, message, 'newOrder');
    }
    const cases = entries.map((entry) => sql`when ${entry.id} then ${entry.order}::integer`);
    await tx
      .update(serviceItems)
      .set({ displayOrder: sql`case ${serviceItems.id} ${sql.join(cases, sql` `)} end` })
      .where(inArray(serviceItems.id, ids));
    const rows = await tx
      .select({ item: serviceItems, category: { id: serviceCategories.id, name: serviceCategories.name } })
      .from(serviceItems)
      .innerJoin(serviceCategories, eq(serviceCategories.id, serviceItems.serviceCategoryId))
      .where(inArray(serviceItems.id, ids));
    const byId = new Map(
      rows.map(({ item, category }) => [item.id, { ...toServiceItem(item), serviceCategory: category }]),
    );
    return ok(ids.map((id) => byId.get(id)).filter((item) => item !== undefined));
  });
}
