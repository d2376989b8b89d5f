/**
 * The Special Dates section's rules over the API's special dates: the picked range, the service menu's queue
 * of PUTs, and which checked holidays a bulk add takes or sets aside. Pure; used by the machine and its view.
 */
import { Temporal } from 'temporal-polyfill';
import type { SpecialDate } from '../../api/contract/special-date';
import { completedRange, parseIsoDate, parseSlashDate, type DateRange } from '../../domain/providers/dates';
import { holidayClashes, type HolidayEntry } from '../../domain/providers/holiday-list';
import type { ConfirmDeleteEvent } from '../shared/confirm-delete';
import type { StaleSaveEvent } from '../shared/record-editor';

/** One service item or bundle to put on a special date (PUT /special-date/{id}). */
export type AttachTarget = { serviceItemId: number } | { bundleId: number };

/** One attach: the date, what to put on it, and the date's version as last read (a newer one: 409). */
export interface AttachInput {
  id: number;
  target: AttachTarget;
  version: number;
}

export interface ServiceMenu {
  dateId: number;
  serviceItemIds: number[];
  bundleIds: number[];
}

export interface SpecialDatesInput {
  locationId: number;
  /** The location's IANA zone: "this year" of the holiday list is the year there. */
  timeZone: string;
  /** Today where the location is (YYYY-MM-DD): holidays before it are not added. */
  today: string;
}

export interface SpecialDatesContext extends SpecialDatesInput {
  dates: SpecialDate[];
  loadError: string | null;
  /** The picked ends as the date inputs hold them (YYYY-MM-DD, '' while not picked). */
  pick: { start: string; end: string };
  /** The special-date service menu, while it is open. */
  menu: ServiceMenu | null;
  /** The special date (and item) being removed. */
  removing: { dateId: number; itemId: number | null } | null;
  /** The last special date removed, as it was (dates and services), while its toast offers Undo. */
  undoable: SpecialDate | null;
  /** Null until the list is computed. */
  holidays: HolidayEntry[] | null;
  /** Holidays still to add in the running bulk add. */
  holidayQueue: HolidayEntry[];
  holidaysAdded: number;
  /** The last bulk add's checked holidays that fell on an existing special date. */
  clashes: { name: string; date: string }[];
}

export type SpecialDatesEvent =
  | { type: 'dates.retry' }
  | { type: 'range.pick'; end: 'start' | 'end'; value: string }
  | { type: 'date.services'; id: number }
  | { type: 'services.change'; serviceItemIds: number[]; bundleIds: number[] }
  | { type: 'services.attach' }
  | { type: 'services.cancel' }
  | { type: 'item.remove'; dateId: number; itemId: number }
  | { type: 'date.remove'; id: number }
  /** Undo of a special date's removal (its toast's Undo button): re-creates it with its services. */
  | { type: 'undo'; id: number }
  | ConfirmDeleteEvent
  | { type: 'holidays.add' }
  | { type: 'holidays.optOut' }
  | { type: 'holidays.optIn' }
  | { type: 'holiday.check'; index: number; checked: boolean }
  | { type: 'holidays.retry' }
  | StaleSaveEvent;

/** A special date's range as calendar dates (null when the stored text is not a date). */
export function rangeOf(date: SpecialDate): DateRange | null {
  const start = parseSlashDate(date.startDate);
  const end = parseSlashDate(date.endDate);
  return start && end ? { start, end } : null;
}

export function pickedRange(pick: { start: string; end: string }): DateRange | null {
  return completedRange({ start: parseIsoDate(pick.start), end: parseIsoDate(pick.end) });
}

export function attachQueue(menu: ServiceMenu | null): AttachTarget[] {
  if (!menu) return [];
  return [
    ...menu.serviceItemIds.map((serviceItemId) => ({ serviceItemId })),
    ...menu.bundleIds.map((bundleId) => ({ bundleId })),
  ];
}

/** The checked holidays from today on, split into those to add and those on an existing special date. */
export function planHolidays(context: Pick<SpecialDatesContext, 'holidays' | 'dates' | 'today'>) {
  const today = parseIsoDate(context.today);
  const upcoming = (context.holidays ?? []).filter(
    (holiday) => holiday.checked && (!today || Temporal.PlainDate.compare(holiday.date, today) >= 0),
  );
  const ranges = context.dates.flatMap((date) => rangeOf(date) ?? []);
  const clashing = new Set(holidayClashes(upcoming, ranges).map((clash) => clash.holiday));
  return {
    toAdd: upcoming.filter((holiday) => !clashing.has(holiday)),
    clashes: upcoming.filter((holiday) => clashing.has(holiday)),
  };
}

export const byStart = (a: SpecialDate, b: SpecialDate) =>
  a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate) || a.id - b.id;
