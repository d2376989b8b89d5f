/**
 * The local payments sandbox's own state (server/payouts/sandbox.ts): what a payment provider would keep on
 * its side, mirroring Stripe Connect's objects. Only the sandbox reads and writes these tables. No raw bank
 * number is ever stored: a token and a bank account keep the last four digits only. Payouts are not stored:
 * the sandbox derives them from completed appointments (server/payouts/earnings.ts).
 */
import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

export const sandboxAccounts = pgTable('payments_sandbox_accounts', {
  /** acct_… */
  id: text('id').primaryKey(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  currentlyDue: jsonb('currently_due').$type<string[]>().notNull().default([]),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  businessName: text('business_name'),
  createdAt: createdAt(),
});

export const sandboxBankTokens = pgTable('payments_sandbox_bank_tokens', {
  /** btok_… */
  id: text('id').primaryKey(),
  country: text('country').notNull(),
  currency: text('currency').notNull(),
  last4: text('last4').notNull(),
  routingLast4: text('routing_last4').notNull(),
  used: boolean('used').notNull().default(false),
  createdAt: createdAt(),
});

export const sandboxBankAccounts = pgTable('payments_sandbox_bank_accounts', {
  /** ba_… */
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
  last4: text('last4').notNull(),
  routingLast4: text('routing_last4').notNull(),
  createdAt: createdAt(),
});
