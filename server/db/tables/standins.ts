/**
 * The local outside-system stand-ins' own state (server/outside/): what the vendor keeps on its side, in the
 * database so a restart and every API instance agree. Only the stand-ins read and write these tables.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

/**
 * Staff user tokens the MINDBODY stand-in issued (POST usertoken/issue). Only a SHA-256 of each token is
 * kept: the token itself is in the client's hands alone. A token answers for its site until it expires.
 */
export const mindbodyStandinTokens = pgTable(
  'mindbody_standin_tokens',
  {
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').primaryKey(),
    siteId: text('site_id').notNull(),
    username: text('username').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mindbody_standin_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * The Boulevard businesses that installed the Upkeep app on the Boulevard stand-in's install page (the demo
 * seed's businesses are installed by its data, not here). A business answers the Admin API once its row exists.
 */
export const boulevardStandinInstalls = pgTable('boulevard_standin_installs', {
  businessId: text('business_id').primaryKey(),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
});
