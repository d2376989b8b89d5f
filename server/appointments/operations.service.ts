/**
 * Appointment operations (02 §4, §6, §7): the status update, cancel (and its preview), reschedule and the two
 * Create Appointment variants. A booking is the rows sharing one groupId (one row per service item, one after
 * the other); status and cancel apply to the whole booking.
 *
 * No double booking: creating and rescheduling write through booking.service.ts, which checks the start and
 * writes with the provider's row locked.
 */
import type { ProviderAppointment } from '../../src/api/contract/appointment';
import type {
  AdminBookingInput,
  Cancellation,
  CancelQuery,
  ProviderBookingInput,
  RescheduleInput,
  StatusUpdate,
} from '../../src/api/contract/appointment-operations';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import {
  cancellationOutcome,
  SETTABLE_STATUSES,
  type PaymentMethod,
  type SettableStatus,
} from '../../src/domain/appointments/operations';
import type { Db } from '../db/client';
import type { appointments } from '../db/schema';
import { failure, ok, recordNotFound, type Result } from '../http/result';
import { checkReferences, forbidden, mayUseProvider, type Scope } from '../http/scope';
import {
  addPoints,
  appointmentById,
  groupPrice,
  groupRows,
  insertCancellation,
  insertCustomer,
  setGroupStatus,
  userByEmail,
  userById,
} from './operations.repository';
import { book, type NewBooking } from './booking.service';
import { bookingRows } from './repository';
import { grouped, toAppointment } from './service';
import { recordInvoice } from './receipts.service';
import { noteLateCancellation } from '../notifications/events';

type Row = typeof appointments.$inferSelect;

const isCancelled = (status: Row['status']) => status === 'CANCELLED' || status === 'LATE_CANCELLED';

const notFound = (what: string, field?: string) =>
  failure(404, API_ERROR_CODES.appointmentNotFound, `No appointment ${what}`, field);
const cancelledAlready = (groupId: string) =>
  failure(
    409,
    API_ERROR_CODES.appointmentCancelled,
    `Booking ${groupId} is cancelled; it can no longer be changed`,
    'status',
  );

/** The booking as the dashboard shows it (grouped, with its customer). */
async function bookingOf(db: Db, groupId: string): Promise<ProviderAppointment> {
  const [group] = grouped(await bookingRows(db, groupId));
  if (!group) throw new Error(`booking ${groupId} has no rows`);
  return toAppointment(group, true);
}

/** The booking holding appointment `id`, if the caller may touch its provider. */
async function bookingOfAppointment(db: Db, scope: Scope, id: number): Promise<Result<Row[]>> {
  const row = await appointmentById(db, id);
  // A provider user learns nothing of other providers' appointments beyond "not yours".
  if (!row) return notFound(`with id ${id}`);
  if (!mayUseProvider(scope, row.providerId)) return forbidden(`Appointment ${id}'s provider`);
  return ok(await groupRows(db, row.groupId));
}

/** PUT /appointments/{id}: COMPLETED, ACTIVE or FILMING for every row of the booking. */
/** A user an appointment may be booked for: one that exists and is not deleted (reschedule and create alike). */
async function bookableUser(db: Db, id: number) {
  const user = await userById(db, id);
  return user && !user.isDeleted ? user : undefined;
}

const userMissing = (id: number) => recordNotFound(API_ERROR_CODES.userNotFound, 'user', id, 'user');

export async function updateStatus(
  db: Db,
  scope: Scope,
  id: number,
  input: StatusUpdate,
): Promise<Result<ProviderAppointment>> {
  if (!SETTABLE_STATUSES.includes(input.status as SettableStatus)) {
    return failure(
      400,
      API_ERROR_CODES.appointmentCancelByDelete,
      `status ${input.status} cannot be set here: cancel with DELETE /appointments/{groupId} (an admin's cancel dialog). Settable: ${SETTABLE_STATUSES.join(', ')}`,
      'status',
    );
  }
  const booking = await bookingOfAppointment(db, scope, id);
  if (!booking.ok) return booking;
  const [first] = booking.value;
  if (!first) return notFound(`with id ${id}`);
  if (booking.value.some((row) => isCancelled(row.status))) return cancelledAlready(first.groupId);
  await setGroupStatus(db, first.groupId, input.status);
  return ok(await bookingOf(db, first.groupId));
}

