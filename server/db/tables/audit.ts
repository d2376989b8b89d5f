/**
 * The audit trail and the idempotency keys: bookkeeping of who did what through the API.
 * `audit_events` is append-only (the API never updates or deletes a row of it); `idempotency_keys`
 * remembers the answer to a create for a while, so a repeated submission gets the same answer.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in account (Firebase uid) that made the request; null for anonymous attempts. */
    actorUid: text('actor_uid'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    /** While an admin views the console as a provider: the admin's uid (the actor is then the admin too). */
    viewingAs: text('viewing_as'),
    /** create | update | delete | sign-in | view-as-start | view-as-end | role-change | refused | … */
    kind: text('kind').notNull(),
    /** The record's kind (`provider`, `location`, `user`, …) and id, when the event names one. */
    recordType: text('record_type'),
    recordId: text('record_id'),
    method: text('method'),
    path: text('path'),
    status: integer('status'),
    /**
     * What changed, never a secret: a create or delete holds the row's fields; an update (migration 0027)
     * `{ $from, $to, $hidden? }`, the row before and after (hidden fields left out, and their changes in
     * `$hidden` as `{ field: { from: "[hidden]", to: "[hidden]" } }`), which reads turn into
     * `{ field: { from, to } }` of the fields that changed (server/audit/repository.ts). Rows written before
     * 0027 hold that form already.
     */
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    address: text('address'),
  },
  // Newest first as the reads order it (`order by at desc, id desc`: PostgreSQL puts nulls first in a
  // descending order, and an index sorted nulls last does not serve it; migration 0034).
  (t) => [
    index('audit_events_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_events_record_idx').on(t.recordType, t.recordId, t.at.desc().nullsFirst()),
    index('audit_events_actor_idx').on(t.actorUid, t.at.desc().nullsFirst()),
    // Only the rarer kinds: most rows are a record's create, update or delete, which a newest-first scan of
    // audit_events_at_idx finds at once, so they need no index entry (one less index for every write).
    index('audit_events_kind_idx')
      .on(t.kind, t.at.desc().nullsFirst())
      .where(sql`${t.kind} not in ('create', 'update', 'delete')`),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller's uid: a key is only ever looked up among its own account's keys. */
    uid: text('uid').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** A hash of the request body: the same key with another body is refused, not replayed. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    status: integer('status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Rows older than this are swept: a retry comes within minutes, never a day later. */
export const IDEMPOTENCY_KEY_TTL_SQL = sql`interval '24 hours'`;
