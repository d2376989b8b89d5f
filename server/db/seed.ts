/**
 * Demo data for a fresh database, once: the first run writes the marker row `seed_runs.demo` in the same
 * transaction as the data, and every later run sees it and does nothing, so a deleted promo code stays
 * deleted, a renamed item is not created again and an emptied bundle stays empty. Within that one run every
 * row is looked up by its natural key (a name, an email, a code) before it is inserted. Time comes in as
 * `now`; nothing here reads the clock.
 */
import { eq, sql } from 'drizzle-orm';
import type { Identity } from '../identity';
import type { Db } from './client';
import * as t from './schema';
import { seedAppointments } from './seed/bookings';
import { seedCatalog } from './seed/catalog';
import { seedDashboardAppointments, seedSettlementAccounts } from './seed/dashboard';
import { seedStripeStandin } from './seed/stripe-standin';
import { DEMO_IDENTITIES } from './seed/data';
import { seedOfferings } from './seed/offerings';
import { ROLE_COLUMN, seedPeople } from './seed/people';
import { seedProviderDetails, seedProviders } from './seed/providers';
import { Rows } from './seed/rows';

export { DEMO_IDENTITIES } from './seed/data';

// Any constant works; it only has to be the same for every process seeding this database.
const SEED_LOCK_KEY = 7_411_502;
/** The marker's name in seed_runs. */
export const DEMO_SEED = 'demo';

/**
 * Seeds the demo data in one transaction, unless it ran on this database before; returns how many rows it
 * inserted (0 when already seeded). A database that already holds categories or users but no marker was
 * seeded before the marker existed (or holds real data): it is marked and left as it is.
 */
export async function seed(db: Db, { now }: { now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    // Two API processes sharing one PostgreSQL database must not insert the same demo rows twice.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [marker] = await tx.select().from(t.seedRuns).where(eq(t.seedRuns.name, DEMO_SEED));
    if (marker) return 0;
    const [category] = await tx.select({ id: t.serviceCategories.id }).from(t.serviceCategories).limit(1);
    const [user] = await tx.select({ id: t.users.id }).from(t.users).limit(1);
    await tx.insert(t.seedRuns).values({ name: DEMO_SEED, ranAt: now });
    if (category || user) return 0;
    const rows = new Rows(tx);
    const catalog = await seedCatalog(rows);
    const providers = await seedProviders(rows);
    await seedProviderDetails(rows, catalog, providers, now);
    await seedOfferings(rows, catalog, providers);
    const providerIds = new Map([...providers].map(([name, provider]) => [name, provider.id]));
    const users = await seedPeople(rows, providerIds, now);
    await seedAppointments(rows, catalog, providers, users, now);
    await seedSettlementAccounts(rows, providers);
    await seedStripeStandin(rows);
    await seedDashboardAppointments(rows, catalog, providers, users, now);
    return rows.inserted;
  });
}

const CLAIM_ROLE = Object.fromEntries(
  Object.entries(ROLE_COLUMN).map(([claim, column]) => [column, claim]),
) as Record<(typeof ROLE_COLUMN)[keyof typeof ROLE_COLUMN], keyof typeof ROLE_COLUMN>;

/**
 * Makes the demo sign-in accounts exist (created in the identity service when missing) and points each demo
 * user row at its account's uid, which changes when the emulator was wiped. The database decides: the role
 * claim is the row's current role, and a demo user whose row was deleted, or whose email was changed, gets
 * no account. Run after `seed`.
 */
export async function seedIdentities(db: Db, identity: Identity): Promise<void> {
  for (const demo of DEMO_IDENTITIES) {
    const [row] = await db
      .select({ id: t.users.id, role: t.users.role })
      .from(t.users)
      .where(sql`lower(${t.users.email}) = ${demo.email.toLowerCase()} and not ${t.users.isDeleted}`);
    if (!row) continue;
    const uid = await identity.ensureAccount({ ...demo, role: CLAIM_ROLE[row.role] });
    await db.update(t.users).set({ firebaseUid: uid }).where(eq(t.users.id, row.id));
  }
}