async function cancellationOf(
  db: Pick<Db, 'select'>,
  groupId: string,
  query: CancelQuery,
  options: { lock?: boolean } = {},
) {
  // Locked when cancelling, so a second cancel of the same booking waits and then finds it cancelled.
  const rows = await groupRows(db, groupId, options.lock);
  const [first] = rows;
  if (!first) return notFound(`booking ${groupId}`, 'groupId');
  if (rows.some((row) => isCancelled(row.status))) return cancelledAlready(groupId);
  const priceInCents = await groupPrice(db, groupId);
  const lateCancelFee = query.latecancelfee ?? true;
  const outcome = cancellationOutcome({ priceInCents, lateCancelFee, refundOption: query.refundOption });
  const cancellation: Cancellation = {
    groupId,
    status: outcome.status,
    refundOption: query.refundOption,
    lateCancelFee,
    priceInCents,
    lateFeeInCents: outcome.lateFeeInCents,
    refundInCents: outcome.refundInCents,
    creditPoints: outcome.creditPoints,
    summary: outcome.summary,
  };
  return ok({ cancellation, userId: first.userId });
}

/** GET /appointments/{groupId}/cancellation: what cancelling would do, nothing saved. */
export async function previewCancellation(
  db: Db,
  groupId: string,
  query: CancelQuery,
): Promise<Result<Cancellation>> {
  const result = await cancellationOf(db, groupId, query);
  return result.ok ? ok(result.value.cancellation) : result;
}

/**
 * DELETE /appointments/{groupId}: the booking becomes CANCELLED (LATE_CANCELLED with the late fee); what
 * the customer is refunded or charged is recorded, and credit points are added to their account.
 */
export async function cancelBooking(
  db: Db,
  groupId: string,
  query: CancelQuery,
  byUid: string,
): Promise<Result<Cancellation>> {
  return db.transaction(async (tx): Promise<Result<Cancellation>> => {
    const result = await cancellationOf(tx, groupId, query, { lock: true });
    if (!result.ok) return result;
    const { cancellation, userId } = result.value;
    await setGroupStatus(tx, groupId, cancellation.status);
    await insertCancellation(tx, {
      groupId,
      status: cancellation.status,
      refundOption: cancellation.refundOption,
      lateCancelFee: cancellation.lateCancelFee,
      priceInCents: cancellation.priceInCents,
      lateFeeInCents: cancellation.lateFeeInCents,
      refundInCents: cancellation.refundInCents,
      creditPoints: cancellation.creditPoints,
      userId,
      cancelledByUid: byUid,
    });
    if (cancellation.creditPoints > 0) await addPoints(tx, userId, cancellation.creditPoints);
    if (cancellation.status === 'LATE_CANCELLED')
      await noteLateCancellation(tx, groupId, cancellation.lateFeeInCents);
    return ok(cancellation);
  });
}

/** PUT /appointments/reschedule/{id} (admin): new items, provider and start for the booking holding `id`. */
export async function reschedule(
  db: Db,
  scope: Scope,
  id: number,
  input: RescheduleInput,
  byUid: string,
  now: Date,
): Promise<Result<ProviderAppointment>> {
  const booking = await bookingOfAppointment(db, scope, id);
  if (!booking.ok) return booking;
  const [first] = booking.value;
  if (!first) return notFound(`with id ${id}`);
  if (booking.value.some((row) => isCancelled(row.status))) return cancelledAlready(first.groupId);
  const userId = input.user ?? first.userId;
  if (input.user != null && !(await bookableUser(db, input.user))) return userMissing(input.user);
  return bookAndRead(
    db,
    scope,
    input,
    {
      customer: async () => ok(userId),
      paymentMethod: first.paymentMethod,
      sendInvoice: first.sendInvoice,
      byUid: first.createdByUid ?? byUid,
      groupId: first.groupId,
    },
    now,
  );
}

