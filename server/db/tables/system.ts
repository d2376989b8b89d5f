/** Bookkeeping of the API itself, not product data. */
import { text, timestamp, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row per one-time job that has run on this database. The demo seed writes `demo` when it first runs
 * and never runs again once the row exists, so whatever someone edits or deletes afterwards stays so.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
