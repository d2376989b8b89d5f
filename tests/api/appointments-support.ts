/** A provider of the appointment-operations tests' own: location, weekly availability, two service items. */
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db } from '../../server/db/client';
import * as t from '../../server/db/schema';
import { WEEKDAYS, type Weekday } from '../../src/domain/onboarding/availability';

export const ZONE = 'America/Los_Angeles';

/** Mon–Sat 09:00–17:00, closed on Sundays. */
export function weekdaysNineToFive(): Record<Weekday, Array<{ time: string; checked: boolean }>> {
  const week = {} as Record<Weekday, Array<{ time: string; checked: boolean }>>;
  for (const day of WEEKDAYS) {
    week[day] = [];
    for (let m = 6 * 60; m < 24 * 60; m += 15) {
      const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      week[day].push({ time, checked: day !== 'Sunday' && m >= 9 * 60 && m < 17 * 60 });
    }
  }
  return week;
}

export interface SlotFixture {
  providerId: number;
  locationId: number;
  /** 45 minutes, $200. */
  botoxId: number;
  /** 30 minutes, $100. */
  facialId: number;
  categoryId: number;
}

/** A provider (linked to `userEmail`'s account) at a location in Los Angeles near (34.05, -118.25). */
export async function slotFixture(db: Db, label: string, userEmail: string): Promise<SlotFixture> {
  const [category] = await db
    .insert(t.serviceCategories)
    .values({ name: `${label} Category` })
    .returning();
  const [botox] = await db
    .insert(t.serviceItems)
    .values({ name: `${label} Botox`, timeInMins: 45, priceInCents: 20_000, serviceCategoryId: category!.id })
    .returning();
  const [facial] = await db
    .insert(t.serviceItems)
    .values({
      name: `${label} Facial`,
      timeInMins: 30,
      priceInCents: 10_000,
      serviceCategoryId: category!.id,
    })
    .returning();
  const [location] = await db
    .insert(t.locations)
    .values({
      name: `${label} Location`,
      timezone: ZONE,
      lat: 34.05,
      lng: -118.25,
      billingContactEmail: `billing-${label.toLowerCase().replaceAll(' ', '-')}@upkeep.test`,
    })
    .returning();
  const [provider] = await db
    .insert(t.providers)
    .values({ name: label, locationId: location!.id, availableAfterDays: 0, timezone: ZONE })
    .returning();
  await db.insert(t.availabilities).values({
    serviceCategoryId: category!.id,
    locationId: location!.id,
    timeslots: weekdaysNineToFive(),
  });
  const [user] = await db.select().from(t.users).where(eq(t.users.email, userEmail));
  await db.insert(t.userProviders).values({ userId: user!.id, providerId: provider!.id });
  return {
    providerId: provider!.id,
    locationId: location!.id,
    botoxId: botox!.id,
    facialId: facial!.id,
    categoryId: category!.id,
  };
}

/** A Monday at least `weeksAhead` weeks after today in Los Angeles. */
export function mondayAhead(weeksAhead: number): Temporal.PlainDate {
  const today = Temporal.Now.plainDateISO(ZONE);
  const monday = today.add({ days: (8 - today.dayOfWeek) % 7 || 7 });
  return monday.add({ weeks: weeksAhead });
}

/** The instant of a wall-clock time on a day in Los Angeles, as the API takes it. */
export function laTime(day: Temporal.PlainDate, time: string): string {
  return day.toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime(ZONE).toInstant().toString();
}
