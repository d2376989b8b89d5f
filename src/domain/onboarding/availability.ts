/**
 * Weekly availability (spec 02 §3, §9): 15-minute slots per weekday, offered by default 07:00–22:00 Monday
 * to Saturday and 07:00–20:00 Sunday, saved per service category. Times are the location's local times.
 */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface Slot {
  time: string;
  checked: boolean;
}
export type WeekSlots = Record<Weekday, Slot[]>;

export const SLOT_MINUTES = 15;
/** The grid's rows: from 06:00 to 23:45, so the defaults sit inside with room either side. */
export const GRID_START_MINUTES = 6 * 60;
export const GRID_END_MINUTES = 24 * 60;

const DEFAULT_HOURS: Record<Weekday, { from: number; to: number }> = {
  Monday: { from: 7 * 60, to: 22 * 60 },
  Tuesday: { from: 7 * 60, to: 22 * 60 },
  Wednesday: { from: 7 * 60, to: 22 * 60 },
  Thursday: { from: 7 * 60, to: 22 * 60 },
  Friday: { from: 7 * 60, to: 22 * 60 },
  Saturday: { from: 7 * 60, to: 22 * 60 },
  Sunday: { from: 7 * 60, to: 20 * 60 },
};

export function timeOf(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "07:15" → "7:15 AM", as the grid labels rows: the one time format of the console (the hour pickers'). */
export function labelOf(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? ' AM' : ' PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')}${suffix}`;
}

export function gridTimes(): string[] {
  const times: string[] = [];
  for (let minutes = GRID_START_MINUTES; minutes < GRID_END_MINUTES; minutes += SLOT_MINUTES) {
    times.push(timeOf(minutes));
  }
  return times;
}

/**
 * The week open these hours (minutes from midnight; null: closed that day): a slot is offered when it starts
 * at or after the opening and ends by the closing.
 */
export function weekOpen(hours: Record<Weekday, { from: number; to: number } | null>): WeekSlots {
  const week = {} as WeekSlots;
  for (const day of WEEKDAYS) {
    const open = hours[day];
    week[day] = gridTimes().map((time) => {
      const [h = 0, m = 0] = time.split(':').map(Number);
      const start = h * 60 + m;
      return { time, checked: !!open && start >= open.from && start + SLOT_MINUTES <= open.to };
    });
  }
  return week;
}

/** The slots offered by default: 07:00–22:00 Monday to Saturday, 07:00–20:00 Sunday. */
export function defaultWeek(): WeekSlots {
  return weekOpen(DEFAULT_HOURS);
}

/** The week with these slots set to `checked` (one click, a key press, or a drag across slots). */
export function setSlots(
  week: WeekSlots,
  cells: ReadonlyArray<{ day: Weekday; time: string }>,
  checked: boolean,
): WeekSlots {
  const next = { ...week };
  for (const day of WEEKDAYS) {
    const times = new Set(cells.filter((cell) => cell.day === day).map((cell) => cell.time));
    if (times.size === 0) continue;
    const known = new Set(next[day].map((slot) => slot.time));
    const slots = next[day].map((slot) => (times.has(slot.time) ? { ...slot, checked } : slot));
    for (const time of times) if (!known.has(time)) slots.push({ time, checked });
    next[day] = slots.sort((a, b) => a.time.localeCompare(b.time));
  }
  return next;
}

export function isChecked(week: WeekSlots, day: Weekday, time: string): boolean {
  return week[day].some((slot) => slot.time === time && slot.checked);
}

/** The cells of the rectangle between two cells (a drag from one slot to another). */
export function cellsBetween(
  from: { day: Weekday; time: string },
  to: { day: Weekday; time: string },
): Array<{ day: Weekday; time: string }> {
  const days = [WEEKDAYS.indexOf(from.day), WEEKDAYS.indexOf(to.day)].sort((a, b) => a - b);
  const times = gridTimes();
  const rows = [times.indexOf(from.time), times.indexOf(to.time)].sort((a, b) => a - b);
  const cells: Array<{ day: Weekday; time: string }> = [];
  for (let d = days[0] ?? 0; d <= (days[1] ?? 0); d += 1) {
    for (let r = rows[0] ?? 0; r <= (rows[1] ?? 0); r += 1) {
      const day = WEEKDAYS[d];
      const time = times[r];
      if (day && time) cells.push({ day, time });
    }
  }
  return cells;
}
