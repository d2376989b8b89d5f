/**
 * One-time codes that hand a console session over to the external admin site (Manage payouts, Update
 * address). Only a SHA-256 of each code is kept: the code itself is in the link alone. A code names the page
 * and the record it was issued for, lives about a minute and is taken once (`used_at`).
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const externalAdminCodes = pgTable(
  'external_admin_codes',
  {
    /** Hex SHA-256 of the code's bytes. */
    codeHash: text('code_hash').primaryKey(),
    /** The signed-in account it was issued to, as the token said at the time. */
    firebaseUid: text('firebase_uid').notNull(),
    email: text('email'),
    role: text('role').notNull(),
    /** `payouts/bank-account` or `provider/locations`. */
    page: text('page').notNull(),
    /** The settlement account id or the location id the link opens. */
    targetId: text('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code is taken; a taken code is refused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('external_admin_codes_expires_idx').on(t.expiresAt)],
);
