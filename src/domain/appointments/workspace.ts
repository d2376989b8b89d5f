/**
 * The appointments workspace (/appointments): its filters as the URL and the API take them, and what each
 * row shows of its start (the day and time in its own zone, worked out once per row by the dashboard's bulk
 * conversion, `calendarEntries`). Pure: nothing here reads the clock.
 */
import { calendarEntries, dayLabel } from '../dashboard/appointments';
import type { SortOrder } from '../shared/sort';
import { APPOINTMENT_SORT_DEFAULT, type AppointmentSortColumn } from './appointment-sort';
import type { AppointmentStatus } from './status-labels';

export const WORKSPACE_MESSAGES = {
  loadFailed: 'The appointments could not be loaded.',
  moreFailed: 'More appointments could not be loaded.',
  refreshFailed: 'The appointments could not be read again after the change.',
  toBeforeFrom: 'To must be on or after From',
} as const;

/** How many rows a page holds (Load more adds as many), and the most one read again after a change. */
export const WORKSPACE_PAGE = 50;
export const WORKSPACE_REFRESH_MAX = 200;

export interface AppointmentFilters {
  status: AppointmentStatus | undefined;
  /** One provider (an admin's choice, a provider user's among their own, or the provider viewed as). */
  provider: number | undefined;
  /** Days (YYYY-MM-DD), both inclusive, in each appointment's own zone. */
  from: string | undefined;
  to: string | undefined;
  /** The customer's name or email contains it. */
  q: string;
  /** The list's order (by start, newest first unless turned around): not a filter to clear. */
  order: SortOrder<AppointmentSortColumn>;
}

export const NO_APPOINTMENT_FILTERS: AppointmentFilters = {
  status: undefined,
  provider: undefined,
  from: undefined,
  to: undefined,
  q: '',
  order: APPOINTMENT_SORT_DEFAULT,
};

/** A To day before the From day is not applied (the filter bar says why). */
export const toBeforeFrom = (filters: Pick<AppointmentFilters, 'from' | 'to'>): boolean =>
  filters.from !== undefined && filters.to !== undefined && filters.to < filters.from;

/** The GET /appointments/list query of the filters (the empty ones and the default order left out). */
export function workspaceQuery(filters: AppointmentFilters): {
  status?: AppointmentStatus;
  provider?: number;
  from?: string;
  to?: string;
  q?: string;
  sort?: AppointmentSortColumn;
  dir?: SortOrder<AppointmentSortColumn>['dir'];
} {
  const q = filters.q.trim();
  const { order } = filters;
  const defaultOrder =
    order.sort === APPOINTMENT_SORT_DEFAULT.sort && order.dir === APPOINTMENT_SORT_DEFAULT.dir;
  return {
    ...(defaultOrder ? {} : { sort: order.sort, dir: order.dir }),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.provider !== undefined ? { provider: filters.provider } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to && !toBeforeFrom(filters) ? { to: filters.to } : {}),
    ...(q ? { q } : {}),
  };
}

/** The same rows, whatever their order. */
export function sameRows(a: AppointmentFilters, b: AppointmentFilters): boolean {
  return (
    a.status === b.status &&
    a.provider === b.provider &&
    a.from === b.from &&
    a.to === b.to &&
    a.q.trim() === b.q.trim()
  );
}

/** The same rows in the same order. */
export function sameFilters(a: AppointmentFilters, b: AppointmentFilters): boolean {
  return sameRows(a, b) && a.order.sort === b.order.sort && a.order.dir === b.order.dir;
}

/** Whether any filter the person can clear is set (`fixedProvider`: a provider they cannot change). */
export function hasFilters(filters: AppointmentFilters, fixedProvider: number | null = null): boolean {
  return !sameRows(filters, { ...NO_APPOINTMENT_FILTERS, provider: fixedProvider ?? undefined });
}

/** How many rows to read again after a change: those shown, at least a page, at most the API's limit. */
export function refreshLimit(shown: number): number {
  return Math.min(Math.max(shown, WORKSPACE_PAGE), WORKSPACE_REFRESH_MAX);
}

export interface StartLabel {
  /** "Mon, Mar 9, 2026, 9:30 AM" in the appointment's zone. */
  when: string;
  /** That zone ("America/Los_Angeles"). */
  zone: string;
}

interface Started {
  startDate: string;
  timezone: string;
}

const labels = new WeakMap<object, StartLabel>();

/**
 * Each row's start in its own zone, worked out once per row object (a page's rows arrive together; the
 * dashboard's bulk conversion looks each zone's offset up once per stretch).
 */
export function startLabels<T extends Started>(rows: readonly T[]): (row: T) => StartLabel {
  const missing = rows.filter((row) => !labels.has(row));
  for (const entry of calendarEntries(missing)) {
    labels.set(entry.appointment, {
      when: `${dayLabel(entry.day)}, ${entry.time}`,
      zone: entry.appointment.timezone,
    });
  }
  return (row) => labels.get(row) ?? { when: '', zone: row.timezone };
}
