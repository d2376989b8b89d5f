/**
 * The admins' inbox (server/notifications): what needs an admin's action, produced by the API from real
 * events. One row per condition while it holds (`dedupe_key` is unique among the open rows, so the same
 * condition seen again adds nothing); a condition that no longer holds is resolved and leaves the inbox, and
 * it may then be raised anew. Whether an admin has read or dismissed an entry is kept per admin.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { reference } from './common';
import { providers } from './providers';

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** onboarding-stuck | connection-down | payouts-requirements | late-cancellation | receipt-failed */
    kind: text('kind').notNull(),
    /** The record it links to: `provider` (its id) or `appointment` (the booking's groupId). */
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    /** The provider it concerns; deleting the provider deletes its notifications. */
    providerId: reference('provider_id', () => providers.id, 'cascade'),
    /** What the sentence names (provider name, customer, start, recipient, requirements…). */
    params: jsonb('params').$type<Record<string, string | number | string[]>>().notNull().default({}),
    /** The condition: the same key while one is open adds nothing. */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the condition stopped holding (the entry then leaves the inbox). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_open_dedupe_idx')
      .on(t.dedupeKey)
      .where(sql`${t.resolvedAt} is null`),
    // Nulls first, as `order by created_at desc, id desc` sorts (migration 0034).
    index('notifications_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_kind_open_idx')
      .on(t.kind)
      .where(sql`${t.resolvedAt} is null`),
  ],
);

/** One admin's state of one notification: read and dismissed are each admin's own. */
export const notificationStates = pgTable(
  'notification_states',
  {
    /** The admin's sign-in uid. */
    uid: text('uid').notNull(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.uid, t.notificationId] })],
);
