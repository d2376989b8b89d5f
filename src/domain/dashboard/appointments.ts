/**
 * Appointment time rules of the dashboard (02 §4 Appointment lists, §9): the Upcoming and Past lists, the
 * month calendar and its placement of each appointment on its day in the location's time zone. Every rule
 * takes "now" (an instant) and the zone as arguments; nothing here reads the clock.
 */
import { Temporal } from 'temporal-polyfill';
import { epochMsOf, localParts, offsetReader } from './local-time';
import { MONTH_PATTERN, type CalendarViewMode } from './month-param';
import { DEFAULT_TIME_ZONE } from '../shared/constants';
import { formatDay } from '../shared/format';

/** Upcoming and Past lists cover 30 days; so does the activity window (02 §9). */
export const LIST_WINDOW_DAYS = 30;
export const ACTIVITY_WINDOW_DAYS = 30;

const CANCELLED = new Set(['CANCELLED', 'LATE_CANCELLED']);

/** Where an appointment's zone is read: its location (a full appointment) or its own field (the calendar's). */
export type Zoned = { location: { timezone: string } | null } | { timezone: string | null };

/** What the time rules read of an appointment. */
export type Timed = { startDate: string; endDate: string; status: string } & Zoned;

const instantOf = (iso: string) => Temporal.Instant.from(iso);

/** The zone an appointment is shown in: its location's, else the default. */
export function zoneOf(appointment: Zoned, fallback: string = DEFAULT_TIME_ZONE): string {
  const zone = 'location' in appointment ? appointment.location?.timezone : appointment.timezone;
  return zone ?? fallback;
}

export function isCancelled(status: string): boolean {
  return CANCELLED.has(status);
}

/** The instant `days` calendar days away from `now` in `zone` (so a DST change does not shift the hour). */
export function daysFrom(now: Temporal.Instant, zone: string, days: number): Temporal.Instant {
  return now.toZonedDateTimeISO(zone).add({ days }).toInstant();
}

/** Upcoming: not cancelled, starting from now up to 30 days ahead, ascending. */
export function upcomingOf<T extends Timed>(list: readonly T[], now: Temporal.Instant, zone: string): T[] {
  const until = daysFrom(now, zone, LIST_WINDOW_DAYS);
  return list
    .filter((a) => {
      if (isCancelled(a.status)) return false;
      const start = instantOf(a.startDate);
      return Temporal.Instant.compare(start, now) >= 0 && Temporal.Instant.compare(start, until) <= 0;
    })
    .sort(byStart);
}

/** Past: started within the previous 30 days, descending. */
export function pastOf<T extends Timed>(list: readonly T[], now: Temporal.Instant, zone: string): T[] {
  const since = daysFrom(now, zone, -LIST_WINDOW_DAYS);
  return list
    .filter((a) => {
      const start = instantOf(a.startDate);
      return Temporal.Instant.compare(start, now) < 0 && Temporal.Instant.compare(start, since) >= 0;
    })
    .sort((a, b) => byStart(b, a));
}

function byStart(a: Pick<Timed, 'startDate'>, b: Pick<Timed, 'startDate'>): number {
  return Temporal.Instant.compare(instantOf(a.startDate), instantOf(b.startDate));
}

/** The window the dashboard asks the API for: from 30 days back to 30 days ahead. */
export function listWindow(now: Temporal.Instant, zone: string): { from: string; to: string } {
  return {
    from: daysFrom(now, zone, -LIST_WINDOW_DAYS).toString(),
    to: daysFrom(now, zone, LIST_WINDOW_DAYS).toString(),
  };
}

export { MONTH_PATTERN, type CalendarViewMode };

export function parseMonth(text: string | undefined): Temporal.PlainYearMonth | undefined {
  if (!text || !MONTH_PATTERN.test(text)) return undefined;
  return Temporal.PlainYearMonth.from(text);
}

/** Today's date in the zone (YYYY-MM-DD). */
export function todayIn(now: Temporal.Instant, zone: string): string {
  return now.toZonedDateTimeISO(zone).toPlainDate().toString();
}

export function monthOf(now: Temporal.Instant, zone: string): string {
  return now.toZonedDateTimeISO(zone).toPlainDate().toPlainYearMonth().toString();
}

export function shiftMonth(month: string, by: number): string {
  const parsed = parseMonth(month);
  if (!parsed) throw new RangeError(`not a month: ${month}`);
  return parsed.add({ months: by }).toString();
}

