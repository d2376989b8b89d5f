/** Credits, promo codes and pricing tiers (spec 01 §3). Money columns are integer cents. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { serviceItems } from './catalog';
import { createdAt, id, requiredReference, version } from './common';
import { users } from './people';

export const credits = pgTable(
  'credits',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    /** Fixed once created (spec 01 §3). */
    totalInCents: integer('total_in_cents').notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    check('credits_total_non_negative', sql`${t.totalInCents} >= 0`),
    // GET /credit lists in this order (title, then id).
    index('credits_title_idx').on(t.title, t.id),
  ],
);

export const userCredits = pgTable(
  'user_credits',
  {
    id: id(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    creditId: requiredReference('credit_id', () => credits.id, 'cascade'),
    spentInCents: integer('spent_in_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_credits_user_idx').on(t.userId),
    check('user_credits_spent_non_negative', sql`${t.spentInCents} >= 0`),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    code: text('code').notNull(),
    /** PER_USER on creation; other kinds are not described. */
    type: text('type').notNull().default('PER_USER'),
    quantityAbsolute: integer('quantity_absolute'),
    quantityPerUser: integer('quantity_per_user'),
    amountInCents: integer('amount_in_cents').notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // Customers type codes in any case, so SPRING and spring must not both exist.
    uniqueIndex('promo_codes_code_lower_key').on(sql`lower(${t.code})`),
    check('promo_codes_amount_non_negative', sql`${t.amountInCents} >= 0`),
  ],
);

/** allowedServices: no rows means the code applies to every service. */
export const promoCodeServices = pgTable(
  'promo_code_services',
  {
    promoCodeId: requiredReference('promo_code_id', () => promoCodes.id, 'cascade'),
    serviceItemId: requiredReference('service_item_id', () => serviceItems.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.promoCodeId, t.serviceItemId] })],
);

export const priceTiers = pgTable('price_tiers', {
  id: id(),
  name: text('name').notNull().default('Untitled'),
  description: text('description'),
  /** Place ids of the cities the tier applies to. */
  cityIds: text('city_ids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  version: version(),
  createdAt: createdAt(),
});

/** A tier's price for one item; an item without a row keeps its own price. */
export const priceTierServiceItems = pgTable(
  'price_tier_service_items',
  {
    priceTierId: requiredReference('price_tier_id', () => priceTiers.id, 'cascade'),
    serviceItemId: requiredReference('service_item_id', () => serviceItems.id, 'cascade'),
    priceInCents: integer('price_in_cents').notNull(),
    isPricePerUnit: boolean('is_price_per_unit').notNull().default(false),
    /** Only meaningful for Botox items (default 1). */
    minUnits: integer('min_units'),
  },
  (t) => [
    primaryKey({ columns: [t.priceTierId, t.serviceItemId] }),
    check('price_tier_service_items_price_non_negative', sql`${t.priceInCents} >= 0`),
  ],
);

/** A named area on the tier's map; points are [lng, lat] pairs. Deleted by (name, tier), so unique there. */
export const polygons = pgTable(
  'polygons',
  {
    id: id(),
    name: text('name').notNull(),
    points: jsonb('points').$type<[number, number][]>().notNull(),
    priceTierId: requiredReference('price_tier_id', () => priceTiers.id, 'cascade'),
  },
  (t) => [uniqueIndex('polygons_tier_name_key').on(t.priceTierId, t.name)],
);
