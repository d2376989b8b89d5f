import * as v from 'valibot';
import type { ApiClient } from '../client';
import { AuditPageSchema } from '../contract/audit';
import type { AuditQuery } from '../../domain/audit/audit';

/** What the console itself reports to the trail: a sign-in, and an admin starting or stopping view-as. */
export type AuditClientEvent =
  { kind: 'sign-in' } | { kind: 'view-as-start' | 'view-as-end'; providerId?: number };

/**
 * How many of a record's latest events the "Changed by" line reads to find its latest change. Here, not
 * beside the labels in src/domain/audit, so the first load (which reads it) leaves the time library out.
 */
export const AUDIT_LATEST_LIMIT = 10;

const RecordedSchema = v.object({ id: v.number() });
const CsvSchema = v.string();

/** The audit trail: GET /audit (a page, newest first), GET /audit.csv, POST /audit/events. */
export function auditApi(client: ApiClient) {
  return {
    page: (query: AuditQuery & { cursor?: string; limit?: number }, signal?: AbortSignal) =>
      client.get(AuditPageSchema, '/audit', { query, ...(signal ? { signal } : {}) }),
    /** The CSV file's text (without a byte order mark: the download adds its own). */
    csv: async (query: AuditQuery) =>
      (await client.get(CsvSchema, '/audit.csv', { query })).replace(/^\uFEFF/, ''),
    record: (event: AuditClientEvent) => client.post(RecordedSchema, '/audit/events', { body: event }),
  };
}
export type AuditApi = ReturnType<typeof auditApi>;
