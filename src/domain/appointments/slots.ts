/**
 * The slot engine (02 §3, §9): which start times are open for a booking at one provider, and why any
 * given time is or is not open. Pure: "now", the location's zone and every record come in as arguments.
 *
 * A start is open when, in the location's time zone:
 * - it is not in the past and falls on or after the provider's earliest booking day (today + availableAfterDays);
 * - it sits on the 15-minute grid, and every 15-minute cell the booking covers (its duration rounded up to
 *   whole cells, on the wall clock) is checked in the weekly availability of every category booked;
 * - its day is not inside a closed day (a special date or an opted-in holiday, saved as a special date);
 * - the booking [start, start + duration) overlaps no other appointment of the provider.
 *
 * Wall-clock times are kept across DST changes: 09:00 is 09:00 on both sides; a time that does not exist
 * on the day (the spring-forward hour) is never offered.
 */
import { Temporal } from 'temporal-polyfill';
import { SLOT_MINUTES, WEEKDAYS, type Weekday } from '../onboarding/availability';
import type { ExplanationCode } from './operations';

export interface WeekAvailability {
  /** What the availability is for (a service category's name), used in explanations. */
  name: string;
  /** Per weekday, the start times ("HH:mm") of the checked 15-minute cells. */
  week: Readonly<Record<Weekday, ReadonlyArray<{ time: string; checked: boolean }>>>;
}

export interface BusyAppointment {
  start: Temporal.Instant;
  end: Temporal.Instant;
}

export interface ClosedDays {
  start: Temporal.PlainDate;
  end: Temporal.PlainDate;
  /** A holiday (from the holiday list) or another special date. */
  kind: 'special-date' | 'holiday';
  /** The holiday's name. */
  name?: string;
}

export interface SlotRules {
  timeZone: string;
  /** One per category booked; a cell is open only when every one of them has it checked. */
  availabilities: readonly WeekAvailability[];
  durationMinutes: number;
  /** The provider's other appointments (cancelled ones left out by the caller). */
  appointments: readonly BusyAppointment[];
  closedDays: readonly ClosedDays[];
  availableAfterDays: number;
  now: Temporal.Instant;
}

export interface OpenSlot {
  start: Temporal.Instant;
  end: Temporal.Instant;
}

export interface Reason {
  code: ExplanationCode;
  message: string;
}

export interface SlotExplanation {
  open: boolean;
  local: Temporal.PlainDateTime;
  reasons: Reason[];
}

const MINUTES_PER_DAY = 24 * 60;

function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The cells needed by a booking of this many minutes. */
function cellsFor(durationMinutes: number): number {
  return Math.max(1, Math.ceil(durationMinutes / SLOT_MINUTES));
}

/** Per weekday, the set of cell starts (minutes after midnight) checked in every availability. */
export function openCells(availabilities: readonly WeekAvailability[]): Record<Weekday, Set<number>> {
  const result = {} as Record<Weekday, Set<number>>;
  for (const day of WEEKDAYS) {
    let cells: Set<number> | null = null;
    for (const availability of availabilities) {
      const own = new Set(
        (availability.week[day] ?? [])
          .filter((slot) => slot.checked)
          .map((slot) => minutesOf(slot.time))
          .filter((minutes) => minutes % SLOT_MINUTES === 0),
      );
      const previous: Set<number> | null = cells;
      cells = previous === null ? own : new Set([...previous].filter((cell: number) => own.has(cell)));
    }
    result[day] = cells ?? new Set();
  }
  return result;
}

function weekdayOf(date: Temporal.PlainDate): Weekday {
  return WEEKDAYS[date.dayOfWeek - 1] as Weekday;
}

/** The provider's earliest booking day, where the location is. */
export function earliestBookingDay(rules: Pick<SlotRules, 'now' | 'timeZone' | 'availableAfterDays'>) {
  return rules.now.toZonedDateTimeISO(rules.timeZone).toPlainDate().add({ days: rules.availableAfterDays });
}

