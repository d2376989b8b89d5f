/**
 * The history's times in the reader's zone and GET /audit's query from the filters (dates are whole days in
 * the reader's zone). Pure: the zone and "now" are arguments.
 */
import { Temporal } from 'temporal-polyfill';
import { formatDateTime } from '../shared/format';
import type { AuditFilters, AuditQuery } from './audit';

/** The one date-time format of the history: "Mar 4, 2026, 3:07 PM" in the zone; "—" for a bad instant. */
export function formatWhen(iso: string, timeZone: string): string {
  try {
    return formatDateTime(Temporal.Instant.from(iso).epochMilliseconds, timeZone);
  } catch {
    return '—';
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "3 min ago", "2 h ago", "4 days ago"; past 30 days the date in the zone. */
export function relativeTime(iso: string, nowMs: number, timeZone: string): string {
  let at: number;
  try {
    at = Temporal.Instant.from(iso).epochMilliseconds;
  } catch {
    return '—';
  }
  const ago = Math.max(0, nowMs - at);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  const days = Math.floor(ago / DAY);
  if (days <= 30) return days === 1 ? '1 day ago' : `${days} days ago`;
  return `on ${formatWhen(iso, timeZone).replace(/, \d{1,2}:\d{2}.*$/, '')}`;
}

/** The start of a day in the zone as an ISO instant, or undefined for a text that is not a date. */
function startOfDay(date: string, timeZone: string, plusDays = 0): string | undefined {
  try {
    return Temporal.PlainDate.from(date)
      .add({ days: plusDays })
      .toZonedDateTime({ timeZone })
      .toInstant()
      .toString();
  } catch {
    return undefined;
  }
}

/** The API's query for the filters: `from` at the start of its day, `to` up to the end of its day. */
export function auditQuery(filters: AuditFilters, timeZone: string): AuditQuery {
  const query: AuditQuery = {};
  const actor = filters.actor.trim();
  const recordId = filters.recordId.trim();
  if (actor) query.actor = actor;
  if (filters.recordType) query.recordType = filters.recordType;
  if (filters.recordType && recordId) query.recordId = recordId;
  if (filters.kind) query.kind = filters.kind;
  const from = filters.from && startOfDay(filters.from, timeZone);
  const to = filters.to && startOfDay(filters.to, timeZone, 1);
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}