/** Books the request's service items with its provider at its start, then reads the booking back. */
async function bookAndRead(
  db: Db,
  scope: Scope,
  request: { provider: number; serviceItemIds: number[]; startDate: string },
  booking: Omit<NewBooking, 'scope' | 'providerId' | 'itemIds' | 'start'>,
  now: Date,
): Promise<Result<ProviderAppointment>> {
  const booked = await book(
    db,
    {
      scope,
      providerId: request.provider,
      itemIds: request.serviceItemIds,
      start: request.startDate,
      ...booking,
    },
    now,
  );
  if (!booked.ok) return booked;
  return ok(await bookingOf(db, booked.value));
}

/** The customer a provider typed in: the given user, else the one with that email, else a new one. */
async function customerOf(db: Db, input: ProviderBookingInput): Promise<Result<number>> {
  if (input.user != null) {
    const user = await userById(db, input.user);
    if (!user || user.isDeleted) {
      return recordNotFound(API_ERROR_CODES.userNotFound, 'user', input.user, 'user');
    }
    return ok(user.id);
  }
  const existing = await userByEmail(db, input.email);
  if (existing) {
    if (existing.isDeleted) {
      return failure(
        409,
        API_ERROR_CODES.userEmailExists,
        `The account of ${input.email} is deleted`,
        'email',
      );
    }
    return ok(existing.id);
  }
  const created = await insertCustomer(db, {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    birthdate: input.birthdate,
  });
  const user = created ?? (await userByEmail(db, input.email));
  if (!user) throw new Error(`the customer ${input.email} was neither added nor found`);
  return ok(user.id);
}

/**
 * POST /i/appointments/ (provider variant; admins too): the customer by email (added when new), free or
 * invoiced (an invoice is recorded as a receipt to the customer).
 */
export async function createAsProvider(
  db: Db,
  scope: Scope,
  input: ProviderBookingInput,
  byUid: string,
  now: Date,
): Promise<Result<ProviderAppointment>> {
  // The provider and the customer named are checked before anyone is added as a customer.
  const named = await checkReferences(db, scope, [
    { kind: 'provider', id: input.provider, field: 'provider' },
    input.user == null ? undefined : { kind: 'customer', id: input.user, field: 'user' },
  ]);
  if (!named.ok) return named;
  const paymentMethod: PaymentMethod | null = input.isFree ? 'FREE' : input.sendInvoice ? 'INVOICE' : null;
  const booked = await bookAndRead(
    db,
    scope,
    input,
    {
      customer: (tx) => customerOf(tx, input),
      paymentMethod,
      sendInvoice: input.sendInvoice ?? false,
      byUid,
    },
    now,
  );
  if (booked.ok && input.sendInvoice) await recordInvoice(db, booked.value, byUid);
  return booked;
}

/** POST /appointments (admin variant): an existing user, a provider, and how it is paid. */
export async function createAsAdmin(
  db: Db,
  scope: Scope,
  input: AdminBookingInput,
  byUid: string,
  now: Date,
): Promise<Result<ProviderAppointment>> {
  const user = await bookableUser(db, input.user);
  if (!user) return userMissing(input.user);
  const invoiced = input.paymentMethod === 'INVOICE';
  const booked = await bookAndRead(
    db,
    scope,
    input,
    { customer: async () => ok(user.id), paymentMethod: input.paymentMethod, sendInvoice: invoiced, byUid },
    now,
  );
  if (booked.ok && invoiced) await recordInvoice(db, booked.value, byUid);
  return booked;
}