/** "March 2026". */
export function monthTitle(month: string): string {
  const parsed = parseMonth(month);
  if (!parsed) return month;
  return `${MONTH_NAMES[parsed.month - 1]} ${parsed.year}`;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * The instants the month covers in `zone` (local midnight of its first day to local midnight of the next
 * month's first day), widened by a day each side so appointments of other zones near the edge are read too.
 */
export function monthWindow(month: string, zone: string): { from: string; to: string } {
  const parsed = parseMonth(month);
  if (!parsed) throw new RangeError(`not a month: ${month}`);
  const first = parsed.toPlainDate({ day: 1 });
  const start = first.subtract({ days: 1 }).toZonedDateTime({ timeZone: zone });
  const end = first.add({ months: 1, days: 1 }).toZonedDateTime({ timeZone: zone });
  return { from: start.toInstant().toString(), to: end.toInstant().toString() };
}

/** The month's weeks, Sunday first; days outside the month are null. */
export function monthGrid(month: string): (string | null)[][] {
  const parsed = parseMonth(month);
  if (!parsed) throw new RangeError(`not a month: ${month}`);
  const first = parsed.toPlainDate({ day: 1 });
  const lead = first.dayOfWeek % 7; // Sunday = 0
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= parsed.daysInMonth; day += 1) {
    cells.push(parsed.toPlainDate({ day }).toString());
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The week holding `day` (YYYY-MM-DD): its seven days, Sunday first as the month grid's rows. */
export function weekDays(day: string): string[] {
  const date = Temporal.PlainDate.from(day);
  const sunday = date.subtract({ days: date.dayOfWeek % 7 });
  return Array.from({ length: 7 }, (_, i) => sunday.add({ days: i }).toString());
}

/** The day (YYYY-MM-DD) `by` days away. */
export function addDays(day: string, by: number): string {
  return Temporal.PlainDate.from(day).add({ days: by }).toString();
}

/** The months (YYYY-MM) the week holding `day` touches: one, or two when it spans a month's end. */
export function monthsOfWeek(day: string): string[] {
  return [...new Set(weekDays(day).map((d) => d.slice(0, 7)))];
}

/** "Mar 8 – Mar 14, 2026" (both years when the week spans a new year). */
export function weekTitle(day: string): string {
  const days = weekDays(day);
  const first = days[0] ?? day;
  const last = days[6] ?? day;
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  return `${formatDay(first, { year: !sameYear })} – ${formatDay(last)}`;
}

/** One day of the week view: the day (YYYY-MM-DD) and the bookings starting on it. */
export interface WeekDay<T> {
  day: string;
  entries: CalendarEntry<T>[];
}

/** The week's seven days, each with the entries starting on it (in the entries' order, ascending by start). */
export function entriesOfWeek<T>(entries: readonly CalendarEntry<T>[], day: string): WeekDay<T>[] {
  const week = weekDays(day).map((d) => ({ day: d, entries: [] as CalendarEntry<T>[] }));
  const index = new Map(week.map((slot) => [slot.day, slot.entries]));
  for (const entry of entries) index.get(entry.day)?.push(entry);
  return week;
}

/** The calendar day (YYYY-MM-DD) an appointment starts on in its location's zone. */
export function dayOf(appointment: { startDate: string } & Zoned, fallbackZone?: string): string {
  return instantOf(appointment.startDate)
    .toZonedDateTimeISO(zoneOf(appointment, fallbackZone))
    .toPlainDate()
    .toString();
}

/** Whether it ends on a later local day than it starts (it crosses midnight in its zone). */
export function crossesMidnight(appointment: Timed, fallbackZone?: string): boolean {
  const zone = zoneOf(appointment, fallbackZone);
  const start = instantOf(appointment.startDate).toZonedDateTimeISO(zone).toPlainDate();
  const end = instantOf(appointment.endDate).toZonedDateTimeISO(zone).toPlainDate();
  return Temporal.PlainDate.compare(end, start) > 0;
}

/** One booking of the month calendar, with what its chip shows worked out once. */
export interface CalendarEntry<T> {
  appointment: T;
  /** The day (YYYY-MM-DD) it starts on in its location's zone. */
  day: string;
  /** "9:30 AM", its start in its location's zone. */
  time: string;
}

/**
 * Each booking with its local day and start time, ascending by start, done once when a month's bookings
 * arrive (a busy month holds thousands): by arithmetic on each instant, with each zone's offset looked up once
 * per stretch between its transitions (local-time.ts).
 */
export function calendarEntries<T extends { startDate: string } & Zoned>(
  list: readonly T[],
  fallbackZone?: string,
): CalendarEntry<T>[] {
  const timed = list.map((appointment) => ({ appointment, ms: epochMsOf(appointment.startDate) }));
  timed.sort((a, b) => a.ms - b.ms);
  const offsets = new Map<string, (epochMs: number) => number>();
  return timed.map(({ appointment, ms }) => {
    const zone = zoneOf(appointment, fallbackZone);
    let offsetAt = offsets.get(zone);
    if (!offsetAt) offsets.set(zone, (offsetAt = offsetReader(zone)));
    const { day, hour, minute } = localParts(ms, offsetAt(ms));
    return { appointment, day, time: clockOf(hour, minute) };
  });
}

/** The entries that start in `month`, by day (each day keeps the entries' order). */
export function entriesByDay<T>(
  entries: readonly CalendarEntry<T>[],
  month: string,
): Map<string, CalendarEntry<T>[]> {
  const prefix = `${month}-`;
  const days = new Map<string, CalendarEntry<T>[]>();
  for (const entry of entries) {
    if (!entry.day.startsWith(prefix)) continue;
    const bucket = days.get(entry.day);
    if (bucket) bucket.push(entry);
    else days.set(entry.day, [entry]);
  }
  return days;
}

/** The month's bookings by the day they start on in their location's zone, each day ascending. */
export function monthEntries<T extends Timed>(
  list: readonly T[],
  month: string,
  fallbackZone?: string,
): Map<string, CalendarEntry<T>[]> {
  return entriesByDay(calendarEntries(list, fallbackZone), month);
}

/** The month's appointments by the day they start on in their location's zone, each day ascending. */
export function placeInMonth<T extends Timed>(
  list: readonly T[],
  month: string,
  fallbackZone?: string,
): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const [day, entries] of monthEntries(list, month, fallbackZone)) {
    days.set(
      day,
      entries.map((entry) => entry.appointment),
    );
  }
  return days;
}

/** How many bookings a day cell of the month grid shows before its "+K more" button. */
export const CHIPS_PER_DAY = 3;

/** A day cell's chips: at most `limit` bookings, and how many more the day holds. */
export function chipsOfDay<T>(
  entries: readonly T[],
  limit: number = CHIPS_PER_DAY,
): { shown: T[]; more: number } {
  if (entries.length <= limit) return { shown: [...entries], more: 0 };
  // A full cell shows one chip fewer, so "+K more" takes the last line and K is at least 2.
  const shown = entries.slice(0, limit - 1);
  return { shown, more: entries.length - shown.length };
}

/** The day `by` days away (arrow keys move between days), kept inside the month. */
export function moveDay(day: string, by: number, month: string): string {
  const moved = Temporal.PlainDate.from(day).add({ days: by });
  const parsed = parseMonth(month);
  if (!parsed) return day;
  const last = parsed.toPlainDate({ day: parsed.daysInMonth });
  if (Temporal.PlainDate.compare(moved, parsed.toPlainDate({ day: 1 })) < 0) return `${month}-01`;
  if (Temporal.PlainDate.compare(moved, last) > 0) return last.toString();
  return moved.toString();
}

/** "9:30 AM" in the zone. */
export function timeIn(iso: string, zone: string): string {
  const t = instantOf(iso).toZonedDateTimeISO(zone);
  return clockOf(t.hour, t.minute);
}

function clockOf(hour: number, minute: number): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "Mon, Mar 9, 2026" in the zone. */
export function dateIn(iso: string, zone: string): string {
  return dateText(instantOf(iso).toZonedDateTimeISO(zone));
}

/** "Mon, Mar 9, 2026" of a local day (YYYY-MM-DD), as `calendarEntries` gives it. */
export function dayLabel(day: string): string {
  return dateText(Temporal.PlainDate.from(day));
}

function dateText(d: { dayOfWeek: number; month: number; day: number; year: number }): string {
  const weekday = WEEKDAY_NAMES[d.dayOfWeek % 7];
  return `${weekday}, ${MONTH_NAMES[d.month - 1]?.slice(0, 3)} ${d.day}, ${d.year}`;
}

/** "Mon, Mar 9, 2026, 9:30 AM – 10:30 AM" (the end day too when it is another day). */
export function spanIn(start: string, end: string, zone: string): string {
  const sameDay = dateIn(start, zone) === dateIn(end, zone);
  return `${dateIn(start, zone)}, ${timeIn(start, zone)} – ${sameDay ? '' : `${dateIn(end, zone)}, `}${timeIn(end, zone)}`;
}
