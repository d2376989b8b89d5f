/** The demo seed: the data it promises, that it runs once per database and never undoes an edit. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import * as t from '../../server/db/schema';
import { DEMO_IDENTITIES, DEMO_SEED, seed, seedIdentities } from '../../server/db/seed';
import { PROVIDERS } from '../../server/db/seed/data';
import type { Identity } from '../../server/identity';
import {
  engines,
  openTestDatabase,
  seedNow,
  signIn,
  tableCounts,
  testIdentity,
  type TestDatabase,
} from './support';

const DAY = 86_400_000;

async function demoUser(db: Db, email: string) {
  const [user] = await db.select().from(t.users).where(eq(t.users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const linked = await db
    .select({ name: t.providers.name, strategy: t.providers.strategy })
    .from(t.userProviders)
    .innerJoin(t.providers, eq(t.providers.id, t.userProviders.providerId))
    .where(eq(t.userProviders.userId, user.id))
    .orderBy(t.providers.name);
  return { ...user, linked };
}

describe.each(engines)('seed on %s', (engine) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    db = database.handle.db;
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('running it again (even on another day) inserts nothing and leaves every table as it was', async () => {
    const before = await tableCounts(db);
    const appointmentsBefore = await db.select().from(t.appointments).orderBy(t.appointments.id);
    expect(await seed(db, { now: new Date(seedNow.getTime() + 3 * DAY) })).toBe(0);
    await seedIdentities(db, testIdentity());
    expect(await tableCounts(db)).toEqual(before);
    expect(await db.select().from(t.appointments).orderBy(t.appointments.id)).toEqual(appointmentsBefore);
  });

  it('runs once: deleted, renamed, changed and emptied demo records stay as they were edited', async () => {
    expect(await db.select().from(t.seedRuns)).toEqual([expect.objectContaining({ name: DEMO_SEED })]);
    const [promo] = await db.select().from(t.promoCodes).orderBy(t.promoCodes.id).limit(1);
    const [restricted] = await db
      .select({ promoCodeId: t.promoCodeServices.promoCodeId })
      .from(t.promoCodeServices)
      .limit(1);
    const [item] = await db.select().from(t.serviceItems).orderBy(t.serviceItems.id).limit(1);
    const [bundle] = await db
      .select({ id: t.bundleServiceItems.bundleId })
      .from(t.bundleServiceItems)
      .limit(1);
    if (!promo || !restricted || !item || !bundle)
      throw new Error('the demo data lacks what this test edits');
    await db.delete(t.promoCodeServices).where(eq(t.promoCodeServices.promoCodeId, restricted.promoCodeId));
    await db.delete(t.promoCodes).where(eq(t.promoCodes.id, promo.id));
    await db
      .update(t.serviceItems)
      .set({ name: 'Renamed by an admin' })
      .where(eq(t.serviceItems.id, item.id));
    await db.delete(t.bundleServiceItems).where(eq(t.bundleServiceItems.bundleId, bundle.id));
    const edited = await tableCounts(db);
    const itemsBefore = await db.select().from(t.serviceItems).orderBy(t.serviceItems.id);

    expect(await seed(db, { now: new Date(seedNow.getTime() + 5 * DAY) })).toBe(0);
    await seedIdentities(db, testIdentity());

    expect(await tableCounts(db)).toEqual(edited);
    expect(await db.select().from(t.promoCodes).where(eq(t.promoCodes.id, promo.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(t.promoCodeServices)
        .where(eq(t.promoCodeServices.promoCodeId, restricted.promoCodeId)),
    ).toEqual([]);
    expect(await db.select().from(t.serviceItems).orderBy(t.serviceItems.id)).toEqual(itemsBefore);
    expect(itemsBefore.filter((row) => row.name === item.name)).toEqual([]);
    expect(
      await db.select().from(t.bundleServiceItems).where(eq(t.bundleServiceItems.bundleId, bundle.id)),
    ).toEqual([]);
  });

  it("keeps a demo user's edited role and gives a deleted demo user no account", async () => {
    const provider = await demoUser(db, 'provider@upkeep.test');
    const customer = await demoUser(db, 'customer@upkeep.test');
    await db.update(t.users).set({ role: 'USER' }).where(eq(t.users.id, provider.id));
    await db.update(t.users).set({ isDeleted: true }).where(eq(t.users.id, customer.id));
    const accounts: string[] = [];
    const recording: Identity = {
      verifyIdToken: () => Promise.reject(new Error('not used')),
      ensureAccount: async ({ email, role }) => {
        accounts.push(`${email}:${role}`);
        return (await demoUser(db, email)).firebaseUid ?? `new-${email}`;
      },
    };
    try {
      await seedIdentities(db, recording);
      expect(accounts).toContain('provider@upkeep.test:user');
      expect(accounts.some((entry) => entry.startsWith('customer@upkeep.test'))).toBe(false);
      expect((await demoUser(db, 'provider@upkeep.test')).role).toBe('USER');
    } finally {
      await db.update(t.users).set({ role: 'PROVIDER' }).where(eq(t.users.id, provider.id));
      await db.update(t.users).set({ isDeleted: false }).where(eq(t.users.id, customer.id));
    }
  });

  it('marks a database seeded before the marker existed without inserting anything', async () => {
    await db.delete(t.seedRuns);
    const before = await tableCounts(db);
    expect(await seed(db, { now: seedNow })).toBe(0);
    expect(await tableCounts(db)).toEqual({ ...before, seed_runs: 1 });
  });

  it('has the four categories, bundles, providers of each connection strategy and a Default tier', async () => {
    const categories = await db
      .select({ name: t.serviceCategories.name })
      .from(t.serviceCategories)
      .orderBy(t.serviceCategories.id);
    expect(categories.map((c) => c.name)).toEqual([
      'Injectables',
      'Facials',
      'Laser (Hair Removal)',
      'Body Contour',
    ]);
    expect((await db.select().from(t.bundles)).length).toBeGreaterThanOrEqual(2);
    const strategies = (await db.select({ strategy: t.providers.strategy }).from(t.providers)).map(
      (p) => p.strategy,
    );
    expect(strategies).toEqual(expect.arrayContaining(['MANUAL', 'MINDBODY', 'BOULEVARD', 'SQUARE']));
    const located = await db
      .select({ lat: t.locations.lat, timezone: t.locations.timezone })
      .from(t.providers)
      .innerJoin(t.locations, eq(t.locations.id, t.providers.locationId));
    // Every provider has a location except those the seed data leaves without one (onboarding unfinished).
    const withoutLocation = PROVIDERS.filter((provider) => !provider.location).length;
    expect(withoutLocation).toBeGreaterThan(0);
    expect(located).toHaveLength(strategies.length - withoutLocation);
    expect(located.every((location) => location.lat !== null && location.timezone.includes('/'))).toBe(true);
    const [fallback] = await db.select().from(t.priceTiers).where(eq(t.priceTiers.name, 'Default'));
    const prices = await db
      .select()
      .from(t.priceTierServiceItems)
      .where(eq(t.priceTierServiceItems.priceTierId, fallback?.id ?? -1));
    expect(prices.length).toBe((await db.select().from(t.serviceItems)).length);
  });

  it('has several providers per strategy across states and time zones, with special dates and commissions', async () => {
    const rows = await db
      .select({ strategy: t.providers.strategy, state: t.locations.state, timezone: t.locations.timezone })
      .from(t.providers)
      .leftJoin(t.locations, eq(t.locations.id, t.providers.locationId));
    for (const strategy of ['MANUAL', 'MINDBODY', 'BOULEVARD', 'SQUARE', 'BOOKER'] as const) {
      expect(rows.filter((row) => row.strategy === strategy).length, strategy).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(rows.map((row) => row.state).filter(Boolean)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((row) => row.timezone).filter(Boolean)).size).toBeGreaterThanOrEqual(5);
    const dates = await db.select().from(t.specialDates);
    expect(dates.length).toBeGreaterThanOrEqual(3);
    expect(dates.every((date) => date.startDate <= date.endDate)).toBe(true);
    expect((await db.select().from(t.specialDateServiceItems)).length).toBeGreaterThanOrEqual(dates.length);
    const commissions = await db.select().from(t.commissions);
    expect(commissions.length).toBeGreaterThanOrEqual(5);
    expect(commissions.every((row) => row.percentage >= 0 && row.percentage <= 100)).toBe(true);
  });

  it('links the demo identities to their roles and providers, with real accounts', async () => {
    const provider = await demoUser(db, 'provider@upkeep.test');
    expect(provider.role).toBe('PROVIDER');
    expect(provider.linked).toEqual([{ name: 'Glow Studio', strategy: 'MANUAL' }]);
    const multi = await demoUser(db, 'multi@upkeep.test');
    expect(multi.linked).toHaveLength(2);
    expect((await demoUser(db, 'admin@upkeep.test')).role).toBe('ADMIN');
    expect((await demoUser(db, 'customer@upkeep.test')).role).toBe('USER');

    for (const demo of DEMO_IDENTITIES) {
      const verified = await testIdentity().verifyIdToken(await signIn(demo.email, demo.password));
      expect(verified.role, demo.email).toBe(demo.role);
      expect((await demoUser(db, demo.email)).firebaseUid).toBe(verified.uid);
    }
  });

  it('has past (within 30 days), upcoming (within 30 days) and cancelled appointments around now, and older completed ones', async () => {
    const rows = await db.select().from(t.appointments);
    const past = rows.filter((a) => a.startDate < seedNow);
    const upcoming = rows.filter((a) => a.startDate >= seedNow);
    expect(past.length).toBeGreaterThan(0);
    expect(upcoming.length).toBeGreaterThan(0);
    // Only completed appointments lie further back (lifetime payouts count them; the 30-day figures do not).
    const older = (a: (typeof rows)[number]) => seedNow.getTime() - a.startDate.getTime() > 30 * DAY;
    expect(rows.filter(older).length).toBeGreaterThan(0);
    expect(rows.filter(older).every((a) => a.status === 'COMPLETED')).toBe(true);
    expect(rows.every((a) => a.startDate.getTime() - seedNow.getTime() <= 30 * DAY)).toBe(true);
    expect(rows.every((a) => a.endDate > a.startDate)).toBe(true);
    expect(rows.some((a) => a.status === 'CANCELLED')).toBe(true);
    expect(
      upcoming.some((a) => a.startDate.getTime() - seedNow.getTime() < DAY && a.status === 'ACTIVE'),
    ).toBe(true);
  });

  it('re-links a demo user whose account was recreated with a new uid', async () => {
    const uids = new Map<string, string>();
    const wiped: Identity = {
      verifyIdToken: () => Promise.reject(new Error('not used')),
      ensureAccount: async ({ email }) => {
        const uid = `recreated-${email}`;
        uids.set(email, uid);
        return uid;
      },
    };
    await seedIdentities(db, wiped);
    for (const demo of DEMO_IDENTITIES) {
      expect((await demoUser(db, demo.email)).firebaseUid).toBe(uids.get(demo.email));
    }
    await seedIdentities(db, testIdentity());
    const [admin] = await db
      .select({ uid: t.users.firebaseUid })
      .from(t.users)
      .where(sql`lower(${t.users.email}) = 'admin@upkeep.test'`);
    expect(admin?.uid).not.toMatch(/^recreated-/);
  });
});
