import * as v from 'valibot';
import type { ApiClient } from '../client';
import { AuditPageSchema } from '../contract/audit';
import type { AuditQuery } from '../../domain/audit/audit';
import { recordAuditEvent } from './audit-events';

/**
 * How many of a record's latest events the "Changed by" line reads to find its latest change. Here, not
 * beside the labels in src/domain/audit, so what reads it leaves the time library out.
 */
export const AUDIT_LATEST_LIMIT = 10;

const CsvSchema = v.string();

/** The audit trail: GET /audit (a page, newest first), GET /audit.csv, POST /audit/events. */
export function auditApi(client: ApiClient) {
  return {
    page: (query: AuditQuery & { cursor?: string; limit?: number }, signal?: AbortSignal) =>
      client.get(AuditPageSchema, '/audit', { query, ...(signal ? { signal } : {}) }),
    /** The CSV file's text (without a byte order mark: the download adds its own). */
    csv: async (query: AuditQuery) =>
      (await client.get(CsvSchema, '/audit.csv', { query })).replace(/^\uFEFF/, ''),
    record: recordAuditEvent(client),
  };
}
export type AuditApi = ReturnType<typeof auditApi>;
