/**
 * The admin's Overview (issue 30): the marketplace's last 30 days against the 30 before. The two windows are
 * calendar days ending on `until` (today in the marketplace's zone); each appointment's day is its start's day
 * in its location's zone. The providers' onboarding states and what each figure means, in plain words.
 */
import { Temporal } from 'temporal-polyfill';
import { ACTIVITY_WINDOW_DAYS } from '../dashboard/appointments';

export * from './onboarding-states';

export const OVERVIEW_WINDOW_DAYS = ACTIVITY_WINDOW_DAYS;

export interface DayRange {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, YYYY-MM-DD (inclusive). */
  to: string;
}

export interface OverviewWindows {
  current: DayRange;
  previous: DayRange;
}

/** The last 30 days ending on `until` and the 30 days before them. */
export function overviewWindows(until: string, days: number = OVERVIEW_WINDOW_DAYS): OverviewWindows {
  const last = Temporal.PlainDate.from(until);
  const from = last.subtract({ days: days - 1 });
  const previousTo = from.subtract({ days: 1 });
  return {
    current: { from: from.toString(), to: last.toString() },
    previous: { from: previousTo.subtract({ days: days - 1 }).toString(), to: previousTo.toString() },
  };
}

/** Every day of a range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  const last = Temporal.PlainDate.from(range.to);
  for (let day = Temporal.PlainDate.from(range.from); Temporal.PlainDate.compare(day, last) <= 0;) {
    days.push(day.toString());
    day = day.add({ days: 1 });
  }
  return days;
}

/** Which window a day falls in, or null when in neither. */
export function windowOf(windows: OverviewWindows, day: string): 'current' | 'previous' | null {
  if (day >= windows.current.from && day <= windows.current.to) return 'current';
  if (day >= windows.previous.from && day <= windows.previous.to) return 'previous';
  return null;
}

export type ChangeDirection = 'up' | 'down' | 'same' | 'new';

export interface Change {
  direction: ChangeDirection;
  /** What the badge shows: "+12%", "−8%", "0%", "New". */
  text: string;
  /** What a screen reader reads: "Up 12% from the previous 30 days". */
  label: string;
}

/** The change from the previous window to the current one, as a whole percentage. */
export function changeOf(current: number, previous: number): Change {
  const since = `the previous ${OVERVIEW_WINDOW_DAYS} days`;
  if (previous === 0) {
    return current === 0
      ? { direction: 'same', text: '0%', label: `No change from ${since}` }
      : { direction: 'new', text: 'New', label: `Up from none in ${since}` };
  }
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { direction: 'same', text: '0%', label: `No change from ${since}` };
  return percent > 0
    ? { direction: 'up', text: `+${percent}%`, label: `Up ${percent}% from ${since}` }
    : { direction: 'down', text: `−${-percent}%`, label: `Down ${-percent}% from ${since}` };
}
