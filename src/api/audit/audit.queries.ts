import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { AUDIT_LATEST_LIMIT, auditApi } from './audit';

/**
 * GET /audit (admin): the latest events of one record, for its "Changed by" line; read again when the
 * record's version (if it has one) moves on.
 */
export const auditQueries = {
  all: ['audit'] as const,
  latestOf: (api: ApiClient, recordType: string, recordId: string, version: number | null = null) =>
    queryOptions({
      queryKey: [...auditQueries.all, 'record', recordType, recordId, version] as const,
      queryFn: ({ signal }) =>
        auditApi(api).page({ recordType, recordId, limit: AUDIT_LATEST_LIMIT }, signal),
    }),
};
