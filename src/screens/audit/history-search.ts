import * as v from 'valibot';
import { AUDIT_KIND_NAMES, AUDIT_RECORD_TYPES, type AuditFilters } from '../../domain/audit/audit';

const text = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.maxLength(max)), ''), '');
const day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);

/** The History filters in the URL; a bad value falls back to no filter. */
export const HistorySearchSchema = v.object({
  actor: text(200),
  recordType: v.fallback(v.optional(v.picklist(AUDIT_RECORD_TYPES)), undefined),
  recordId: text(100),
  kind: v.fallback(v.optional(v.picklist(AUDIT_KIND_NAMES)), undefined),
  from: day,
  to: day,
});
export type HistorySearch = v.InferOutput<typeof HistorySearchSchema>;

/** Defaults stay out of the URL: /history, not /history?actor=&recordId=. */
export const HISTORY_SEARCH_DEFAULTS = { actor: '', recordId: '' } as const;

export const filtersOf = (search: HistorySearch): AuditFilters => ({
  actor: search.actor,
  recordType: search.recordType,
  recordId: search.recordId,
  kind: search.kind,
  from: search.from,
  to: search.to,
});
