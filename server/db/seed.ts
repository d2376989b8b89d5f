/**
 * Demo data for a fresh database. Idempotent: every row is looked up by its natural key (a name, an email,
 * a code) and only inserted when missing, so running it again, or after a partial run, gives the same data
 * and never overwrites what someone edited. Time comes in as `now`; nothing here reads the clock.
 */
import { sql } from 'drizzle-orm';
import type { Identity } from '../identity';
import type { Db } from './client';
import * as t from './schema';
import { seedAppointments } from './seed/bookings';
import { seedCatalog } from './seed/catalog';
import { DEMO_IDENTITIES } from './seed/data';
import { ROLE_COLUMN, seedPeople } from './seed/people';
import { seedProviders } from './seed/providers';
import { Rows } from './seed/rows';

export { DEMO_IDENTITIES } from './seed/data';

// Any constant works; it only has to be the same for every process seeding this database.
const SEED_LOCK_KEY = 7_411_502;

/** Seeds the demo data in one transaction; returns how many rows it inserted (0 when already seeded). */
export async function seed(db: Db, { now }: { now: Date }): Promise<number> {
  return db.transaction(async (tx) => {
    // Two API processes sharing one PostgreSQL database must not insert the same demo rows twice.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const rows = new Rows(tx);
    const catalog = await seedCatalog(rows);
    const providers = await seedProviders(rows);
    const providerIds = new Map([...providers].map(([name, provider]) => [name, provider.id]));
    const users = await seedPeople(rows, providerIds, now);
    await seedAppointments(rows, catalog, providers, users, now);
    return rows.inserted;
  });
}

/**
 * Makes the demo sign-in accounts exist (created in the identity service when missing, role claim always
 * set) and points each demo user row at its account's uid, which changes when the emulator was wiped.
 * Run after `seed`.
 */
export async function seedIdentities(db: Db, identity: Identity): Promise<void> {
  for (const demo of DEMO_IDENTITIES) {
    const uid = await identity.ensureAccount(demo);
    const updated = await db
      .update(t.users)
      .set({ firebaseUid: uid, role: ROLE_COLUMN[demo.role] })
      .where(sql`lower(${t.users.email}) = ${demo.email.toLowerCase()}`)
      .returning({ id: t.users.id });
    if (updated.length === 0)
      throw new Error(`seedIdentities: no user row for ${demo.email}; run seed first`);
  }
}
