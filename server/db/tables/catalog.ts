/** The service menu: categories, items and bundles (spec 01 §3). Money columns are integer cents. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, reference, requiredReference, version } from './common';

export const serviceCategories = pgTable('service_categories', {
  id: id(),
  name: text('name').notNull(),
  iconURL: text('icon_url'),
  createdAt: createdAt(),
});

export const serviceItems = pgTable(
  'service_items',
  {
    id: id(),
    name: text('name').notNull(),
    /** 'Botox', 'Filler'/'Fillers' or null: the Injectables tabs and the Botox min-units rule use it. */
    subCategory: text('sub_category'),
    unitsDescriptor: text('units_descriptor'),
    unitsDescriptorIconURL: text('units_descriptor_icon_url'),
    descriptionTitle: text('description_title'),
    description: text('description'),
    redemptionPoints: integer('redemption_points').notNull().default(0),
    timeInMins: integer('time_in_mins').notNull().default(10),
    termsInfo: text('terms_info'),
    prepInfo: text('prep_info'),
    isFinancingEnabled: boolean('is_financing_enabled').notNull().default(false),
    priceInCents: integer('price_in_cents').notNull().default(10_000),
    isPricePerUnit: boolean('is_price_per_unit').notNull().default(false),
    /** Null when the category was never ordered; lists put nulls last. */
    displayOrder: integer('display_order'),
    serviceCategoryId: requiredReference('service_category_id', () => serviceCategories.id, 'cascade'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index('service_items_category_idx').on(t.serviceCategoryId),
    // GET /service-item lists in this order (category, display order with unordered last, id).
    index('service_items_category_order_idx').on(
      t.serviceCategoryId,
      sql`${t.displayOrder} asc nulls last`,
      t.id,
    ),
  ],
);

export const bundles = pgTable(
  'bundles',
  {
    id: id(),
    name: text('name').notNull().default('New Bundle'),
    /** The services screen lists a category's bundles next to its items. */
    serviceCategoryId: reference('service_category_id', () => serviceCategories.id, 'set null'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [index('bundles_category_idx').on(t.serviceCategoryId)],
);

export const bundleServiceItems = pgTable(
  'bundle_service_items',
  {
    bundleId: requiredReference('bundle_id', () => bundles.id, 'cascade'),
    serviceItemId: requiredReference('service_item_id', () => serviceItems.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.serviceItemId] })],
);
