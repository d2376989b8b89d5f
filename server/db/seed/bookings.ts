/** Seeds appointments around `now`: past (within 30 days), upcoming (within 30 days) and cancelled. */
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import * as t from '../schema';
import { appointmentRow, minutesOf, type AppointmentSeed } from './booked';
import * as data from './data';
import { idOf } from './rows';

export const seedAppointments: AppointmentSeed = async (rows, catalog, providers, users, now) => {
  for (const appointment of data.APPOINTMENTS) {
    const provider = providers.get(appointment.provider);
    if (!provider) throw new Error(`seed data refers to unknown "${appointment.provider}"`);
    const startDate = startOf(appointment, now, provider.timezone);
    const endDate = new Date(startDate.getTime() + minutesOf(appointment, catalog) * 60_000);
    const booking = { groupId: appointment.groupId, status: appointment.status, startDate, endDate };
    await rows.ensure(
      t.appointments,
      eq(t.appointments.groupId, appointment.groupId),
      appointmentRow({ ...booking, userId: idOf(users, appointment.email) }, provider, appointment, catalog),
    );
  }
};

type Appointment = (typeof data.APPOINTMENTS)[number];

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
