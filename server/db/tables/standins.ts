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
 * What the Square stand-in issued: authorisation codes (5 minutes, one exchange), access tokens (30 days)
 * and refresh tokens (no expiry), each kept only as a SHA-256, with the merchant it answers for. Revoking a
 * merchant's authorisation marks its rows revoked, so a revoked token is told from an unknown one.
 */
export const squareStandinGrants = pgTable(
  'square_standin_grants',
  {
    /** Hex SHA-256 of the code or token. */
    secretHash: text('secret_hash').primaryKey(),
    kind: text('kind', { enum: ['code', 'access', 'refresh'] }).notNull(),
    merchantId: text('merchant_id').notNull(),
    createdAt: createdAt(),
    /** Null for a refresh token (it answers until revoked). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('square_standin_grants_expires_idx').on(t.expiresAt),
    index('square_standin_grants_merchant_idx').on(t.merchantId),
  ],
);

/**
 * The Boulevard businesses that installed the Upkeep app on the Boulevard stand-in's install page (the demo
 * seed's businesses are installed by its data, not here). A business answers the Admin API once its row exists.
 */
export const boulevardStandinInstalls = pgTable('boulevard_standin_installs', {
  businessId: text('business_id').primaryKey(),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Partner access tokens the Booker stand-in issued (POST v5/auth/connect/token, client credentials), each
 * kept only as a SHA-256 with the client and scope it was issued to. A token answers until it expires.
 */
export const bookerStandinTokens = pgTable(
  'booker_standin_tokens',
  {
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').primaryKey(),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('booker_standin_tokens_expires_idx').on(t.expiresAt)],
);
