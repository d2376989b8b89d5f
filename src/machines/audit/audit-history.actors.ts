/** The History screen's side effects, built from the audit API; tests provide their own. */
import { fromPromise } from 'xstate';
import type { AuditApi } from '../../api/audit/audit';
import { AUDIT_PAGE_LIMIT_DEFAULT, type AuditPage } from '../../api/contract/audit';
import type { AuditFilters } from '../../domain/audit/audit';
import { auditQuery } from '../../domain/audit/audit-times';
import type { LoadAuditPageInput } from './audit-history.machine';

export function createAuditHistoryActors(
  api: AuditApi,
  options: {
    /** The reader's zone: a date filter is that whole day there. */
    timeZone: string;
    /** Hands the CSV text to the browser as a file. */
    saveCsv(text: string): void;
  },
) {
  return {
    loadAuditPage: fromPromise<AuditPage, LoadAuditPageInput>(({ input, signal }) =>
      api.page(
        {
          ...auditQuery(input.filters, options.timeZone),
          ...(input.cursor === null ? {} : { cursor: input.cursor }),
          limit: AUDIT_PAGE_LIMIT_DEFAULT,
        },
        signal,
      ),
    ),
    downloadAuditCsv: fromPromise<void, { filters: AuditFilters }>(async ({ input }) => {
      options.saveCsv(await api.csv(auditQuery(input.filters, options.timeZone)));
    }),
  };
}
