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
import { USER_ROLES } from '../../../src/domain/users/user-list-params';
import { createdAt, id, requiredReference, version } from './common';
import { providers } from './providers';

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
    version: version(),
    createdAt: createdAt(),
    /** What the list search matches (names, email, phone, lowercased); kept by the database on every write. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`users_search_text(display_name, first_name, last_name, email, phone)`),
    /** The phone's digits only, so "(310) 555-0101" finds +13105550101; kept by the database on every write. */
    phoneDigits: text('phone_digits')
      .notNull()
      .generatedAlwaysAs(sql`regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')`),
  },
  (t) => [
    // People type their email in any case; one account per address regardless.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    // The users list's order (display name, else email; then id), so a page is read in index order.
    index('users_list_order_idx').on(sql`lower(coalesce(${t.displayName}, ${t.email}))`, t.id),
    // The same order over live users only: the list reads pages and counts along it (server/README.md).
    index('users_live_order_idx')
      .on(sql`lower(coalesce(${t.displayName}, ${t.email}))`, t.id)
      .where(sql`${t.isDeleted} = false`),
    // The list's other orders (by email, by joined date) and its role filter, over live users as well.
    index('users_live_email_idx')
      .on(sql`lower(${t.email})`, t.id)
      .where(sql`${t.isDeleted} = false`),
    index('users_live_joined_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isDeleted} = false`),
    index('users_live_role_order_idx')
      .on(t.role, sql`lower(coalesce(${t.displayName}, ${t.email}))`, t.id)
      .where(sql`${t.isDeleted} = false`),
    // Trigram indexes: a search (LIKE '%term%') reads only the rows holding the term's trigrams.
    index('users_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('users_phone_digits_trgm_idx').using('gin', t.phoneDigits.op('gin_trgm_ops')),
    check('users_available_points_non_negative', sql`${t.availablePoints} >= 0`),
  ],
);

export const userProviders = pgTable(
  'user_providers',
  {
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    providerId: requiredReference('provider_id', () => providers.id, 'cascade'),
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
export const leads = pgTable(
  'leads',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name'),
    createdAt: createdAt(),
  },
  // GET /leads lists in sign-up order (created_at, then id).
  (t) => [index('leads_created_idx').on(t.createdAt, t.id)],
);
