/** Locations: reads and writes, no HTTP and no access rules. */
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appointments, locations, providers } from '../db/schema';

export type LocationRow = typeof locations.$inferSelect;
export type LocationValues = Partial<Omit<typeof locations.$inferInsert, 'id' | 'createdAt' | 'version'>>;

/** Every location (ids undefined), or those of these providers plus those created by `createdByUid`. */
export async function listLocations(
  db: Db,
  scope: { providerIds?: readonly number[]; createdByUid?: string },
): Promise<LocationRow[]> {
  if (!scope.providerIds) return db.select().from(locations).orderBy(asc(locations.id));
  const owned = scope.providerIds.length
    ? db
        .select({ id: providers.locationId })
        .from(providers)
        .where(inArray(providers.id, [...scope.providerIds]))
    : undefined;
  const conditions = [
    owned ? inArray(locations.id, owned) : undefined,
    scope.createdByUid ? eq(locations.createdByUid, scope.createdByUid) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return [];
  const rows = await db
    .select()
    .from(locations)
    .where(or(...conditions))
    .orderBy(asc(locations.id));
  return rows;
}

export async function providersAt(db: Pick<Db, 'select'>, locationId: number) {
  return db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(eq(providers.locationId, locationId));
}

export async function insertLocation(db: Pick<Db, 'insert'>, values: LocationValues): Promise<LocationRow> {
  const [row] = await db.insert(locations).values(values).returning();
  if (!row) throw new Error('insertLocation: the insert returned no row');
  return row;
}

export async function appointmentCountAt(db: Pick<Db, 'select'>, locationId: number): Promise<number> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.locationId, locationId))
    .limit(1);
  return rows.length;
}

export async function deleteLocationRow(db: Pick<Db, 'delete'>, id: number): Promise<void> {
  await db.delete(locations).where(eq(locations.id, id));
}
