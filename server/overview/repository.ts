/**
 * GET /overview's figures, one query each (docs/performance.md, "The admin's overview"):
 *   - appointmentDays: bookings, cancellations and late cancellations per local day (appointments_start_idx);
 *   - revenueDays: completed appointments' price and commission per local day (appointments_start_idx);
 *   - newUserDays: live accounts created per day in the marketplace's zone, the settings' default zone
 *     (users_live_joined_idx);
 *   - providerStates: providers in each onboarding state (server/providers/onboarding-states.ts);
 *   - payoutsWaiting: completed appointments' earnings not yet paid out (appointments_completed_end_idx).
 * A day is an appointment's start's day in its location's zone (else its provider's). The instants a range of
 * local days can cover (its first day from 14 h before UTC midnight, its last to 12 h after) let the index
 * narrow the read; the local day then decides.
 */
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { ONBOARDING_STATES, type DayRange, type OnboardingState } from '../../src/domain/overview/overview';
import { PAYOUT_DELAY_DAYS } from '../../src/domain/payouts/earnings';
import type { Db } from '../db/client';
import { selectAppointments } from '../db/appointment-rows';
import { appointments, bundles, commissions, locations, providers, serviceItems, users } from '../db/schema';
import { ONBOARDING_CONDITIONS } from '../providers/onboarding-states';

type Reader = Pick<Db, 'select'>;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const EARLIEST_OFFSET_HOURS = 14;
const LATEST_OFFSET_HOURS = 12;

/** The instants that can fall on a range of local days, in any zone. */
function instantsOf(range: DayRange): { from: Date; until: Date } {
  return {
    from: new Date(Date.parse(`${range.from}T00:00:00Z`) - EARLIEST_OFFSET_HOURS * HOUR_MS),
    until: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS + LATEST_OFFSET_HOURS * HOUR_MS),
  };
}

const ZONE = sql`coalesce(${locations.timezone}, ${providers.timezone})`;
const LOCAL_DATE = sql`(${appointments.startDate} at time zone ${ZONE})::date`;
/** Grouped by the date and formatted per group (to_char on every row cost more than the rest of the query). */
const dayText = (date: SQL) => sql<string>`to_char(${date}, 'YYYY-MM-DD')`;
const LOCAL_DAY = dayText(LOCAL_DATE);

function startsWithin(range: DayRange) {
  const { from, until } = instantsOf(range);
  return and(
    gte(appointments.startDate, from),
    lt(appointments.startDate, until),
    sql`${LOCAL_DATE} between ${range.from}::date and ${range.to}::date`,
  );
}

const wholeNumber = (expression: ReturnType<typeof sql>) => sql<number>`${expression}`.mapWith(Number);

export interface AppointmentDay {
  day: string;
  bookings: number;
  cancellations: number;
  lateCancellations: number;
}

