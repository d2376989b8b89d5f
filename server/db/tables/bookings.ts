/** Appointments (spec 02 §3, §4). Several rows booked together share a groupId. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CANCEL_REFUND_OPTIONS,
  PAYMENT_METHODS,
  RECIPIENT_TYPES,
} from '../../../src/domain/appointments/operations';
import { bundles, serviceItems } from './catalog';
import { createdAt, id, reference, requiredReference } from './common';
import { users } from './people';
import { locations, providers } from './providers';

export const APPOINTMENT_STATUSES = [
  'ACTIVE',
  'COMPLETED',
  'CANCELLED',
  'LATE_CANCELLED',
  'FILMING',
] as const;
export const appointmentStatus = pgEnum('appointment_status', APPOINTMENT_STATUSES);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
export const refundOption = pgEnum('refund_option', CANCEL_REFUND_OPTIONS);
export const receiptRecipient = pgEnum('receipt_recipient', RECIPIENT_TYPES);

export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    groupId: text('group_id').notNull(),
    status: appointmentStatus('status').notNull().default('ACTIVE'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    userId: requiredReference('user_id', () => users.id, 'restrict'),
    providerId: requiredReference('provider_id', () => providers.id, 'restrict'),
    locationId: reference('location_id', () => locations.id, 'set null'),
    serviceItemId: reference('service_item_id', () => serviceItems.id, 'set null'),
    bundleId: reference('bundle_id', () => bundles.id, 'set null'),
    name: text('name'),
    /** What this row cost when booked here (cents); null for rows booked elsewhere (the catalogue price). */
    priceInCents: integer('price_in_cents'),
    /** How the booking is paid (null for rows booked elsewhere). */
    paymentMethod: paymentMethod('payment_method'),
    sendInvoice: boolean('send_invoice').notNull().default(false),
    /** Who booked it here (null for rows booked elsewhere). */
    createdByUid: text('created_by_uid'),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointments_group_idx').on(t.groupId),
    // One provider's appointments by start (the dashboard, the calendar, the slots, the workspace by provider);
    // the id last so the workspace's (start, id) pages are read in index order.
    index('appointments_provider_start_idx').on(t.providerId, t.startDate, t.id),
    // Every provider's appointments by start: the workspace's pages for an admin (GET /appointments/list).
    index('appointments_start_idx').on(t.startDate, t.id),
    index('appointments_user_idx').on(t.userId),
    // Completed appointments by end: the payouts still on their way (GET /overview, server/overview).
    index('appointments_completed_end_idx')
      .on(t.endDate)
      .where(sql`${t.status} = 'COMPLETED'`),
    check('appointments_ends_after_start', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/** What cancelling a booking (one groupId) did to the customer's money: one row per cancelled booking. */
export const appointmentCancellations = pgTable(
  'appointment_cancellations',
  {
    id: id(),
    groupId: text('group_id').notNull(),
    status: appointmentStatus('status').notNull(),
    refundOption: refundOption('refund_option').notNull(),
    lateCancelFee: boolean('late_cancel_fee').notNull(),
    priceInCents: integer('price_in_cents').notNull(),
    lateFeeInCents: integer('late_fee_in_cents').notNull(),
    refundInCents: integer('refund_in_cents').notNull(),
    creditPoints: integer('credit_points').notNull(),
    userId: reference('user_id', () => users.id, 'set null'),
    cancelledByUid: text('cancelled_by_uid').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('appointment_cancellations_group_key').on(t.groupId)],
);

/** Receipts sent (or, with no mail service configured, recorded and logged) for a booking. */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    recipient: receiptRecipient('recipient').notNull(),
    groupId: text('group_id').notNull(),
    providerId: requiredReference('provider_id', () => providers.id, 'cascade'),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    delivery: text('delivery').notNull(),
    sentByUid: text('sent_by_uid').notNull(),
    createdAt: createdAt(),
  },
  // GET /appointments/receipts lists the newest first, optionally of one booking.
  (t) => [index('receipts_created_idx').on(t.createdAt, t.id), index('receipts_group_idx').on(t.groupId)],
);
