/**
 * Many appointments in one month for one provider (Glow Studio, provider@upkeep.test), for the dashboard's
 * month-switch benchmark (docs/performance.md). Deterministic: appointment n of a month always has the
 * group id `bulk-appt-<month>-<n>`, so running it again adds nothing and a larger count adds the missing.
 *
 *   npm run seed:appointments -- 2000            # this month (in the provider's zone)
 *   BULK_MONTH=2026-03 npm run seed:appointments -- 2000
 *
 * With PGlite, stop the API first: one process owns the data directory.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../client';
import * as t from '../schema';
import { runWhenMain } from './bulk-cli';

export const BULK_PROVIDER = 'Glow Studio';
const BATCH = 500;
const MINUTES = [15, 30, 45, 60, 90];

/** Appointments 1…count of `month` (YYYY-MM) for the bulk provider; returns how many it inserted. */
export async function seedBulkAppointments(db: Db, count: number, month: string): Promise<number> {
  const [provider] = await db
    .select({ id: t.providers.id, locationId: t.providers.locationId, timezone: t.locations.timezone })
    .from(t.providers)
    .innerJoin(t.locations, eq(t.locations.id, t.providers.locationId))
    .where(eq(t.providers.name, BULK_PROVIDER));
  if (!provider) throw new Error(`${BULK_PROVIDER} with a location is needed: seed the demo data first`);
  const customers = await db.select({ id: t.users.id }).from(t.users).limit(50);
  const items = await db.select({ id: t.serviceItems.id, name: t.serviceItems.name }).from(t.serviceItems);
  if (customers.length === 0 || items.length === 0) throw new Error('seed the demo data first');
  const prefix = `bulk-appt-${month}-`;
  const existing = new Set(
    (
      await db
        .select({ groupId: t.appointments.groupId })
        .from(t.appointments)
        .where(and(eq(t.appointments.providerId, provider.id), like(t.appointments.groupId, `${prefix}%`)))
    ).map((row) => row.groupId),
  );
  const first = Temporal.PlainYearMonth.from(month);
  let inserted = 0;
  for (let start = 1; start <= count; start += BATCH) {
    const rows: (typeof t.appointments.$inferInsert)[] = [];
    for (let n = start; n < Math.min(start + BATCH, count + 1); n += 1) {
      const groupId = `${prefix}${n}`;
      if (existing.has(groupId)) continue;
      const day = (n % first.daysInMonth) + 1;
      const minuteOfDay = 7 * 60 + ((n * 15) % (15 * 60)); // 07:00 to 21:45
      const begins = first
        .toPlainDate({ day })
        .toPlainDateTime({ hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 })
        .toZonedDateTime(provider.timezone);
      const item = items[n % items.length];
      const customer = customers[n % customers.length];
      if (!item || !customer) continue;
      rows.push({
        groupId,
        status: n % 11 === 0 ? 'CANCELLED' : n % 5 === 0 ? 'COMPLETED' : 'ACTIVE',
        startDate: new Date(begins.epochMilliseconds),
        endDate: new Date(begins.add({ minutes: MINUTES[n % MINUTES.length] ?? 30 }).epochMilliseconds),
        userId: customer.id,
        providerId: provider.id,
        locationId: provider.locationId,
        serviceItemId: item.id,
        name: item.name,
      });
    }
    if (rows.length === 0) continue;
    const created = await db.insert(t.appointments).values(rows).returning({ id: t.appointments.id });
    inserted += created.length;
  }
  // Fresh statistics, so the planner knows the provider's month is no longer a handful of rows.
  if (inserted > 0) await db.execute(sql`analyze appointments`);
  return inserted;
}

/** Removes the bulk appointments of `month` again (the benchmark cleans up after itself). */
export async function removeBulkAppointments(db: Db, month: string): Promise<void> {
  const ids = await db
    .select({ id: t.appointments.id })
    .from(t.appointments)
    .where(like(t.appointments.groupId, `bulk-appt-${month}-%`));
  if (ids.length > 0)
    await db.delete(t.appointments).where(
      inArray(
        t.appointments.id,
        ids.map((row) => row.id),
      ),
    );
}

function currentMonth(): string {
  return Temporal.Now.zonedDateTimeISO('America/Los_Angeles').toPlainDate().toPlainYearMonth().toString();
}

runWhenMain(import.meta.url, () => {
  const month = process.env['BULK_MONTH'] ?? currentMonth();
  return {
    what: `Bulk appointments in ${month}`,
    script: 'seed:appointments',
    defaultCount: 2000,
    max: 100_000,
    seed: (db, count) => seedBulkAppointments(db, count, month),
  };
});
