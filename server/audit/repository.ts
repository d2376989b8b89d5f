/**
 * The audit trail's reads (GET /audit, GET /audit.csv) and the events the API records itself (sign-in and
 * view-as reported by the console, refused attempts, uploads). Rows written by the row triggers name
 * columns as the database does; reads answer them with the record's field names (`photo_url` →
 * `photoURL`). No HTTP here.
 */
import { and, desc, eq, getTableColumns, gte, is, lt, sql, type SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { AuditEvent, AuditFilters } from '../../src/api/contract/audit';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { auditEvents, providers } from '../db/schema';
import { microsOf, olderThan, timePage, type TimePage, type TimePosition } from '../db/time-cursor';
import type { AuditActor } from './context';

/** A field named like a secret is never stored by the API's own events (the triggers do the same). */
export const SECRET_FIELD = /password|token|secret|account_?number|routing_?number/i;

/** Each table's column names and the field names the API and the console use for them. */
const FIELD_NAMES = new Map<string, string>();
for (const table of Object.values(schema)) {
  if (!is(table, PgTable)) continue;
  for (const [field, column] of Object.entries(getTableColumns(table)))
    if (column.name !== field) FIELD_NAMES.set(column.name, field);
}

type Changes = Record<string, unknown>;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * An event's changes as the API answers them. An update stored by the row trigger (migration 0027) as the
 * row before and after, `{ $from, $to, $hidden? }`, becomes `{ column: { from, to } }` of the columns that
 * changed, with the hidden ones from `$hidden`; anything else (a create, a delete, an update stored before
 * 0027, the API's own events) is answered as stored. Values come from jsonb, whose key order is canonical, so
 * equal values read back as equal JSON.
 */
export function changesOf(stored: Changes | null): Changes | null {
  if (!stored || !('$from' in stored) || !('$to' in stored)) return stored;
  const from = (stored.$from ?? {}) as Changes;
  const to = (stored.$to ?? {}) as Changes;
  const changed: Changes = {};
  for (const column of new Set([...Object.keys(from), ...Object.keys(to)]))
    if (!sameJson(from[column], to[column]))
      changed[column] = { from: from[column] ?? null, to: to[column] ?? null };
  return { ...changed, ...((stored.$hidden ?? {}) as Changes) };
}

function fieldNamed(changes: Changes | null): Changes | null {
  if (!changes) return null;
  return Object.fromEntries(
    Object.entries(changes).map(([column, value]) => [FIELD_NAMES.get(column) ?? column, value]),
  );
}

type Row = typeof auditEvents.$inferSelect & { micros: string };

function toEvent({ micros: _micros, at, changes, ...row }: Row): AuditEvent {
  return { ...row, at: at.toISOString(), changes: fieldNamed(changesOf(changes ?? null)) };
}

function conditions(filters: AuditFilters): SQL[] {
  const where: SQL[] = [];
  const { actor, recordType, recordId, kind, from, to } = filters;
  // An email is matched without regard to case (audit_events_actor_email_idx), a uid exactly.
  if (actor !== undefined)
    where.push(
      actor.includes('@')
        ? sql`lower(${auditEvents.actorEmail}) = lower(${actor})`
        : eq(auditEvents.actorUid, actor),
    );
  if (recordType !== undefined) where.push(eq(auditEvents.recordType, recordType));
  if (recordId !== undefined) where.push(eq(auditEvents.recordId, recordId));
  if (kind !== undefined) where.push(eq(auditEvents.kind, kind));
  if (from !== undefined) where.push(gte(auditEvents.at, new Date(from)));
  if (to !== undefined) where.push(lt(auditEvents.at, new Date(to)));
  return where;
}

const selection = {
  ...getTableColumns(auditEvents),
  // Microseconds since the epoch: `at` exactly, which a Date (milliseconds) would round.
  micros: microsOf(auditEvents.at),
};

/** Newest first, `limit` rows after the cursor's position; `nextCursor` null at the end. */
export async function auditPage(
  db: Db,
  filters: AuditFilters,
  position: TimePosition | undefined,
  limit: number,
): Promise<TimePage<AuditEvent>> {
  const where = conditions(filters);
  if (position) where.push(olderThan(auditEvents.at, auditEvents.id, position));
  const rows = await db
    .select(selection)
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit + 1);
  return timePage(rows, limit, toEvent);
}

/** Up to `max` events, newest first, for the CSV download. */
export async function auditRows(db: Db, filters: AuditFilters, max: number): Promise<AuditEvent[]> {
  const rows = await db
    .select(selection)
    .from(auditEvents)
    .where(and(...conditions(filters)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(max);
  return rows.map(toEvent);
}

export interface RecordedEvent {
  kind: string;
  recordType?: string;
  recordId?: string;
  status?: number;
  changes?: Record<string, unknown>;
}

/** Writes one event the API records itself (outside the triggers); secret-named fields are left out. */
export async function recordEvent(db: Db, actor: AuditActor, event: RecordedEvent): Promise<number> {
  const changes = event.changes
    ? Object.fromEntries(Object.entries(event.changes).filter(([key]) => !SECRET_FIELD.test(key)))
    : null;
  const [row] = await db
    .insert(auditEvents)
    .values({
      actorUid: actor.uid,
      actorEmail: actor.email,
      actorRole: actor.role,
      viewingAs: actor.viewingAs,
      address: actor.address,
      method: actor.method,
      path: actor.path,
      kind: event.kind,
      recordType: event.recordType ?? null,
      recordId: event.recordId ?? null,
      status: event.status ?? null,
      changes,
    })
    .returning({ id: auditEvents.id });
  if (!row) throw new Error('The audit event was not stored');
  return row.id;
}

export async function providerExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, id));
  return row !== undefined;
}
