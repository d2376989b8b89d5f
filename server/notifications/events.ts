/**
 * The notifications raised where an event happens, each by the code that makes it happen:
 *
 * - late-cancellation: a booking cancelled with the late fee (appointments/operations.service.ts, in the
 *   cancel's own transaction);
 * - receipt-failed: a receipt that could not be sent for want of an address (appointments/receipts.service.ts);
 * - connection-down: a provider's saved scheduling-system connection that did not answer (strategies/), which
 *   resolves the next time it answers.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { BY_START, CUSTOMER, selectAppointments } from '../db/appointment-rows';
import { appointments, locations, providers, users } from '../db/schema';
import { raiseNotification, resolveNotifications, type RaisedNotification } from './repository';

type Tx = Pick<Db, 'select' | 'insert'>;

/** The booking's day in its location's zone (YYYY-MM-DD), for the appointments workspace's filter. */
function dayIn(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

async function bookingParams(db: Tx, groupId: string) {
  const [row] = await selectAppointments(db, {
    providerId: appointments.providerId,
    start: appointments.startDate,
    provider: providers.name,
    providerZone: providers.timezone,
    locationZone: locations.timezone,
    displayName: users.displayName,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
  })
    .leftJoin(users, CUSTOMER)
    .where(eq(appointments.groupId, groupId))
    .orderBy(...BY_START)
    .limit(1);
  if (!row) return undefined;
  const named = [row.firstName, row.lastName].filter(Boolean).join(' ');
  const timeZone = row.locationZone ?? row.providerZone;
  return {
    providerId: row.providerId,
    params: {
      provider: row.provider,
      customer: row.displayName ?? (named || row.email) ?? 'A customer',
      start: row.start.toISOString(),
      timeZone,
      day: dayIn(row.start, timeZone),
    },
  };
}

/** A notification about booking `groupId`: its parameters and `extra`; none when the booking is gone. */
async function raiseForBooking(
  db: Tx,
  groupId: string,
  kind: RaisedNotification['kind'],
  extra: RaisedNotification['params'],
  dedupeKey: string,
) {
  const booking = await bookingParams(db, groupId);
  if (!booking) return;
  await raiseNotification(db, {
    kind,
    recordType: 'appointment',
    recordId: groupId,
    providerId: booking.providerId,
    params: { ...booking.params, ...extra },
    dedupeKey,
  });
}

/** A booking was cancelled with the late fee (inside the cancel's transaction). */
export const noteLateCancellation = (tx: Tx, groupId: string, lateFeeInCents: number) =>
  raiseForBooking(tx, groupId, 'late-cancellation', { lateFeeInCents }, `late-cancellation:${groupId}`);

/** A receipt to `recipient` could not be sent (no address to send it to). */
export const noteReceiptFailed = (db: Tx, groupId: string, recipient: string) =>
  raiseForBooking(db, groupId, 'receipt-failed', { recipient }, `receipt-failed:${groupId}:${recipient}`);

/** What a saved connection's call came to: no answer raises connection-down, an answer resolves it. */
export async function noteConnection(
  db: Db,
  provider: { id: number; name: string; strategy: string },
  answered: boolean,
) {
  const dedupeKey = `connection-down:${provider.id}`;
  if (answered) {
    await resolveNotifications(db, [dedupeKey], new Date());
    return;
  }
  await raiseNotification(db, {
    kind: 'connection-down',
    recordType: 'provider',
    recordId: String(provider.id),
    providerId: provider.id,
    params: { provider: provider.name, system: provider.strategy },
    dedupeKey,
  });
}
