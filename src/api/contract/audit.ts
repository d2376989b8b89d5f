/**
 * The audit trail (GET /audit, admins only): every write the API accepted, sign-ins, view-as start and end,
 * role changes and refused authorisation attempts, newest first. Rows are append-only and never hold a
 * secret, token or bank number.
 */
import * as v from 'valibot';

export const AUDIT_KINDS = [
  'create',
  'update',
  'delete',
  'sign-in',
  'view-as-start',
  'view-as-end',
  'role-change',
  'refused',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AuditEventSchema = v.object({
  id: v.number(),
  /** ISO instant. */
  at: v.string(),
  actorUid: v.nullable(v.string()),
  actorEmail: v.nullable(v.string()),
  actorRole: v.nullable(v.string()),
  /** While an admin viewed the console as a provider: that provider's id (as text). */
  viewingAs: v.nullable(v.string()),
  kind: v.string(),
  /** `provider`, `location`, `user`, `credit`, … and the record's id, when the event names one. */
  recordType: v.nullable(v.string()),
  recordId: v.nullable(v.string()),
  method: v.nullable(v.string()),
  path: v.nullable(v.string()),
  status: v.nullable(v.number()),
  /** `{ field: { from, to } }` for an update, the new record's fields for a create; never a secret. */
  changes: v.nullable(v.record(v.string(), v.unknown())),
  address: v.nullable(v.string()),
});
export type AuditEvent = v.InferOutput<typeof AuditEventSchema>;

/** One page, newest first; `nextCursor` (opaque) reads the next older page, null at the end. */
export const AuditPageSchema = v.object({
  items: v.array(AuditEventSchema),
  nextCursor: v.nullable(v.string()),
});
export type AuditPage = v.InferOutput<typeof AuditPageSchema>;

/**
 * GET /audit query (all optional): `actor` (uid or email), `recordType` with optional `recordId`, `kind`,
 * `from`/`to` (ISO instants, `from` inclusive, `to` exclusive), `cursor`, `limit` (1–200, default 50).
 * GET /audit.csv takes the same filters (no cursor) and answers text/csv of at most 10,000 rows.
 */
export const AUDIT_PAGE_LIMIT_DEFAULT = 50;
export const AUDIT_PAGE_LIMIT_MAX = 200;
export const AUDIT_CSV_MAX_ROWS = 10_000;
