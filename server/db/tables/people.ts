/** Users of every role, their links to providers, provider invitations and the waitlist (leads). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './common';
import { providers } from './providers';

export const USER_ROLES = ['USER', 'PROVIDER', 'ADMIN'] as const;
export const userRole = pgEnum('user_role', USER_ROLES);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Null for people known only to this database (e.g. booked by a provider before signing up). */
    firebaseUid: text('firebase_uid').unique(),
    displayName: text('display_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    birthdate: date('birthdate', { mode: 'string' }),
    phone: text('phone'),
    photoURL: text('photo_url'),
    /** Stored uppercased (spec 01 §5); conflicts are reported by the API. */
    inviteCode: text('invite_code').unique(),
    availablePoints: integer('available_points').notNull().default(0),
    role: userRole('role').notNull().default('USER'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isSubscribedToNotifications: boolean('is_subscribed_to_notifications').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // People type their email in any case; one account per address regardless.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // The users list's order (display name, else email; then id), so a page is read in index order.
    index('users_list_order_idx').on(sql`lower(coalesce(${t.displayName}, ${t.email}))`, t.id),
    check('users_available_points_non_negative', sql`${t.availablePoints} >= 0`),
  ],
);

export const userProviders = pgTable(
  'user_providers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.providerId] }),
    index('user_providers_provider_idx').on(t.providerId),
  ],
);

/** An invitation for a provider user: redeemed once, before it expires, for the listed providers. */
export const invites = pgTable('invites', {
  id: id(),
  code: text('code').notNull().unique(),
  email: text('email').notNull(),
  providerIds: integer('provider_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Waitlist sign-ups, downloaded as CSV by admins. */
export const leads = pgTable('leads', {
  id: id(),
  email: text('email').notNull(),
  name: text('name'),
  createdAt: createdAt(),
});
