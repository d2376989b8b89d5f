/**
 * GET /overview's figures worked out again in TypeScript from the rows themselves (not through the API's SQL),
 * so the API test can check every figure against them.
 */
import { eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import * as t from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { completedAppointmentsPaidTo } from '../../server/payouts/earnings';
import { isPaymentsDone } from '../../src/domain/dashboard/checklist';
import { categoriesWithTimeSlots } from '../../src/domain/onboarding/completion';
import { daysOf, overviewWindows, windowOf, type OnboardingState } from '../../src/domain/overview/overview';
import { netOfCommission, payoutsOf } from '../../src/domain/payouts/earnings';
import { DEFAULT_TIME_ZONE } from '../../src/domain/shared/constants';

type Figure = { current: number; previous: number; daily: number[] };

const localDay = (instant: Date, zone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(zone).toPlainDate().toString();

function figures<K extends string>(
  until: string,
  facts: { day: string; values: Record<K, number> }[],
  keys: K[],
) {
  const windows = overviewWindows(until);
  const days = daysOf(windows.current);
  const out = Object.fromEntries(
    keys.map((key) => [key, { current: 0, previous: 0, daily: days.map(() => 0) }]),
  ) as Record<K, Figure>;
  for (const fact of facts) {
    const which = windowOf(windows, fact.day);
    if (!which) continue;
    for (const key of keys) {
      out[key][which] += fact.values[key];
      if (which === 'current') out[key].daily[days.indexOf(fact.day)]! += fact.values[key];
    }
  }
  return out;
}

/** Bookings, cancellations, revenue and commission from every appointment row, days in each row's zone. */
export async function expectedAppointmentFigures(db: Db, until: string) {
  const rows = await db
    .select({
      status: t.appointments.status,
      start: t.appointments.startDate,
      providerId: t.appointments.providerId,
      booked: t.appointments.priceInCents,
      itemId: t.appointments.serviceItemId,
      bundleId: t.appointments.bundleId,
      zone: t.locations.timezone,
      providerZone: t.providers.timezone,
    })
    .from(t.appointments)
    .innerJoin(t.providers, eq(t.providers.id, t.appointments.providerId))
    .leftJoin(t.locations, eq(t.locations.id, t.appointments.locationId));
  const items = new Map((await db.select().from(t.serviceItems)).map((item) => [item.id, item]));
  const bundles = new Map((await db.select().from(t.bundles)).map((bundle) => [bundle.id, bundle]));
  const parts = await db.select().from(t.bundleServiceItems);
  const bundlePrice = (id: number) =>
    parts
      .filter((part) => part.bundleId === id)
      .reduce((sum, part) => sum + (items.get(part.serviceItemId)?.priceInCents ?? 0), 0);
  const percent = new Map(
    (await db.select().from(t.commissions)).map((row) => [
      `${row.providerId}:${row.serviceCategoryId}`,
      row.percentage,
    ]),
  );
  const facts = rows.map((row) => {
    const item = row.itemId === null ? undefined : items.get(row.itemId);
    const bundle = row.bundleId === null ? undefined : bundles.get(row.bundleId);
    const price = row.booked ?? item?.priceInCents ?? (row.bundleId === null ? 0 : bundlePrice(row.bundleId));
    const category = item?.serviceCategoryId ?? bundle?.serviceCategoryId ?? null;
    const pct = category === null ? 0 : (percent.get(`${row.providerId}:${category}`) ?? 0);
    const completed = row.status === 'COMPLETED';
    return {
      day: localDay(row.start, row.zone ?? row.providerZone),
      values: {
        bookings: 1,
        cancellations: row.status === 'CANCELLED' ? 1 : 0,
        lateCancellations: row.status === 'LATE_CANCELLED' ? 1 : 0,
        revenue: completed ? price : 0,
        commission: completed ? price - netOfCommission(price, pct) : 0,
      },
    };
  });
  return figures(until, facts, ['bookings', 'cancellations', 'lateCancellations', 'revenue', 'commission']);
}

/** Live accounts created per day in the marketplace's zone. */
export async function expectedNewUsers(db: Db, until: string): Promise<Figure> {
  const rows = await db.select({ createdAt: t.users.createdAt, isDeleted: t.users.isDeleted }).from(t.users);
  const facts = rows
    .filter((row) => !row.isDeleted)
    .map((row) => ({ day: localDay(row.createdAt, DEFAULT_TIME_ZONE), values: { newUsers: 1 } }));
  return figures(until, facts, ['newUsers']).newUsers;
}

/** Each provider's onboarding states, by the checklist's and the wizard's own rules. */
export async function expectedProviderStates(db: Db): Promise<Map<number, Set<OnboardingState>>> {
  const providers = await db.select().from(t.providers);
  const locations = new Map((await db.select().from(t.locations)).map((row) => [row.id, row]));
  const accounts = new Map((await db.select().from(t.settlementAccounts)).map((row) => [row.id, row]));
  const mappings = await db.select().from(t.providerServiceItems);
  const availabilities = await db.select().from(t.availabilities);
  const states = new Map<number, Set<OnboardingState>>();
  for (const provider of providers) {
    const location = provider.locationId === null ? undefined : locations.get(provider.locationId);
    const account = location?.settlementAccountId ? accounts.get(location.settlementAccountId) : undefined;
    // BOOKER has no credentials of its own (02 §2): its chosen Booker business is its connection.
    const connected =
      provider.strategy === 'MANUAL' ||
      provider.credentialsId !== null ||
      (provider.strategy === 'BOOKER' && provider.externalId !== null);
    const mapped =
      provider.locationId !== null &&
      (mappings.some((row) => row.locationId === provider.locationId) ||
        categoriesWithTimeSlots(
          availabilities
            .filter((row) => row.locationId === provider.locationId)
            .map((row) => ({ timeslots: row.timeslots as Record<string, { checked: boolean }[]> })),
        ) > 0);
    const payoutsReady = isPaymentsDone(
      account
        ? {
            charges_enabled: account.chargesEnabled,
            payouts_enabled: account.payoutsEnabled,
            requirements: { currently_due: account.currentlyDue },
          }
        : null,
    );
    const set = new Set<OnboardingState>(['started']);
    if (connected) set.add('connected');
    if (mapped) set.add('mapped');
    if (payoutsReady) set.add('payoutsReady');
    if (connected && mapped && payoutsReady) set.add('live');
    states.set(provider.id, set);
  }
  return states;
}

/** The payouts the payments sandbox lists for every account, those not yet arrived at `now`. */
export async function expectedPayoutsWaiting(db: Db, now: Date) {
  const accounts = new Set(
    (await db.select({ id: t.locations.settlementAccountId }).from(t.locations)).flatMap((row) =>
      row.id === null ? [] : [row.id],
    ),
  );
  let count = 0;
  let amountInCents = 0;
  for (const account of accounts) {
    for (const payout of payoutsOf(await completedAppointmentsPaidTo(db, account))) {
      if (payout.arrival_date * 1000 <= now.getTime()) continue;
      count += 1;
      amountInCents += payout.amount;
    }
  }
  return { count, amountInCents };
}
