/**
 * The audit trail (GET /audit, admins only): every write the API accepted, sign-ins, view-as start and end,
 * role changes and refused authorisation attempts, newest first. Rows are append-only and never hold a
 * secret, token or bank number.
 */
import * as v from 'valibot';
import { AUDIT_KIND_NAMES, type AuditKind } from '../../domain/audit/audit-kinds';
import { cursorPageEntries, idField, onceQuery, wholeText } from './primitives';

/** The event kinds, named once in the domain (the History route's URL check reads them in the first load). */
export const AUDIT_KINDS = AUDIT_KIND_NAMES;
export type { AuditKind };

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
export const AuditPageSchema = v.object(cursorPageEntries(AuditEventSchema));
export type AuditPage = v.InferOutput<typeof AuditPageSchema>;

/**
 * GET /audit query (all optional): `actor` (uid or email), `recordType` with optional `recordId`, `kind`,
 * `from`/`to` (ISO instants, `from` inclusive, `to` exclusive), `cursor`, `limit` (1–200, default 50).
 * GET /audit.csv takes the same filters (no cursor) and answers text/csv of at most 10,000 rows.
 */
export const AUDIT_PAGE_LIMIT_DEFAULT = 50;
export const AUDIT_PAGE_LIMIT_MAX = 200;
export const AUDIT_CSV_MAX_ROWS = 10_000;

const text = (name: string, max: number) =>
  v.optional(
    v.pipe(
      onceQuery(name),
      v.minLength(1, `${name} must not be empty`),
      v.maxLength(max, `${name} can be at most ${max} characters`),
    ),
  );
/** An instant with its offset, e.g. 2026-03-01T00:00:00Z or 2026-03-01T08:00:00.000-08:00. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const instant = (name: string) =>
  v.optional(
    v.pipe(
      onceQuery(name),
      v.check(
        (value) => INSTANT.test(value) && !Number.isNaN(Date.parse(value)),
        `${name} must be an ISO instant with its offset, e.g. 2026-03-01T00:00:00Z`,
      ),
    ),
  );

const filters = {
  actor: text('actor', 320),
  recordType: text('recordType', 64),
  recordId: text('recordId', 128),
  kind: v.optional(
    v.pipe(onceQuery('kind'), v.picklist(AUDIT_KINDS, `kind must be one of ${AUDIT_KINDS.join(', ')}`)),
  ),
  from: instant('from'),
  to: instant('to'),
};

/** GET /audit.csv query: the filters of GET /audit. */
export const AuditCsvQuerySchema = v.object(filters);
export type AuditFilters = v.InferOutput<typeof AuditCsvQuerySchema>;

/** GET /audit query: the filters, `cursor` (a page's `nextCursor`) and `limit`. */
export const AuditQuerySchema = v.object({
  ...filters,
  cursor: text('cursor', 200),
  limit: v.optional(
    v.pipe(
      onceQuery('limit'),
      wholeText(1, AUDIT_PAGE_LIMIT_MAX, `limit must be a whole number from 1 to ${AUDIT_PAGE_LIMIT_MAX}`),
    ),
  ),
});
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>;

/** The kinds the console itself reports with POST /audit/events, each for the signed-in caller. */
export const AUDIT_CLIENT_KINDS = ['sign-in', 'view-as-start', 'view-as-end'] as const;

/** POST /audit/events body: `providerId` names the provider viewed (view-as start and end). */
export const AuditEventInputSchema = v.object({
  kind: v.picklist(AUDIT_CLIENT_KINDS, `kind must be one of ${AUDIT_CLIENT_KINDS.join(', ')}`),
  providerId: v.optional(idField('providerId', 'providerId must be a provider id')),
});
export type AuditEventInput = v.InferOutput<typeof AuditEventInputSchema>;

/** POST /audit/events answer (201). */
export const AuditEventCreatedSchema = v.object({ id: v.number() });
