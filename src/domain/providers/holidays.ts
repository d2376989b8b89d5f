/**
 * The holiday list of the Special Dates section (spec 02 §4): the US public holidays of the current year plus
 * Mother's Day; New Year's Day is renamed New Year's Eve and Christmas Day is renamed Christmas Eve; a
 * substitute New Year's day is excluded. "The current year" is the year where the location is.
 *
 * This is the only module that imports date-holidays, so the library (and its rules for every country) is
 * downloaded only with the screen that shows the list.
 */
import Holidays from 'date-holidays';
import { Temporal } from 'temporal-polyfill';
import type { HolidayEntry } from './holiday-list';

export { holidayAsSpecialDate, holidayClashes, type HolidayClash, type HolidayEntry } from './holiday-list';

const NEW_YEARS_DAY = "New Year's Day";
const CHRISTMAS_DAY = 'Christmas Day';
const MOTHERS_DAY = "Mother's Day";

/** The two renames, word for word from the spec. */
export const HOLIDAY_RENAMES: Readonly<Record<string, string>> = {
  [NEW_YEARS_DAY]: "New Year's Eve",
  [CHRISTMAS_DAY]: 'Christmas Eve',
};

interface LibraryHoliday {
  date: string;
  name: string;
  type: string;
  substitute?: boolean;
}

/** The holiday list of `year`, in date order, every entry checked. */
export function holidaysOfYear(year: number, timeZone: string): HolidayEntry[] {
  const calendar = new Holidays('US', { timezone: timeZone, languages: ['en'] });
  const found = calendar.getHolidays(year, 'en') as LibraryHoliday[];
  const entries: HolidayEntry[] = [];
  for (const holiday of found) {
    const isMothersDay = holiday.name === MOTHERS_DAY;
    if (holiday.type !== 'public' && !isMothersDay) continue;
    if (holiday.substitute && holiday.name.startsWith(NEW_YEARS_DAY)) continue;
    const date = Temporal.PlainDate.from(holiday.date.slice(0, 10));
    entries.push({ name: HOLIDAY_RENAMES[holiday.name] ?? holiday.name, date, checked: true });
  }
  return entries.sort((a, b) => Temporal.PlainDate.compare(a.date, b.date));
}

/** This year's list where the location is: on 31 December in Los Angeles it is still that year there. */
export function currentHolidays(now: Temporal.Instant, timeZone: string): HolidayEntry[] {
  return holidaysOfYear(now.toZonedDateTimeISO(timeZone).year, timeZone);
}
