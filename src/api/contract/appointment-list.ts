/**
 * GET /appointments/list: the appointments workspace (/appointments). Every provider's appointments for an
 * admin, a provider user's own providers' for a provider; one appointment (row) per entry, newest start
 * first (oldest first with `dir=asc`), a page at a time by an opaque cursor. The date filter is in each appointment's own zone (its
 * location's, else its provider's): `from=2026-03-01` keeps what starts on or after March 1 there.
 */
import * as v from 'valibot';
import { APPOINTMENT_STATUSES } from './appointment';
import { APPOINTMENT_SORT_COLUMNS } from '../../domain/appointments/appointment-sort';
import {
  cursorPageEntries,
  isDayText,
  onceQuery,
  queryId,
  sortQueryEntries,
  wholeNumber,
  wholeText,
} from './primitives';

export const AppointmentListItemSchema = v.object({
  id: wholeNumber,
  /** The booking it is part of (rows booked together share it); its drawer reads the whole booking. */
  groupId: v.string(),
  status: v.picklist(APPOINTMENT_STATUSES),
  /** ISO instants. */
  startDate: v.string(),
  endDate: v.string(),
  /** The zone it is shown and filtered in: its location's, else its provider's. */
  timezone: v.string(),
  provider: v.object({ id: wholeNumber, name: v.string() }),
  customer: v.object({ displayName: v.nullable(v.string()), email: v.string() }),
  /** The service item's or bundle's name (or the name it was booked under); null when none is known. */
  service: v.nullable(v.string()),
});
export type AppointmentListItem = v.InferOutput<typeof AppointmentListItemSchema>;

/** One page; `nextCursor` (opaque) reads the next page, null at the end. */
export const AppointmentListPageSchema = v.object(cursorPageEntries(AppointmentListItemSchema));
export type AppointmentListPage = v.InferOutput<typeof AppointmentListPageSchema>;

export const APPOINTMENT_LIST_LIMIT_DEFAULT = 50;
export const APPOINTMENT_LIST_LIMIT_MAX = 200;
export const APPOINTMENT_SEARCH_MAX = 200;

const optionalOnce = <T extends v.GenericSchema<string, unknown>>(name: string, schema: T) =>
  v.optional(v.pipe(onceQuery(name), schema));
const dayMessage = (name: string) => `${name} must be a date written YYYY-MM-DD`;
const limitMessage = `limit must be a whole number from 1 to ${APPOINTMENT_LIST_LIMIT_MAX}`;

/**
 * GET /appointments/list query, all optional: `status` (one status), `provider` (an id; a provider user
 * only their own), `from` and `to` (days, both inclusive, in each appointment's zone), `q` (the customer's
 * name or email contains it), `cursor` (a page's `nextCursor`, read in the same order), `limit` (1–200,
 * default 50), `sort` (start: the one order the cursor follows) and `dir` (desc, the default, or asc).
 */
export const AppointmentListQuerySchema = v.object({
  status: optionalOnce(
    'status',
    v.picklist(APPOINTMENT_STATUSES, `status must be one of ${APPOINTMENT_STATUSES.join(', ')}`),
  ),
  provider: v.optional(queryId('provider')),
  from: optionalOnce('from', v.pipe(v.string(), v.check(isDayText, dayMessage('from')))),
  to: optionalOnce('to', v.pipe(v.string(), v.check(isDayText, dayMessage('to')))),
  q: optionalOnce(
    'q',
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, 'q must not be empty'),
      v.maxLength(APPOINTMENT_SEARCH_MAX, `q can be at most ${APPOINTMENT_SEARCH_MAX} characters`),
    ),
  ),
  cursor: optionalOnce(
    'cursor',
    v.pipe(v.string(), v.minLength(1, 'cursor must not be empty'), v.maxLength(200, 'cursor is too long')),
  ),
  limit: optionalOnce('limit', wholeText(1, APPOINTMENT_LIST_LIMIT_MAX, limitMessage)),
  ...sortQueryEntries(APPOINTMENT_SORT_COLUMNS),
});
export type AppointmentListQuery = v.InferOutput<typeof AppointmentListQuerySchema>;
