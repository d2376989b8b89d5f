/**
 * The appointments workspace's read (GET /appointments/list): one query per page, newest start first (or
 * oldest first), after a (start, id) cursor. It reads along `appointments_start_idx` (every provider) or
 * `appointments_provider_start_idx` (one provider) in index order, backwards or forwards, and stops at the
 * page's end, so a page
 * costs the same at 20,000 appointments as at 200 (docs/performance.md). Data only; the service checks scope.
 */
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AppointmentListItem } from '../../src/api/contract/appointment-list';
import type { Db } from '../db/client';
import { BY_START, CUSTOMER, selectAppointments } from '../db/appointment-rows';
import { appointments, bundles, locations, providers, serviceItems, users } from '../db/schema';
import type { SortDirection } from '../../src/domain/shared/sort';
import {
  microsOf,
  newerThan,
  olderThan,
  timePage,
  type TimePage,
  type TimePosition,
} from '../db/time-cursor';

type Reader = Pick<Db, 'select'>;

export interface AppointmentListFilter {
  /** Which providers' appointments: every one (`all`) or these (a provider user's own, or one chosen). */
  providers: 'all' | readonly number[];
  status?: AppointmentListItem['status'] | undefined;
  /** Days (YYYY-MM-DD), both inclusive, in each appointment's own zone. */
  from?: string | undefined;
  to?: string | undefined;
  /** The customer's names or email contain it. */
  search?: string | undefined;
  /** By start: newest first (desc, the default) or oldest first. */
  dir?: SortDirection | undefined;
}

const HOUR_MS = 3_600_000;
/** The zones furthest east (UTC+14:00) and west (UTC−12:00): a local day lies within these of its UTC day. */
const EARLIEST_OFFSET_HOURS = 14;
const LATEST_OFFSET_HOURS = 12;

/** The zone an appointment is shown and filtered in: its location's, else its provider's. */
const ZONE = sql<string>`coalesce(${locations.timezone}, ${providers.timezone})`;
/** The day it starts on in that zone. */
const LOCAL_DAY = sql`(${appointments.startDate} at time zone ${ZONE})::date`;

/** `%term%` for LIKE, the pattern characters of the term taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function conditions(filter: AppointmentListFilter, position: TimePosition | undefined): SQL[] {
  const where: SQL[] = [];
  if (filter.providers !== 'all') {
    const [only, ...more] = filter.providers;
    where.push(
      more.length === 0 && only !== undefined
        ? eq(appointments.providerId, only)
        : inArray(appointments.providerId, [...filter.providers]),
    );
  }
  if (filter.status) where.push(eq(appointments.status, filter.status));
  // The local day is exact; the instants around it (a day ±14 h) let the start index narrow the read first.
  if (filter.from) {
    const earliest = Date.parse(`${filter.from}T00:00:00Z`) - EARLIEST_OFFSET_HOURS * HOUR_MS;
    where.push(gte(appointments.startDate, new Date(earliest)), sql`${LOCAL_DAY} >= ${filter.from}::date`);
  }
  if (filter.to) {
    const latest = Date.parse(`${filter.to}T00:00:00Z`) + (24 + LATEST_OFFSET_HOURS) * HOUR_MS;
    where.push(lt(appointments.startDate, new Date(latest)), sql`${LOCAL_DAY} <= ${filter.to}::date`);
  }
  if (filter.search) where.push(sql`${users.searchText} like lower(${containsPattern(filter.search)})`);
  if (position)
    where.push(
      (filter.dir === 'asc' ? newerThan : olderThan)(appointments.startDate, appointments.id, position),
    );
  return where;
}

/**
 * One page of the list: `limit` rows after the position, newest start first (oldest first with dir asc);
 * `nextCursor` null at the end.
 */
export async function appointmentListPage(
  db: Reader,
  filter: AppointmentListFilter,
  position: TimePosition | undefined,
  limit: number,
): Promise<TimePage<AppointmentListItem>> {
  const rows = await selectAppointments(db, {
    id: appointments.id,
    micros: microsOf(appointments.startDate),
    groupId: appointments.groupId,
    status: appointments.status,
    startDate: appointments.startDate,
    endDate: appointments.endDate,
    timezone: ZONE,
    providerId: providers.id,
    providerName: providers.name,
    displayName: users.displayName,
    email: users.email,
    service: sql<string | null>`coalesce(${serviceItems.name}, ${bundles.name}, ${appointments.name})`,
  })
    .innerJoin(users, CUSTOMER)
    .where(and(...conditions(filter, position)))
    .orderBy(...(filter.dir === 'asc' ? BY_START : [desc(appointments.startDate), desc(appointments.id)]))
    .limit(limit + 1);
  return timePage(rows, limit, (row) => ({
    id: row.id,
    groupId: row.groupId,
    status: row.status,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    timezone: row.timezone,
    provider: { id: row.providerId, name: row.providerName },
    customer: { displayName: row.displayName, email: row.email },
    service: row.service,
  }));
}
