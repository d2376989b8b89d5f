/** Special dates and the service items or bundles on them: reads and writes, no HTTP, no access rules. */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { SpecialDate } from '../../src/api/contract/special-date';
import { slashFromIso } from '../../src/domain/providers/dates';
import type { Db } from '../db/client';
import { specialDates, specialDateServiceItems } from '../db/schema';

type Reader = Pick<Db, 'select'>;
type SpecialDateRow = typeof specialDates.$inferSelect;

/** Date columns come back as YYYY-MM-DD; the API speaks YYYY/MM/DD. */
const slash = (iso: string) => slashFromIso(iso) ?? iso;
/** YYYY/MM/DD → the date column's YYYY-MM-DD. */
export const isoOf = (text: string) => text.replaceAll('/', '-');

async function withItems(db: Reader, rows: SpecialDateRow[]): Promise<SpecialDate[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(specialDateServiceItems)
    .where(
      inArray(
        specialDateServiceItems.specialDateId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(specialDateServiceItems.id));
  return rows.map((row) => ({
    id: row.id,
    startDate: slash(row.startDate),
    endDate: slash(row.endDate),
    locationId: row.locationId,
    specialDateServiceItems: items
      .filter((item) => item.specialDateId === row.id)
      .map(({ id, serviceItemId, bundleId }) => ({ id, serviceItemId, bundleId })),
    version: row.version,
  }));
}

export async function listSpecialDates(db: Reader, locationId: number): Promise<SpecialDate[]> {
  const rows = await db
    .select()
    .from(specialDates)
    .where(eq(specialDates.locationId, locationId))
    .orderBy(asc(specialDates.startDate), asc(specialDates.id));
  return withItems(db, rows);
}

/** One special date with its items. */
export async function findSpecialDate(db: Reader, id: number): Promise<SpecialDate | undefined> {
  const rows = await db.select().from(specialDates).where(eq(specialDates.id, id));
  return (await withItems(db, rows))[0];
}

export async function insertSpecialDate(
  db: Pick<Db, 'insert'>,
  values: { locationId: number; startDate: string; endDate: string },
): Promise<number> {
  const [row] = await db
    .insert(specialDates)
    .values({ ...values, startDate: isoOf(values.startDate), endDate: isoOf(values.endDate) })
    .returning({ id: specialDates.id });
  if (!row) throw new Error('insertSpecialDate: the insert returned no row');
  return row.id;
}

export async function findAttached(
  db: Reader,
  specialDateId: number,
  target: { serviceItemId: number } | { bundleId: number },
) {
  const condition: SQL =
    'serviceItemId' in target
      ? eq(specialDateServiceItems.serviceItemId, target.serviceItemId)
      : eq(specialDateServiceItems.bundleId, target.bundleId);
  const [row] = await db
    .select({ id: specialDateServiceItems.id })
    .from(specialDateServiceItems)
    .where(and(eq(specialDateServiceItems.specialDateId, specialDateId), condition));
  return row;
}

export async function attach(
  db: Pick<Db, 'insert'>,
  specialDateId: number,
  target: { serviceItemId: number } | { bundleId: number },
): Promise<void> {
  await db.insert(specialDateServiceItems).values({ specialDateId, ...target });
}

export async function findItemRow(db: Reader, id: number) {
  const [row] = await db
    .select({
      id: specialDateServiceItems.id,
      specialDateId: specialDateServiceItems.specialDateId,
      locationId: specialDates.locationId,
    })
    .from(specialDateServiceItems)
    .innerJoin(specialDates, eq(specialDates.id, specialDateServiceItems.specialDateId))
    .where(eq(specialDateServiceItems.id, id));
  return row;
}

export async function deleteSpecialDateRow(db: Pick<Db, 'delete'>, id: number): Promise<void> {
  await db.delete(specialDates).where(eq(specialDates.id, id));
}

export async function deleteItemRow(db: Pick<Db, 'delete'>, id: number): Promise<void> {
  await db.delete(specialDateServiceItems).where(eq(specialDateServiceItems.id, id));
}
