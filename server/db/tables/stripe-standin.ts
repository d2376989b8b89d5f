/**
 * The local Stripe stand-in's own state (server/outside/stripe/): what Stripe keeps on its side of Connect,
 * in the database so a restart and every API instance agree. Only the stand-in reads and writes these
 * tables. No bank number is ever stored: a bank token and a bank account keep the last four digits of the
 * account and routing numbers and the bank's name (Stripe's bank account object shows the routing number). Payouts are not stored: the
 * stand-in derives them from completed appointments (server/payouts/earnings.ts).
 */
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './common';

export const stripeStandinAccounts = pgTable('stripe_standin_accounts', {
  /** acct_… */
  id: text('id').primaryKey(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  currentlyDue: jsonb('currently_due').$type<string[]>().notNull().default([]),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  businessName: text('business_name'),
  /** settings.payouts.schedule: daily, weekly, monthly or manual. */
  payoutInterval: text('payout_interval', { enum: ['daily', 'weekly', 'monthly', 'manual'] })
    .notNull()
    .default('daily'),
  payoutDelayDays: integer('payout_delay_days').notNull().default(2),
  /** For a weekly schedule: monday … sunday. */
  payoutWeeklyAnchor: text('payout_weekly_anchor'),
  /** For a monthly schedule: the day of the month, 1 to 31. */
  payoutMonthlyAnchor: integer('payout_monthly_anchor'),
  createdAt: createdAt(),
});

export const stripeStandinBankTokens = pgTable('stripe_standin_bank_tokens', {
  /** btok_… */
  id: text('id').primaryKey(),
  country: text('country').notNull(),
  currency: text('currency').notNull(),
  last4: text('last4').notNull(),
  routingLast4: text('routing_last4').notNull(),
  bankName: text('bank_name'),
  accountHolderType: text('account_holder_type'),
  used: boolean('used').notNull().default(false),
  createdAt: createdAt(),
});

export const stripeStandinBankAccounts = pgTable('stripe_standin_bank_accounts', {
  /** ba_… */
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => stripeStandinAccounts.id, { onDelete: 'cascade' }),
  country: text('country').notNull().default('US'),
  currency: text('currency').notNull().default('usd'),
  last4: text('last4').notNull(),
  routingLast4: text('routing_last4').notNull(),
  bankName: text('bank_name'),
  createdAt: createdAt(),
});
