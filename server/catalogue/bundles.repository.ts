/** Reading and writing bundles and their items; no HTTP here. Expected failures come back as values. */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Bundle, BundleCreateParsed, BundleUpdateParsed } from '../../src/api/contract/bundle';
import type { ServiceItem } from '../../src/api/contract/service-item';
import type { Db } from '../db/client';
import { missingIds } from '../db/missing-ids';
import { updateVersioned } from '../db/versioned';
import {
  bundles,
  bundleServiceItems,
  providerServiceItems,
  serviceCategories,
  serviceItems,
  specialDateServiceItems,
} from '../db/schema';
import { listing, toServiceItem } from './mappers';
import {
  failure,
  ok,
  staleFailure,
  deleted,
  isStale,
  recordNotFound,
  type Failure,
  type Result,
} from '../http/result';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Deleted } from '../../src/api/contract/primitives';

type BundleRow = typeof bundles.$inferSelect;

/** The items of these bundles, per bundle, in display order (unordered last) then id. */
async function itemsOf(db: Db, bundleIds: number[]): Promise<Map<number, ServiceItem[]>> {
  const byBundle = new Map<number, ServiceItem[]>(bundleIds.map((id) => [id, []]));
  if (bundleIds.length === 0) return byBundle;
  const rows = await db
    .select({ bundleId: bundleServiceItems.bundleId, item: serviceItems })
    .from(bundleServiceItems)
    .innerJoin(serviceItems, eq(serviceItems.id, bundleServiceItems.serviceItemId))
    .where(inArray(bundleServiceItems.bundleId, bundleIds))
    .orderBy(sql`${serviceItems.displayOrder} asc nulls last`, asc(serviceItems.id));
  for (const { bundleId, item } of rows) byBundle.get(bundleId)?.push(toServiceItem(item));
  return byBundle;
}

function toBundle(row: BundleRow, items: ServiceItem[]): Bundle {
  return {
    id: row.id,
    name: row.name,
    serviceCategoryId: row.serviceCategoryId,
    serviceItems: items,
    version: row.version,
  };
}

/** Every bundle with its items, by id. */
export async function listBundles(db: Db): Promise<Bundle[]> {
  const rows = await db.select().from(bundles).orderBy(asc(bundles.id));
  const items = await itemsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toBundle(row, items.get(row.id) ?? []));
}

async function findBundle(db: Db, id: number, lock?: 'update'): Promise<BundleRow | undefined> {
  const query = db.select().from(bundles).where(eq(bundles.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

async function readBundle(db: Db, id: number): Promise<Bundle | undefined> {
  const row = await findBundle(db, id);
  if (!row) return undefined;
  return toBundle(row, (await itemsOf(db, [id])).get(id) ?? []);
}

/** A bundle's items. */
export async function bundleServiceItemsOf(db: Db, id: number): Promise<Result<ServiceItem[]>> {
  const bundle = await readBundle(db, id);
  return bundle ? ok(bundle.serviceItems) : notFound(id);
}

const notFound = (id: number) => recordNotFound(API_ERROR_CODES.bundleNotFound, 'bundle', id);
const invalidReference = (message: string, field: string) =>
  failure(400, API_ERROR_CODES.invalidBody, message, field);

/** The referenced category and items must exist; their rows are share-locked until the transaction ends. */
async function checkReferences(
  tx: Db,
  input: Pick<BundleUpdateParsed, 'serviceCategoryId' | 'serviceItems'>,
): Promise<(Failure & { ok: false }) | undefined> {
  if (input.serviceCategoryId !== undefined && input.serviceCategoryId !== null) {
    const [category] = await tx
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(eq(serviceCategories.id, input.serviceCategoryId))
      .for('share');
    if (!category) {
      return invalidReference(`No service category with id ${input.serviceCategoryId}`, 'serviceCategoryId');
    }
  }
  if (input.serviceItems && input.serviceItems.length > 0) {
    const missing = await missingIds(tx, serviceItems, input.serviceItems, 'share');
    if (missing.length > 0) {
      return invalidReference(`No service item with id ${missing.join(', ')}`, 'serviceItems');
    }
  }
  return undefined;
}

async function replaceItems(tx: Db, bundleId: number, itemIds: number[]): Promise<void> {
  await tx.delete(bundleServiceItems).where(eq(bundleServiceItems.bundleId, bundleId));
  if (itemIds.length > 0) {
    await tx.insert(bundleServiceItems).values(itemIds.map((serviceItemId) => ({ bundleId, serviceItemId })));
  }
}

export async function createBundle(db: Db, input: BundleCreateParsed): Promise<Result<Bundle>> {
  return db.transaction(async (tx): Promise<Result<Bundle>> => {
    const invalid = await checkReferences(tx, input);
    if (invalid) return invalid;
    const [created] = await tx
      .insert(bundles)
      .values({ name: input.name, serviceCategoryId: input.serviceCategoryId ?? null })
      .returning({ id: bundles.id });
    if (!created) throw new Error('insert into bundles returned no row');
    await replaceItems(tx, created.id, input.serviceItems);
    const bundle = await readBundle(tx, created.id);
    if (!bundle) throw new Error('the created bundle is missing');
    return ok(bundle);
  });
}

export async function updateBundle(db: Db, id: number, input: BundleUpdateParsed): Promise<Result<Bundle>> {
  return db.transaction(async (tx): Promise<Result<Bundle>> => {
    const current = await findBundle(tx, id, 'update');
    if (!current) return notFound(id);
    if (isStale(input.version, current.version)) return staleFailure();
    const invalid = await checkReferences(tx, input);
    if (invalid) return invalid;
    const values: Partial<typeof bundles.$inferInsert> = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.serviceCategoryId !== undefined) values.serviceCategoryId = input.serviceCategoryId;
    // Every save counts as a change (the item list too), so an editor holding an older version is told.
    await updateVersioned(tx, bundles, id, values);
    if (input.serviceItems !== undefined) await replaceItems(tx, id, input.serviceItems);
    const bundle = await readBundle(tx, id);
    if (!bundle) throw new Error('the updated bundle is missing');
    return ok(bundle);
  });
}

/**
 * Deletes a bundle unless a provider's service mapping or a special date still refers to it (removing
 * those silently would change what providers offer). Its item links go with it; past appointments keep
 * their name and lose the link.
 */
export async function deleteBundle(db: Db, id: number): Promise<Result<Deleted>> {
  return db.transaction(async (tx): Promise<Result<Deleted>> => {
    const bundle = await findBundle(tx, id, 'update');
    if (!bundle) return notFound(id);
    const [mappings] = await tx
      .select({ n: count() })
      .from(providerServiceItems)
      .where(eq(providerServiceItems.bundleId, id));
    const [specialDates] = await tx
      .select({ n: count() })
      .from(specialDateServiceItems)
      .where(eq(specialDateServiceItems.bundleId, id));
    const references: string[] = [];
    const mappingCount = mappings?.n ?? 0;
    const specialDateCount = specialDates?.n ?? 0;
    if (mappingCount > 0) {
      references.push(`${mappingCount} provider service ${mappingCount === 1 ? 'mapping' : 'mappings'}`);
    }
    if (specialDateCount > 0) {
      references.push(`${specialDateCount} special ${specialDateCount === 1 ? 'date' : 'dates'}`);
    }
    if (references.length > 0) {
      const message = `The bundle "${bundle.name}" is used by ${listing(references)}; remove it from there first`;
      return failure(409, API_ERROR_CODES.bundleInUse, message);
    }
    await tx.delete(bundles).where(eq(bundles.id, id));
    return deleted(id);
  });
}
