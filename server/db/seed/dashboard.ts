/**
 * Seeds the dashboard's data (dashboard-data.ts): settlement accounts, attached to the providers' locations,
 * and a spread of appointments for every provider with a location (the payouts derive from the completed ones:
 * src/domain/payouts/earnings.ts). Each row is
 * looked up by its natural key (account id, group id) before it is inserted.
 */
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import * as t from '../schema';
import { appointmentRow, minutesOf, type AppointmentSeed } from './booked';
import * as data from './data';
import {
  BOOKING_CUSTOMERS,
  BOOKING_PATTERNS,
  ROTATION_BUNDLES,
  ROTATION_ITEMS,
  SETTLEMENT_ACCOUNTS,
  type BookingPattern,
} from './dashboard-data';
import type { SeededProvider } from './providers';
import { idOf, type Rows } from './rows';

export async function seedSettlementAccounts(
  rows: Rows,
  providers: ReadonlyMap<string, SeededProvider>,
): Promise<void> {
  const { tx } = rows;
  for (const account of SETTLEMENT_ACCOUNTS) {
    const provider = providers.get(account.provider);
    if (!provider?.locationId)
      throw new Error(`seed: settlement account for ${account.provider}, which has no location`);
    const [existing] = await tx
      .select({ id: t.settlementAccounts.id })
      .from(t.settlementAccounts)
      .where(eq(t.settlementAccounts.id, account.id));
    if (existing) continue;
    await tx.insert(t.settlementAccounts).values({
      id: account.id,
      accountId: account.id,
      detailsSubmitted: true,
      currentlyDue: account.currentlyDue,
      chargesEnabled: account.chargesEnabled,
      payoutsEnabled: account.payoutsEnabled,
      businessName: account.provider,
    });
    await tx
      .update(t.locations)
      .set({ settlementAccountId: account.id })
      .where(eq(t.locations.id, provider.locationId));
    rows.inserted += 1;
  }
}

export const seedDashboardAppointments: AppointmentSeed = async (rows, catalog, providers, users, now) => {
  const { tx } = rows;
  let position = 0;
  for (const { name } of data.PROVIDERS) {
    const provider = providers.get(name);
    if (!provider?.locationId) continue;
    for (const [index, pattern] of BOOKING_PATTERNS.entries()) {
      const groupId = `seed-dash-${provider.id}-${index + 1}`;
      if (await rows.has(t.appointments, eq(t.appointments.groupId, groupId))) continue;
      const userId = idOf(users, BOOKING_CUSTOMERS[(position + index) % BOOKING_CUSTOMERS.length] ?? '');
      let start = localStart(pattern, now, provider.timezone);
      for (const booked of bookedOf(pattern, position)) {
        const minutes = minutesOf(booked, catalog);
        const end = new Date(start.getTime() + minutes * 60_000);
        const booking = { groupId, status: pattern.status, startDate: start, endDate: end, userId };
        await tx.insert(t.appointments).values(appointmentRow(booking, provider, booked, catalog));
        rows.inserted += 1;
        start = end;
      }
    }
    position += 1;
  }
};

type Booked = { item: string; bundle?: undefined } | { bundle: string; item?: undefined };

function bookedOf(pattern: BookingPattern, position: number): Booked[] {
  if (pattern.bundle !== undefined) {
    return [{ bundle: ROTATION_BUNDLES[(pattern.bundle + position) % ROTATION_BUNDLES.length] ?? '' }];
  }
  return (pattern.items ?? []).map((index) => ({
    item: ROTATION_ITEMS[(index + position) % ROTATION_ITEMS.length] ?? '',
  }));
}

export function localStart(
  pattern: Pick<BookingPattern, 'days' | 'hour' | 'minute'>,
  now: Date,
  zone: string,
): Date {
  const local = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(zone)
    .toPlainDate()
    .add({ days: pattern.days })
    .toPlainDateTime({ hour: pattern.hour, minute: pattern.minute })
    .toZonedDateTime(zone);
  return new Date(local.epochMilliseconds);
}
