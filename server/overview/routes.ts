/**
 * GET /overview (issue 30), admins only: the marketplace's last 30 days against the 30 before (bookings,
 * completed revenue and commission, cancellations, new users), providers by onboarding state and the payouts
 * on their way. `?until=YYYY-MM-DD` ends the window on that day (default: today in the marketplace's zone, the
 * settings' default zone).
 */
import { Hono } from 'hono';
import { Temporal } from 'temporal-polyfill';
import { OverviewQuerySchema, type Overview, type OverviewFigure } from '../../src/api/contract/overview';
import { daysOf, overviewWindows, windowOf, type OverviewWindows } from '../../src/domain/overview/overview';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import { answer, ok } from '../http/result';
import type { HonoEnv } from '../http/types';
import { query } from '../http/validate';
import { readSettings } from '../settings/repository';
import { appointmentDays, newUserDays, payoutsWaiting, providerStates, revenueDays } from './repository';

/** One figure from rows per day: its total in each window and the current window's days. */
function figureOf<R extends { day: string }>(
  windows: OverviewWindows,
  rows: readonly R[],
  value: (row: R) => number,
): OverviewFigure {
  const figure: OverviewFigure = { current: 0, previous: 0, daily: [] };
  const byDay = new Map<string, number>();
  for (const row of rows) {
    const which = windowOf(windows, row.day);
    if (which === null) continue;
    figure[which] += value(row);
    byDay.set(row.day, (byDay.get(row.day) ?? 0) + value(row));
  }
  figure.daily = daysOf(windows.current).map((day) => byDay.get(day) ?? 0);
  return figure;
}

/** The overview of the 30 days up to `until`, days counted in `zone` where a record has no zone of its own. */
export async function overviewOf(db: Db, until: string, now: Date, zone: string): Promise<Overview> {
  const windows = overviewWindows(until);
  const both = { from: windows.previous.from, to: windows.current.to };
  const appointmentsByDay = await appointmentDays(db, both);
  const revenueByDay = await revenueDays(db, both);
  const usersByDay = await newUserDays(db, both, zone);
  return {
    ...windows,
    bookings: figureOf(windows, appointmentsByDay, (row) => row.bookings),
    revenue: figureOf(windows, revenueByDay, (row) => row.revenue),
    commission: figureOf(windows, revenueByDay, (row) => row.commission),
    cancellations: figureOf(windows, appointmentsByDay, (row) => row.cancellations),
    lateCancellations: figureOf(windows, appointmentsByDay, (row) => row.lateCancellations),
    newUsers: figureOf(windows, usersByDay, (row) => row.count),
    providers: await providerStates(db),
    payoutsWaiting: await payoutsWaiting(db, now),
  };
}

export function overviewRoutes({ db, allow }: { db: Db; allow: Allow }) {
  return new Hono<HonoEnv>().get('/', allow('admin'), query(OverviewQuerySchema), async (c) => {
    const now = new Date();
    // The marketplace's zone is the settings' default zone (server/settings): its today ends the window.
    const { defaultTimezone: zone } = await readSettings(db);
    const today = Temporal.Instant.fromEpochMilliseconds(now.getTime())
      .toZonedDateTimeISO(zone)
      .toPlainDate()
      .toString();
    return answer(c, ok<Overview>(await overviewOf(db, c.req.valid('query').until ?? today, now, zone)));
  });
}
