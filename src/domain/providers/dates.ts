/**
 * Special dates (spec 02 §4, §7): the API takes dates as YYYY/MM/DD; a special date is added once both ends
 * of the picked range are known, and its start never comes after its end. Dates are calendar dates
 * (Temporal.PlainDate): "today" depends on the location's time zone, so it is computed from "now" and the zone.
 */
import { Temporal } from 'temporal-polyfill';

const SLASH_DATE = /^(\d{4})\/(\d{2})\/(\d{2})$/;

/** 2026/05/10 */
export function formatSlashDate(date: Temporal.PlainDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}/${pad(date.month, 2)}/${pad(date.day, 2)}`;
}

/** The calendar date of a YYYY/MM/DD text, or null when it is not one (2026/02/30 is not). */
export function parseSlashDate(text: string): Temporal.PlainDate | null {
  const match = SLASH_DATE.exec(text.trim());
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  try {
    return Temporal.PlainDate.from({ year, month, day }, { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** The same date written as the API's date columns return it (YYYY-MM-DD) → YYYY/MM/DD. */
export function slashFromIso(text: string): string | null {
  try {
    return formatSlashDate(Temporal.PlainDate.from(text));
  } catch {
    return null;
  }
}

/** Today's date where the location is. */
export function todayIn(now: Temporal.Instant, timeZone: string): Temporal.PlainDate {
  return now.toZonedDateTimeISO(timeZone).toPlainDate();
}

export interface DateRange {
  start: Temporal.PlainDate;
  end: Temporal.PlainDate;
}

export type RangePick = { start: Temporal.PlainDate | null; end: Temporal.PlainDate | null };

/**
 * The range to add, once both ends are picked (spec 02 §4), ordered so that start ≤ end whichever end was
 * picked first; null while one end is missing.
 */
export function completedRange({ start, end }: RangePick): DateRange | null {
  if (!start || !end) return null;
  return Temporal.PlainDate.compare(start, end) <= 0 ? { start, end } : { start: end, end: start };
}

export type RangeProblem = 'invalid-start' | 'invalid-end' | 'end-before-start';

/** Checks a YYYY/MM/DD pair as the API receives it. */
export function checkSlashRange(
  startText: string,
  endText: string,
): { ok: true; range: DateRange } | { ok: false; problem: RangeProblem } {
  const start = parseSlashDate(startText);
  if (!start) return { ok: false, problem: 'invalid-start' };
  const end = parseSlashDate(endText);
  if (!end) return { ok: false, problem: 'invalid-end' };
  if (Temporal.PlainDate.compare(start, end) > 0) return { ok: false, problem: 'end-before-start' };
  return { ok: true, range: { start, end } };
}

/** Whether two date ranges share at least one day (both ends inclusive). */
export function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return Temporal.PlainDate.compare(a.start, b.end) <= 0 && Temporal.PlainDate.compare(b.start, a.end) <= 0;
}

/** Whether the range is entirely before today in the location's zone (a special date that has passed). */
export function isPastRange(range: DateRange, now: Temporal.Instant, timeZone: string): boolean {
  return Temporal.PlainDate.compare(range.end, todayIn(now, timeZone)) < 0;
}

/** "{start} - {end}" for the toasts 'Added Special Date {start} - {end}' and 'Removed Special Date …'. */
export function rangeLabel(range: DateRange): [string, string] {
  return [formatSlashDate(range.start), formatSlashDate(range.end)];
}

/** The calendar date of a YYYY-MM-DD text (what a date input holds), or null when empty or not a date. */
export function parseIsoDate(text: string): Temporal.PlainDate | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text.trim())) return null;
  try {
    return Temporal.PlainDate.from(text.trim(), { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** A date as people read it: "Thu, Dec 24, 2026". */
export function formatDisplayDate(date: Temporal.PlainDate): string {
  return date.toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}
