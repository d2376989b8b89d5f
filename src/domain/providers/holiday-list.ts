/**
 * The holiday list's rules that do not need the holiday calendar itself (spec 02 §3, §4): an entry's shape,
 * which chosen holidays clash with existing special dates, and a holiday as a one-day special date. Kept
 * apart from holidays.ts so machines and screens can use them without downloading date-holidays.
 */
import type { Temporal } from 'temporal-polyfill';
import { formatSlashDate, rangesOverlap, type DateRange } from './dates';

export interface HolidayEntry {
  name: string;
  /** The calendar date of the holiday. */
  date: Temporal.PlainDate;
  /** On by default: the list is opt-out. */
  checked: boolean;
}

export interface HolidayClash {
  holiday: HolidayEntry;
  /** The existing special dates the holiday falls on. */
  specialDates: DateRange[];
}

/**
 * Adding several holidays at once: the chosen holidays that fall on an existing special date (so the screen
 * reports which ones clash instead of adding a second special date for the same day).
 */
export function holidayClashes(
  holidays: readonly HolidayEntry[],
  existing: readonly DateRange[],
): HolidayClash[] {
  const clashes: HolidayClash[] = [];
  for (const holiday of holidays) {
    if (!holiday.checked) continue;
    const day = { start: holiday.date, end: holiday.date };
    const hits = existing.filter((range) => rangesOverlap(day, range));
    if (hits.length > 0) clashes.push({ holiday, specialDates: hits });
  }
  return clashes;
}

/** A holiday as a one-day special date for POST /special-date. */
export function holidayAsSpecialDate(holiday: HolidayEntry): { startDate: string; endDate: string } {
  const text = formatSlashDate(holiday.date);
  return { startDate: text, endDate: text };
}
