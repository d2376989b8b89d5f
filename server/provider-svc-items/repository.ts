/** Service mappings' reads and writes (provider_service_items). No HTTP and no access rules. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bundles, providerServiceItems, serviceItems } from '../db/schema';

export type MappingRow = typeof providerServiceItems.$inferSelect;
export interface MappingValues {
  externalId: string;
  serviceItemId: number | null;
  bundleId: number | null;
}

export async function listMappings(db: Pick<Db, 'select'>, locationId: number) {
  return db
    .select()
    .from(providerServiceItems)
    .where(eq(providerServiceItems.locationId, locationId))
    .orderBy(asc(providerServiceItems.id));
}

export async function findMapping(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(providerServiceItems).where(eq(providerServiceItems.id, id));
  return row;
}

export async function insertMapping(
  db: Pick<Db, 'insert'>,
  values: MappingValues & { locationId: number },
): Promise<MappingRow> {
  const [row] = await db.insert(providerServiceItems).values(values).returning();
  if (!row) throw new Error('insertMapping: the insert returned no row');
  return row;
}

export async function deleteMappingRow(db: Pick<Db, 'delete'>, id: number): Promise<void> {
  await db.delete(providerServiceItems).where(eq(providerServiceItems.id, id));
}

export async function serviceItemExists(db: Pick<Db, 'select'>, id: number): Promise<boolean> {
  const [row] = await db.select({ id: serviceItems.id }).from(serviceItems).where(eq(serviceItems.id, id));
  return row !== undefined;
}

export async function bundleExists(db: Pick<Db, 'select'>, id: number): Promise<boolean> {
  const [row] = await db.select({ id: bundles.id }).from(bundles).where(eq(bundles.id, id));
  return row !== undefined;
}
