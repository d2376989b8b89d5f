/**
 * Receipts (02 §6, §7 POST /appointments/receipts) to the customer, the provider or Upkeep support. No mail
 * service is configured on the reference API, so a receipt is recorded (the receipts table, delivery
 * RECORDED) and logged; an admin lists them with GET /appointments/receipts. Invoices of bookings made with
 * "send invoice" (or paid by INVOICE) are recorded the same way, to the customer.
 */
import type { ProviderAppointment } from '../../src/api/contract/appointment';
import type { Receipt, ReceiptRequest } from '../../src/api/contract/appointment-operations';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { RecipientType } from '../../src/domain/appointments/operations';
import { formatDollars } from '../../src/domain/shared/money';
import type { Db } from '../db/client';
import type { receipts } from '../db/schema';
import type { Log } from '../http/log';
import { failure, ok, type Result } from '../http/result';
import { bookingRows } from './repository';
import {
  billingContact,
  groupPrice,
  insertReceipt,
  listReceipts,
  providerUserEmails,
} from './operations.repository';
import { grouped, toAppointment } from './service';
import { noteReceiptFailed } from '../notifications/events';

/** The most receipts one list answers. */
export const RECEIPT_LIST_LIMIT = 100;

function toReceipt(row: typeof receipts.$inferSelect): Receipt {
  return {
    id: row.id,
    recipient: row.recipient,
    groupId: row.groupId,
    providerId: row.providerId,
    to: row.to,
    subject: row.subject,
    body: row.body,
    delivery: row.delivery === 'SENT' ? 'SENT' : 'RECORDED',
    createdAt: row.createdAt.toISOString(),
  };
}

function bodyOf(appointment: ProviderAppointment, priceInCents: number): string {
  const customer = appointment.user?.displayName ?? appointment.user?.email ?? 'Customer';
  return [
    `Booking ${appointment.groupId} at ${appointment.provider.name}`,
    `Customer: ${customer}`,
    `Services: ${appointment.serviceItemDisplayName ?? appointment.name ?? '—'}`,
    `Starts: ${appointment.startDate} (${appointment.location?.timezone ?? 'provider time'})`,
    `Status: ${appointment.status}`,
    `Total: ${formatDollars(priceInCents)}`,
  ].join('\n');
}

async function addressOf(
  db: Db,
  recipient: RecipientType,
  appointment: ProviderAppointment,
  supportEmail: string,
): Promise<string | null> {
  if (recipient === 'CUSTOMER') return appointment.user?.email ?? null;
  if (recipient === 'UPKEEP_SUPPORT') return supportEmail;
  const billing = (await billingContact(db, appointment.location?.id ?? null))
    ?.split(',')
    .map((email) => email.trim())
    .filter(Boolean);
  if (billing && billing.length > 0) return billing.join(', ');
  const users = await providerUserEmails(db, appointment.provider.id);
  return users.length > 0 ? users.join(', ') : null;
}

async function record(
  db: Db,
  appointment: ProviderAppointment,
  recipient: RecipientType,
  to: string,
  subject: string,
  byUid: string,
) {
  const row = await insertReceipt(db, {
    recipient,
    groupId: appointment.groupId,
    providerId: appointment.provider.id,
    to,
    subject,
    body: bodyOf(appointment, await groupPrice(db, appointment.groupId)),
    delivery: 'RECORDED',
    sentByUid: byUid,
  });
  return toReceipt(row);
}

/** POST /appointments/receipts: the booking's receipt to one recipient, recorded and logged. */
export async function sendReceipt(
  db: Db,
  input: ReceiptRequest,
  byUid: string,
  supportEmail: string,
  log: Log,
): Promise<Result<Receipt>> {
  const [group] = grouped(await bookingRows(db, input.groupId));
  if (!group || group[0]?.provider.id !== input.provider) {
    return failure(
      404,
      API_ERROR_CODES.appointmentNotFound,
      `No booking ${input.groupId} at provider ${input.provider}`,
      'groupId',
    );
  }
  const appointment = toAppointment(group, true);
  const to = await addressOf(db, input.recipient, appointment, supportEmail);
  if (!to) {
    await noteReceiptFailed(db, input.groupId, input.recipient);
    return failure(
      409,
      API_ERROR_CODES.receiptNoAddress,
      'The provider has no billing contact email and no provider user to send the receipt to',
      'recipient',
    );
  }
  const receipt = await record(
    db,
    appointment,
    input.recipient,
    to,
    `Receipt for your appointment at ${appointment.provider.name}`,
    byUid,
  );
  log.info(
    { receiptId: receipt.id, recipient: receipt.recipient, to: receipt.to, groupId: receipt.groupId },
    'Receipt recorded (no mail service configured)',
  );
  return ok(receipt);
}

/** The invoice of a booking made with "send invoice", to its customer. */
export async function recordInvoice(db: Db, appointment: ProviderAppointment, byUid: string) {
  const to = appointment.user?.email;
  if (!to) return;
  await record(
    db,
    appointment,
    'CUSTOMER',
    to,
    `Invoice for your appointment at ${appointment.provider.name}`,
    byUid,
  );
}

/** GET /appointments/receipts (admin): the newest first. */
export async function receiptList(db: Db, groupId: string | undefined): Promise<Receipt[]> {
  return (await listReceipts(db, groupId, RECEIPT_LIST_LIMIT)).map(toReceipt);
}
