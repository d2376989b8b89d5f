/**
 * GET /overview (admins only): the marketplace at a glance, the last 30 days (ending `until`, today in the
 * marketplace's zone unless given) against the 30 days before. Money in cents.
 */
import * as v from 'valibot';
import { ONBOARDING_STATES } from '../../domain/overview/overview';
import { isDayText, onceQuery } from './primitives';

export const OverviewQuerySchema = v.object({
  /** The last day of the current window, YYYY-MM-DD; today in the marketplace's zone when absent. */
  until: v.optional(
    v.pipe(onceQuery('until'), v.check(isDayText, 'until must be a date written YYYY-MM-DD')),
  ),
});
export type OverviewQuery = v.InferOutput<typeof OverviewQuerySchema>;

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

const DayRangeSchema = v.object({ from: v.string(), to: v.string() });

/** One figure: its total in each window and the current window's days, oldest first. */
export const OverviewFigureSchema = v.object({
  current: count,
  previous: count,
  daily: v.array(count),
});
export type OverviewFigure = v.InferOutput<typeof OverviewFigureSchema>;

export const OverviewSchema = v.object({
  current: DayRangeSchema,
  previous: DayRangeSchema,
  /** Appointments starting in the window (every status). */
  bookings: OverviewFigureSchema,
  /** The price of the completed appointments, cents. */
  revenue: OverviewFigureSchema,
  /** The marketplace's share of that revenue (each provider's commission for the service's category). */
  commission: OverviewFigureSchema,
  cancellations: OverviewFigureSchema,
  lateCancellations: OverviewFigureSchema,
  /** Accounts created in the window (not deleted), days in the marketplace's zone. */
  newUsers: OverviewFigureSchema,
  /** Providers in each onboarding state (every provider, whenever created). */
  providers: v.object(
    Object.fromEntries(ONBOARDING_STATES.map((state) => [state, count])) as {
      [K in (typeof ONBOARDING_STATES)[number]]: typeof count;
    },
  ),
  /**
   * Payouts not yet arrived: completed appointments' earnings (price less commission) that the payment provider
   * pays out two days after the appointment's day; one payout per account and arrival day.
   */
  payoutsWaiting: v.object({ count, amountInCents: count }),
});
export type Overview = v.InferOutput<typeof OverviewSchema>;
