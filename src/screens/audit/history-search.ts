import * as v from 'valibot';
import { SearchTextSchema, toSearchText } from '../../api/contract/search-params';
import type { AuditFilters } from '../../domain/audit/audit';
import { AUDIT_KIND_NAMES, AUDIT_RECORD_TYPES } from '../../domain/audit/audit-kinds';

/** A typed filter (see SearchTextSchema); `filtersOf` takes its text. */
const text = SearchTextSchema;
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

/** A change of the filters as the URL holds it: a whole-number text goes as a number (see `text`). */
export function toSearch(change: Partial<AuditFilters>): Partial<v.InferInput<typeof HistorySearchSchema>> {
  const plain = (text: string | undefined) => (text === undefined ? undefined : toSearchText(text));
  const { actor, recordId, ...rest } = change;
  return {
    ...rest,
    ...(actor === undefined ? {} : { actor: plain(actor) }),
    ...(recordId === undefined ? {} : { recordId: plain(recordId) }),
  };
}

export const filtersOf = (search: HistorySearch): AuditFilters => ({
  actor: String(search.actor),
  recordType: search.recordType,
  recordId: String(search.recordId),
  kind: search.kind,
  from: search.from,
  to: search.to,
});
