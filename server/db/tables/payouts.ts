/**
 * Settlement (payouts) accounts (spec 02 §3). A location points at its account by id
 * (locations.settlement_account_id); the account's status is what the dashboard checklist reads. Payouts are
 * not kept here: the payment provider lists them (server/payouts).
 */
import { jsonb, boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, reference } from './common';
import { locations } from './providers';

export const settlementAccounts = pgTable('settlement_accounts', {
  /** The payment provider's account id (acct_…), as locations.settlement_account_id holds it. */
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  /** requirements.currently_due: the requirement names still outstanding. */
  currentlyDue: jsonb('currently_due').$type<string[]>().notNull().default([]),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  businessName: text('business_name'),
  /** The location it was created or attached for (who may use it before the location points at it). */
  locationId: reference('location_id', () => locations.id, 'set null'),
  /** Created by our onboarding link (deleting it deletes the payment provider's account too). */
  createdHere: boolean('created_here').notNull().default(false),
  createdAt: createdAt(),
});
