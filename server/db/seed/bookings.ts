/** Seeds appointments around `now`: past (within 30 days), upcoming (within 30 days) and cancelled. */
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import * as t from '../schema';
import type { Catalog } from './catalog';
import * as data from './data';
import type { SeededProvider } from './providers';
import { idOf, type Rows } from './rows';

export async function seedAppointments(
  rows: Rows,
  catalog: Catalog,
  providers: ReadonlyMap<string, SeededProvider>,
  users: ReadonlyMap<string, number>,
  now: Date,
): Promise<void> {
  const { tx } = rows;
  for (const appointment of data.APPOINTMENTS) {
    const provider = providers.get(appointment.provider);
    if (!provider) throw new Error(`seed data refers to unknown "${appointment.provider}"`);
    const startDate = startOf(appointment, now, provider.timezone);
    const endDate = new Date(startDate.getTime() + minutesOf(appointment, catalog) * 60_000);
    await rows.ensure(
      () =>
        tx
          .select({ id: t.appointments.id })
          .from(t.appointments)
          .where(eq(t.appointments.groupId, appointment.groupId)),
      () =>
        tx
          .insert(t.appointments)
          .values({
            groupId: appointment.groupId,
            status: appointment.status,
            startDate,
            endDate,
            userId: idOf(users, appointment.email),
            providerId: provider.id,
            locationId: provider.locationId,
            serviceItemId: appointment.item ? idOf(catalog.items, appointment.item) : null,
            bundleId: appointment.bundle ? idOf(catalog.bundles, appointment.bundle) : null,
            name: appointment.item ?? appointment.bundle ?? null,
          })
          .returning({ id: t.appointments.id }),
    );
  }
}

type Appointment = (typeof data.APPOINTMENTS)[number];

/** A bundle takes as long as its items together. */
function minutesOf(appointment: Appointment, catalog: Catalog): number {
  const names = appointment.item
    ? [appointment.item]
    : (data.BUNDLES.find((bundle) => bundle.name === appointment.bundle)?.items ?? []);
  return names.reduce((total, name) => total + idOf(catalog.itemMinutes, name), 0);
}

function startOf(when: Appointment, now: Date, timeZone: string): Date {
  if ('inHours' in when) {
    // Rounded up to the quarter hour, as bookable slots are.
    const quarter = 15 * 60_000;
    return new Date(Math.ceil((now.getTime() + when.inHours * 3_600_000) / quarter) * quarter);
  }
  const local = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(timeZone)
    .add({ days: when.days })
    .with({ hour: when.hour, minute: 0, second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 });
  return new Date(local.epochMilliseconds);
}