/** The local start time (minutes) of each cell run covering a whole booking on this weekday. */
function fittingStarts(cells: Set<number>, durationMinutes: number): number[] {
  const needed = cellsFor(durationMinutes);
  const starts: number[] = [];
  for (const start of [...cells].sort((a, b) => a - b)) {
    let fits = start + needed * SLOT_MINUTES <= MINUTES_PER_DAY;
    for (let i = 1; fits && i < needed; i += 1) fits = cells.has(start + i * SLOT_MINUTES);
    if (fits) starts.push(start);
  }
  return starts;
}

function closedDayOf(rules: SlotRules, date: Temporal.PlainDate): ClosedDays | undefined {
  const hits = rules.closedDays.filter(
    (range) =>
      Temporal.PlainDate.compare(range.start, date) <= 0 && Temporal.PlainDate.compare(date, range.end) <= 0,
  );
  return hits.find((range) => range.kind === 'holiday') ?? hits[0];
}

interface Busy {
  /** Sorted by start. */
  list: BusyAppointment[];
  /** The longest appointment, so a look-up stops once earlier starts cannot reach the slot. */
  longestNs: bigint;
}

function busyOf(appointments: readonly BusyAppointment[]): Busy {
  const list = [...appointments].sort((a, b) => Temporal.Instant.compare(a.start, b.start));
  let longestNs = 0n;
  for (const a of list) {
    const length = a.end.epochNanoseconds - a.start.epochNanoseconds;
    if (length > longestNs) longestNs = length;
  }
  return { list, longestNs };
}

/** The first appointment overlapping [start, end), if any. */
function overlapping(busy: Busy, start: Temporal.Instant, end: Temporal.Instant) {
  const startNs = start.epochNanoseconds;
  const endNs = end.epochNanoseconds;
  // Appointments starting at or after `end` cannot overlap; find the first such by binary search.
  let lo = 0;
  let hi = busy.list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((busy.list[mid] as BusyAppointment).start.epochNanoseconds < endNs) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0; i -= 1) {
    const appointment = busy.list[i] as BusyAppointment;
    if (appointment.end.epochNanoseconds > startNs) return appointment;
    if (startNs - appointment.start.epochNanoseconds > busy.longestNs) break;
  }
  return undefined;
}

/** The instant of a wall-clock time on a day, or null when that time does not exist there (DST gap). */
function instantAt(date: Temporal.PlainDate, minutes: number, timeZone: string): Temporal.Instant | null {
  const local = date.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  try {
    return local.toZonedDateTime(timeZone, { disambiguation: 'reject' }).toInstant();
  } catch {
    // Ambiguous (the repeated hour when clocks go back): the first of the two; nonexistent: none.
    const zoned = local.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
    return zoned.toPlainDateTime().equals(local) ? zoned.toInstant() : null;
  }
}

/** The open slots of the `days` days from `from` (the location's calendar), ascending. */
export function openSlots(rules: SlotRules, from: Temporal.PlainDate, days: number): OpenSlot[] {
  const cells = openCells(rules.availabilities);
  const busy = busyOf(rules.appointments);
  const earliest = earliestBookingDay(rules);
  const duration = Temporal.Duration.from({ minutes: rules.durationMinutes });
  const slots: OpenSlot[] = [];
  if (rules.availabilities.length === 0) return slots;
  for (let offset = 0; offset < days; offset += 1) {
    const date = from.add({ days: offset });
    if (Temporal.PlainDate.compare(date, earliest) < 0) continue;
    if (closedDayOf(rules, date)) continue;
    for (const minutes of fittingStarts(cells[weekdayOf(date)], rules.durationMinutes)) {
      const start = instantAt(date, minutes, rules.timeZone);
      if (!start || Temporal.Instant.compare(start, rules.now) < 0) continue;
      const end = start.add(duration);
      if (overlapping(busy, start, end)) continue;
      slots.push({ start, end });
    }
  }
  return slots;
}

const PLURAL_DAYS: Record<Weekday, string> = {
  Monday: 'Mondays',
  Tuesday: 'Tuesdays',
  Wednesday: 'Wednesdays',
  Thursday: 'Thursdays',
  Friday: 'Fridays',
  Saturday: 'Saturdays',
  Sunday: 'Sundays',
};

