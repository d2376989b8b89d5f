/**
 * Writing a booking (02 §4, §6): the rows of one booking, one per service item, written with the provider's row
 * locked after the slot engine has found the start open, so concurrent bookings of one provider run one after
 * the other and the later ones see the earlier (409). Used by create and reschedule (operations.service.ts).
 */
import { randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { PaymentMethod } from '../../src/domain/appointments/operations';
import { refusalOf } from '../../src/domain/appointments/slots';
import type { Db } from '../db/client';
import { failure, ok, type Result } from '../http/result';
import type { Scope } from '../http/scope';
import { deleteGroup, insertAppointments } from './operations.repository';
import { bookingContext, explainStart, type BookingContext } from './slots.service';

export interface NewBooking {
  scope: Scope;
  providerId: number;
  itemIds: readonly number[];
  start: string;
  /** The customer, found (or added) inside the booking's transaction once the start is known to be open. */
  customer: (tx: Db) => Promise<Result<number>>;
  paymentMethod: PaymentMethod | null;
  sendInvoice: boolean;
  byUid: string;
  /** Rescheduling: the booking replaced (its rows are left out of the check and then replaced). */
  groupId?: string;
}

/** The rows of a booking: one per item, one after the other from the start. */
function rowsOf(
  context: BookingContext,
  booking: NewBooking,
  userId: number,
  groupId: string,
  start: Temporal.Instant,
) {
  let at = start;
  return context.items.map((item) => {
    const end = at.add({ minutes: item.timeInMins });
    const row = {
      groupId,
      status: 'ACTIVE' as const,
      startDate: new Date(at.epochMilliseconds),
      endDate: new Date(end.epochMilliseconds),
      userId,
      providerId: context.provider.id,
      locationId: context.provider.locationId,
      serviceItemId: item.id,
      name: item.name,
      priceInCents: booking.paymentMethod === 'FREE' ? 0 : item.priceInCents,
      paymentMethod: booking.paymentMethod,
      sendInvoice: booking.sendInvoice,
      createdByUid: booking.byUid,
    };
    at = end;
    return row;
  });
}

/** Checks the start and writes the booking in one transaction with the provider locked (409 when not open). */
export async function book(db: Db, booking: NewBooking, now: Date): Promise<Result<string>> {
  const start = Temporal.Instant.from(booking.start);
  return db.transaction(async (tx): Promise<Result<string>> => {
    const context = await bookingContext(tx, booking.scope, booking.providerId, booking.itemIds, {
      lock: true,
    });
    if (!context.ok) return context;
    if (context.value.provider.locationId === null) {
      return failure(
        409,
        API_ERROR_CODES.appointmentSlotClosed,
        `Provider ${booking.providerId} has no location, so nothing can be booked there`,
        'provider',
      );
    }
    const why = await explainStart(tx, context.value, start, now, booking.groupId);
    if (!why.open) {
      const onlyTaken = why.reasons.every((reason) => reason.code === 'taken');
      return failure(
        409,
        onlyTaken ? API_ERROR_CODES.appointmentSlotTaken : API_ERROR_CODES.appointmentSlotClosed,
        onlyTaken
          ? `That time was booked meanwhile: ${why.reasons.map((r) => r.message).join('; ')}. Choose another open slot.`
          : refusalOf(why),
        'startDate',
      );
    }
    const customer = await booking.customer(tx);
    if (!customer.ok) return customer;
    const groupId = booking.groupId ?? randomUUID();
    if (booking.groupId !== undefined) await deleteGroup(tx, booking.groupId);
    await insertAppointments(tx, rowsOf(context.value, booking, customer.value, groupId, start));
    return ok(groupId);
  });
}
