/**
 * A location's opening hours (spec 02 §3): per ISO weekday n (1 = Monday … 7 = Sunday) isOpenDay{n},
 * day{n}open and day{n}close, the times as text such as 8:00am. An open day needs both times, and the close
 * after the open; a closed day keeps no times. One day's hours can be copied to others.
 */
import { type Temporal } from 'temporal-polyfill';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

export type OpeningHours = { [D in Weekday as `isOpenDay${D}`]: boolean } & {
  [D in Weekday as `day${D}open` | `day${D}close`]: string | null;
};

export interface DayHours {
  isOpen: boolean;
  open: string | null;
  close: string | null;
}

const TIME_TEXT = /^(1[0-2]|0?[1-9]):([0-5]\d)\s*(am|pm)$/i;

/** Minutes after midnight of a time text (12:00am = 0, 12:00pm = 720), or null when it is not one. */
export function parseTimeText(text: string): number | null {
  const match = TIME_TEXT.exec(text.trim());
  if (!match) return null;
  const hour12 = Number(match[1]) % 12;
  const minute = Number(match[2]);
  const pm = (match[3] ?? '').toLowerCase() === 'pm';
  return (hour12 + (pm ? 12 : 0)) * 60 + minute;
}

/** How far apart the times offered for opening and closing are. */
export const TIME_STEP_MINUTES = 15;

/** '8:00am' → '8:00 AM', as times read elsewhere in the console; a text that is not a time stays as it is. */
export function timeLabel(text: string): string {
  const minutes = parseTimeText(text);
  if (minutes === null) return text;
  const hour = Math.floor(minutes / 60);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The times an opening or closing time is picked from: every quarter hour of the day, and first the time
 * already saved when it is not one of them (so a value typed before hours were picked still shows).
 */
export function timeChoices(current: string | null): { value: string; label: string }[] {
  const day: { value: string; label: string }[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += TIME_STEP_MINUTES) {
    const value = formatTimeText(minutes);
    day.push({ value, label: timeLabel(value) });
  }
  if (current === null || current === '' || day.some((choice) => choice.value === current)) return day;
  return [{ value: current, label: timeLabel(current) }, ...day];
}

/** 0…1439 minutes after midnight → '8:00am', the form the API stores. */
export function formatTimeText(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= 24 * 60) {
    throw new RangeError(`formatTimeText: ${minutes} is not a minute of the day`);
  }
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${String(minute).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;
}

export function dayHours(hours: OpeningHours, day: Weekday): DayHours {
  return { isOpen: hours[`isOpenDay${day}`], open: hours[`day${day}open`], close: hours[`day${day}close`] };
}

export function withDayHours(hours: OpeningHours, day: Weekday, value: DayHours): OpeningHours {
  return {
    ...hours,
    [`isOpenDay${day}`]: value.isOpen,
    [`day${day}open`]: value.isOpen ? value.open : null,
    [`day${day}close`]: value.isOpen ? value.close : null,
  };
}

export type DayProblem =
  'open-required' | 'close-required' | 'open-invalid' | 'close-invalid' | 'close-not-after-open';

/** What is wrong with one day's hours, or null. A closed day is always fine. */
export function checkDay(value: DayHours): DayProblem | null {
  if (!value.isOpen) return null;
  if (!value.open) return 'open-required';
  if (!value.close) return 'close-required';
  const open = parseTimeText(value.open);
  if (open === null) return 'open-invalid';
  const close = parseTimeText(value.close);
  if (close === null) return 'close-invalid';
  return close > open ? null : 'close-not-after-open';
}

export const DAY_PROBLEM_TEXT: Readonly<Record<DayProblem, string>> = {
  'open-required': 'Opening time is required',
  'close-required': 'Closing time is required',
  'open-invalid': 'Opening time must look like 8:00am',
  'close-invalid': 'Closing time must look like 8:00pm',
  'close-not-after-open': 'Closing time must be after opening time',
};

/** Every day with a problem, Monday first. */
export function checkHours(hours: OpeningHours): { day: Weekday; problem: DayProblem }[] {
  const problems: { day: Weekday; problem: DayProblem }[] = [];
  for (const day of WEEKDAYS) {
    const problem = checkDay(dayHours(hours, day));
    if (problem) problems.push({ day, problem });
  }
  return problems;
}

/** Copies one day's hours (open or closed) to the other days named. */
export function copyDay(hours: OpeningHours, from: Weekday, to: readonly Weekday[]): OpeningHours {
  const source = dayHours(hours, from);
  return to.reduce((next, day) => withDayHours(next, day, source), hours);
}

/** Every day closed, no times. */
export function closedWeek(): OpeningHours {
  return WEEKDAYS.reduce(
    (hours, day) => withDayHours(hours, day, { isOpen: false, open: null, close: null }),
    {} as OpeningHours,
  );
}

/** Whether the location is open at `now`, in its own time zone. */
export function isOpenAt(hours: OpeningHours, now: Temporal.Instant, timeZone: string): boolean {
  const local = now.toZonedDateTimeISO(timeZone);
  const value = dayHours(hours, local.dayOfWeek as Weekday);
  if (checkDay(value) !== null || !value.isOpen) return false;
  const minute = local.hour * 60 + local.minute;
  return minute >= (parseTimeText(value.open ?? '') ?? 0) && minute < (parseTimeText(value.close ?? '') ?? 0);
}
