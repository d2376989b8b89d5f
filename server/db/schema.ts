/**
 * The whole product's tables, in one place for drizzle-kit and for typed queries. Each module holds one
 * area; later work adds columns and tables through new generated migrations (npm run db:generate).
 */
export * from './tables/catalog';
export * from './tables/providers';
export * from './tables/people';
export * from './tables/commerce';
export * from './tables/bookings';
export * from './tables/payouts';
export * from './tables/identity';
export * from './tables/system';
export * from './tables/stripe-standin';
export * from './tables/audit';
export * from './tables/external-admin';
export * from './tables/notifications';
export * from './tables/settings';
export * from './tables/standins';