export async function appointmentDays(db: Reader, range: DayRange): Promise<AppointmentDay[]> {
  return db
    .select({
      day: LOCAL_DAY,
      bookings: wholeNumber(sql`count(*)`),
      cancellations: wholeNumber(sql`count(*) filter (where ${appointments.status} = 'CANCELLED')`),
      lateCancellations: wholeNumber(sql`count(*) filter (where ${appointments.status} = 'LATE_CANCELLED')`),
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(locations, eq(locations.id, appointments.locationId))
    .where(startsWithin(range))
    .groupBy(LOCAL_DATE);
}

/**
 * What an appointment cost (as the Stripe stand-in reads it, server/payouts/earnings.ts): its booked price,
 * else its service item's, else the sum of its bundle's items.
 */
const PRICE = sql`coalesce(${appointments.priceInCents}, ${serviceItems.priceInCents},
  (select sum(bundle_item.price_in_cents) from bundle_service_items as bundle_part
    join service_items as bundle_item on bundle_item.id = bundle_part.service_item_id
    where bundle_part.bundle_id = ${appointments.bundleId}), 0)`;
/** The marketplace's share: the provider's commission for the service's category, rounded to the cent. */
const COMMISSION = sql`round(${PRICE} * coalesce(${commissions.percentage}, 0) / 100)`;

/** The provider's commission row for the appointment's category (COMMISSION reads it). */
const COMMISSION_ROW = and(
  eq(commissions.providerId, appointments.providerId),
  eq(
    commissions.serviceCategoryId,
    sql`coalesce(${serviceItems.serviceCategoryId}, ${bundles.serviceCategoryId})`,
  ),
);

export interface RevenueDay {
  day: string;
  revenue: number;
  commission: number;
}

export async function revenueDays(db: Reader, range: DayRange): Promise<RevenueDay[]> {
  return selectAppointments(db, {
    day: LOCAL_DAY,
    revenue: wholeNumber(sql`coalesce(sum(${PRICE}), 0)`),
    commission: wholeNumber(sql`coalesce(sum(${COMMISSION}), 0)`),
  })
    .leftJoin(commissions, COMMISSION_ROW)
    .where(and(eq(appointments.status, 'COMPLETED'), startsWithin(range)))
    .groupBy(LOCAL_DATE);
}

export interface CountDay {
  day: string;
  count: number;
}

/** The day an account was created in `zone` (the marketplace's, from the settings). */
const userDate = (zone: string) => sql`(${users.createdAt} at time zone ${zone})::date`;

/**
 * Live accounts created per day in `zone`. The day is grouped by its place in the select list: the zone is a
 * parameter, and the same expression written twice would carry two parameters GROUP BY cannot match.
 */
export async function newUserDays(db: Reader, range: DayRange, zone: string): Promise<CountDay[]> {
  const { from, until } = instantsOf(range);
  return db
    .select({ day: dayText(userDate(zone)), count: wholeNumber(sql`count(*)`) })
    .from(users)
    .where(
      and(
        // Literally, so the partial index users_live_joined_idx (live users only) applies.
        sql`${users.isDeleted} = false`,
        gte(users.createdAt, from),
        lt(users.createdAt, until),
        sql`${userDate(zone)} between ${range.from}::date and ${range.to}::date`,
      ),
    )
    .groupBy(sql`1`);
}

export async function providerStates(db: Reader): Promise<Record<OnboardingState, number>> {
  const [row] = await db
    .select(
      Object.fromEntries(
        ONBOARDING_STATES.map((state) => [
          state,
          wholeNumber(sql`count(*) filter (where ${ONBOARDING_CONDITIONS[state]})`),
        ]),
      ) as Record<OnboardingState, ReturnType<typeof wholeNumber>>,
    )
    .from(providers)
    .leftJoin(locations, eq(locations.id, providers.locationId));
  return row ?? { started: 0, connected: 0, mapped: 0, payoutsReady: 0, live: 0 };
}

export interface PayoutsWaiting {
  count: number;
  amountInCents: number;
}

/**
 * The payouts not yet arrived (src/domain/payouts/earnings.ts): one per settlement account and arrival day
 * (the appointment's UTC end day plus PAYOUT_DELAY_DAYS) with something to pay, of the completed appointments
 * of the providers whose location is paid to an account. A payout arrives at midnight UTC, so it is still on
 * its way when the appointment ended on or after the UTC day PAYOUT_DELAY_DAYS − 1 days before today.
 */
export async function payoutsWaiting(db: Reader, now: Date): Promise<PayoutsWaiting> {
  const since = new Date((Math.floor(now.getTime() / DAY_MS) - (PAYOUT_DELAY_DAYS - 1)) * DAY_MS);
  // The provider's location: its account is the one paid (the filter on it keeps only located providers).
  const amount = sql<number>`sum(${PRICE} - ${COMMISSION})`.as('amount');
  const perPayout = selectAppointments(db, { amount }, 'provider')
    .leftJoin(commissions, COMMISSION_ROW)
    .where(
      and(
        eq(appointments.status, 'COMPLETED'),
        gte(appointments.endDate, since),
        sql`${locations.settlementAccountId} is not null`,
      ),
    )
    .groupBy(locations.settlementAccountId, sql`floor(extract(epoch from ${appointments.endDate}) / 86400)`)
    .as('per_payout');
  const [row] = await db
    .select({
      count: wholeNumber(sql`count(*) filter (where ${perPayout.amount} > 0)`),
      amountInCents: wholeNumber(
        sql`coalesce(sum(${perPayout.amount}) filter (where ${perPayout.amount} > 0), 0)`,
      ),
    })
    .from(perPayout);
  return row ?? { count: 0, amountInCents: 0 };
}
