/** The marketplace's business constants (02 §9) an admin changes on /settings: one versioned row. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_SETTINGS } from '../../../src/domain/settings/settings';
import { version } from './common';

export const marketplaceSettings = pgTable(
  'marketplace_settings',
  {
    /** Always 1: the one row. */
    id: integer('id').primaryKey().default(1),
    lateCancelHours: integer('late_cancel_hours').notNull().default(DEFAULT_SETTINGS.lateCancelHours),
    commissionPresets: integer('commission_presets')
      .array()
      .notNull()
      .default(sql`'{15,20}'::integer[]`),
    defaultCommission: integer('default_commission').notNull().default(DEFAULT_SETTINGS.defaultCommission),
    availableAfterDaysOptions: integer('available_after_days_options')
      .array()
      .notNull()
      .default(sql`'{0,1,2,7}'::integer[]`),
    defaultTimezone: text('default_timezone').notNull().default(DEFAULT_SETTINGS.defaultTimezone),
    activityWindowDays: integer('activity_window_days')
      .notNull()
      .default(DEFAULT_SETTINGS.activityWindowDays),
    version: version(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [check('marketplace_settings_one_row', sql`${table.id} = 1`)],
);
