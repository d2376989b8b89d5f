/** Snapshot → what the dashboard shows: lists, checklist, activity, the month grid and the open drawer. */
import { Temporal } from 'temporal-polyfill';
import type { SnapshotFrom } from 'xstate';
import type { CalendarAppointment, ProviderAppointment } from '../../api/contract/appointment';
import type { Provider } from '../../api/contract/provider';
import { activityLines, payoutsNotice, type ActivityLine } from '../../domain/dashboard/activity';
import {
  calendarEntries,
  entriesByDay,
  entriesOfWeek,
  monthGrid,
  monthTitle,
  pastOf,
  upcomingOf,
  weekTitle,
  type CalendarEntry,
  type WeekDay,
} from '../../domain/dashboard/appointments';
import { arePayoutsSetUp, checklistOf, type Checklist } from '../../domain/dashboard/checklist';
import { DEFAULT_TIME_ZONE } from '../../domain/shared/constants';
import type { calendarMachine, CalendarViewMode } from './calendar.machine';
import type { dashboardMachine } from './dashboard.machine';

export interface DashboardView {
  loading: boolean;
  /** Another provider is loading while the previous one's figures are still shown. */
  switching: boolean;
  error: string | null;
  canRetry: boolean;
  upcoming: ProviderAppointment[];
  past: ProviderAppointment[];
  activity: ActivityLine[] | null;
  /** In place of the payout figures when the payment provider did not answer (with Try again); else null. */
  payoutsNotice: string | null;
  /** Try again on the payout figures is reading the activity again. */
  rereadingActivity: boolean;
  checklist: Checklist | null;
  showPayoutsBanner: boolean;
}

/** The zone the provider's appointments are shown in: its location's, else the default. */
export function zoneOfProvider(provider: Pick<Provider, 'location' | 'timezone'> | null): string {
  return provider?.location?.timezone ?? provider?.timezone ?? DEFAULT_TIME_ZONE;
}

export function dashboardView(
  snapshot: SnapshotFrom<typeof dashboardMachine>,
  provider: Pick<Provider, 'location' | 'timezone' | 'coverImageURL' | 'strategy'> | null,
): DashboardView {
  const { context } = snapshot;
  const data = context.dataProviderId === context.providerId ? context.data : null;
  const shown = context.data;
  const now = Temporal.Instant.from(context.now);
  const zone = zoneOfProvider(provider);
  const list = shown?.appointments ?? [];
  const account = data?.activity.settlementAccount ?? null;
  return {
    loading: snapshot.hasTag('busy') && !shown,
    switching: snapshot.hasTag('busy') && !!shown,
    error: snapshot.matches('failed') ? context.error : null,
    canRetry: snapshot.matches('failed'),
    upcoming: upcomingOf(list, now, zone),
    past: pastOf(list, now, zone),
    activity: shown ? activityLines(shown.activity) : null,
    payoutsNotice: shown ? payoutsNotice(shown.activity) : null,
    rereadingActivity: snapshot.matches({ ready: 'rereadingActivity' }),
    checklist:
      data && provider
        ? checklistOf({
            strategy: provider.strategy,
            location: provider.location,
            settlementAccount: account,
            coverImageURL: provider.coverImageURL,
          })
        : null,
    showPayoutsBanner: !!data && !arePayoutsSetUp(account),
  };
}

export interface CalendarView {
  month: string;
  view: CalendarViewMode;
  /** "March 2026" in the month view, "Mar 8 – Mar 14, 2026" in the week view. */
  title: string;
  weeks: (string | null)[][];
  /** Each booking of the month by its local day, with its chip's time worked out once per load. */
  byDay: Map<string, CalendarEntry<CalendarAppointment>[]>;
  /** The focused day's week, Sunday first, each day with its bookings ascending (empty in the month view). */
  week: WeekDay<CalendarAppointment>[];
  focusedDay: string;
  loading: boolean;
  error: string | null;
  /** The open drawer's booking, once its details are read. */
  open: ProviderAppointment | null;
  /** The drawer is open and its booking's details are being read. */
  opening: boolean;
  openError: string | null;
  zone: string;
}

export function calendarView(snapshot: SnapshotFrom<typeof calendarMachine>): CalendarView {
  const { context } = snapshot;
  // While another month loads, the month shown before stays whole (busy) until the new one replaces it; a
  // month that failed shows empty under its message.
  const loading = snapshot.hasTag('busy');
  const failed = snapshot.matches({ month: 'failed' });
  const month = loading ? context.shownMonth : context.month;
  const byDay = failed ? NOTHING : placedMonth(context.appointments, month, context.zone);
  const week = context.view === 'week';
  return {
    month,
    view: context.view,
    title: week ? weekTitle(context.focusedDay) : monthTitle(month),
    weeks: gridOf(month),
    byDay,
    week: week
      ? entriesOfWeek(failed ? [] : (placements.get(context.appointments)?.entries ?? []), context.focusedDay)
      : [],
    focusedDay: context.focusedDay,
    loading,
    error: failed ? context.error : null,
    open: context.booking,
    opening: snapshot.matches({ drawer: 'loading' }) && context.booking === null,
    openError: snapshot.matches({ drawer: 'failed' }) ? context.bookingError : null,
    zone: context.zone,
  };
}

const NOTHING = new Map<string, CalendarEntry<CalendarAppointment>[]>();

/** The month's weeks, kept for the last month asked (a new array each render would re-render every row). */
let lastGrid: { month: string; weeks: (string | null)[][] } = { month: '', weeks: [] };
function gridOf(month: string): (string | null)[][] {
  if (lastGrid.month !== month) lastGrid = { month, weeks: monthGrid(month) };
  return lastGrid.weeks;
}

/**
 * The month's placement, kept per loaded list: a snapshot that only moves the focused day or opens a drawer
 * gets the same Map back (so the calendar's memoised cells do not render again), and each booking's time
 * zone conversion happens once when its month arrives, not on every render.
 */
const placements = new WeakMap<
  readonly CalendarAppointment[],
  {
    zone: string;
    entries: CalendarEntry<CalendarAppointment>[];
    month: string;
    byDay: Map<string, CalendarEntry<CalendarAppointment>[]>;
  }
>();

function placedMonth(
  list: readonly CalendarAppointment[],
  month: string,
  zone: string,
): Map<string, CalendarEntry<CalendarAppointment>[]> {
  let kept = placements.get(list);
  if (!kept || kept.zone !== zone) {
    const entries = calendarEntries(list, zone);
    kept = { zone, entries, month, byDay: entriesByDay(entries, month) };
    placements.set(list, kept);
  } else if (kept.month !== month) {
    // The month moved on while its bookings load: the old list is grouped again, not converted again.
    kept.month = month;
    kept.byDay = entriesByDay(kept.entries, month);
  }
  return kept.byDay;
}
