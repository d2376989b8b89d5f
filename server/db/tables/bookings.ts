/** Appointments (spec 02 §3, §4). Several rows booked together share a groupId. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bundles, serviceItems } from './catalog';
import { createdAt, id } from './common';
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

export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    groupId: text('group_id').notNull(),
    status: appointmentStatus('status').notNull().default('ACTIVE'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    serviceItemId: integer('service_item_id').references(() => serviceItems.id, { onDelete: 'set null' }),
    bundleId: integer('bundle_id').references(() => bundles.id, { onDelete: 'set null' }),
    name: text('name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointments_group_idx').on(t.groupId),
    index('appointments_provider_start_idx').on(t.providerId, t.startDate),
    index('appointments_user_idx').on(t.userId),
    check('appointments_ends_after_start', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