/** "07:00–12:00, 13:00–22:00": the open cells of a day as ranges. */
function rangesText(cells: Set<number>): string {
  const sorted = [...cells].sort((a, b) => a - b);
  const ranges: string[] = [];
  let runStart: number | undefined;
  let previous = -SLOT_MINUTES;
  for (const cell of [...sorted, Number.POSITIVE_INFINITY]) {
    if (cell !== previous + SLOT_MINUTES) {
      if (runStart !== undefined) ranges.push(`${hhmm(runStart)}–${hhmm(previous + SLOT_MINUTES)}`);
      runStart = cell;
    }
    previous = cell;
  }
  return ranges.join(', ');
}

function wallClock(instant: Temporal.Instant, timeZone: string): string {
  const local = instant.toZonedDateTimeISO(timeZone);
  return hhmm(local.hour * 60 + local.minute);
}

function formatDay(date: Temporal.PlainDate): string {
  return `${weekdayOf(date)} ${date.toString()}`;
}

/** Why a start time is or is not open (every reason, most basic first); open when there is none. */
export function explainTime(rules: SlotRules, time: Temporal.Instant): SlotExplanation {
  const zoned = time.toZonedDateTimeISO(rules.timeZone);
  const local = zoned.toPlainDateTime();
  const date = zoned.toPlainDate();
  const weekday = weekdayOf(date);
  const minutes = zoned.hour * 60 + zoned.minute;
  const reasons: Reason[] = [];
  const earliest = earliestBookingDay(rules);

  if (Temporal.Instant.compare(time, rules.now) < 0) {
    reasons.push({ code: 'in-the-past', message: 'in the past' });
  }
  if (Temporal.PlainDate.compare(date, earliest) < 0) {
    reasons.push({
      code: 'before-earliest-day',
      message: `before the provider's earliest booking day (${formatDay(earliest)})`,
    });
  }
  const onGrid =
    minutes % SLOT_MINUTES === 0 &&
    zoned.second === 0 &&
    zoned.millisecond === 0 &&
    zoned.microsecond === 0 &&
    zoned.nanosecond === 0;
  if (!onGrid) {
    reasons.push({ code: 'off-grid', message: `not on the ${SLOT_MINUTES}-minute grid` });
  }
  if (rules.availabilities.length === 0) {
    reasons.push({ code: 'no-availability', message: 'no availability is set for the services booked' });
  } else {
    const cells = openCells(rules.availabilities)[weekday];
    if (cells.size === 0) {
      reasons.push({ code: 'closed-day', message: `closed on ${PLURAL_DAYS[weekday]}` });
    } else if (onGrid && !fittingStarts(cells, rules.durationMinutes).includes(minutes)) {
      reasons.push({
        code: 'outside-hours',
        message: `outside the hours open on ${PLURAL_DAYS[weekday]} (${rangesText(cells)}) for a ${rules.durationMinutes}-minute booking`,
      });
    } else if (onGrid && instantAt(date, minutes, rules.timeZone)?.equals(time) !== true) {
      reasons.push({
        code: 'outside-hours',
        message: `${hhmm(minutes)} is skipped or repeated by the clock change on ${date.toString()}`,
      });
    }
  }
  const closed = closedDayOf(rules, date);
  if (closed?.kind === 'holiday') {
    reasons.push({ code: 'holiday', message: `closed for a holiday (${closed.name ?? date.toString()})` });
  } else if (closed) {
    const span = closed.start.equals(closed.end)
      ? closed.start.toString()
      : `${closed.start.toString()} – ${closed.end.toString()}`;
    reasons.push({ code: 'special-date', message: `closed for a special date (${span})` });
  }
  const end = time.add({ minutes: rules.durationMinutes });
  const taken = overlapping(busyOf(rules.appointments), time, end);
  if (taken) {
    reasons.push({
      code: 'taken',
      message: `taken by an appointment ${wallClock(taken.start, rules.timeZone)}–${wallClock(taken.end, rules.timeZone)}`,
    });
  }
  return { open: reasons.length === 0, local, reasons };
}

/** The first reason a start is refused, as one sentence ("That time is not open: closed on Sundays."). */
export function refusalOf(explanation: SlotExplanation): string {
  return `That time is not open: ${explanation.reasons.map((reason) => reason.message).join('; ')}.`;
}
