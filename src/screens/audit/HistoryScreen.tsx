import { Button } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { auditApi } from '../../api/audit/audit';
import type { ApiClient } from '../../api/client';
import { readerTimeZone } from '../../app/clock';
import { downloadCsv } from '../../app/download';
import { useFlow } from '../../app/flow';
import { AUDIT_MESSAGES, NO_AUDIT_FILTERS, type AuditFilters } from '../../domain/audit/audit';
import { createAuditHistoryActors } from '../../machines/audit/audit-history.actors';
import { auditHistoryMachine } from '../../machines/audit/audit-history.machine';
import { auditHistoryView } from '../../machines/audit/audit-history.view';
import { AuditFiltersBar } from '../../ui/audit/AuditFiltersBar';
import { AuditTable } from '../../ui/audit/AuditTable';
import { PageHeader } from '../../ui/kit/PageHeader';
import { PageShell } from '../../ui/kit/PageShell';
import { EmptyList, ListStates } from '../../ui/kit/ListStates';
import { filtersOf, toSearch, type HistorySearch } from './history-search';
import { useNow } from './use-now';

/**
 * History (the audit trail, admins only): who did what to which record, newest first, with the filters in
 * the URL, older pages on Load older and the CSV of the same filters.
 */
export function HistoryScreen({ api, search }: { api: ApiClient; search: HistorySearch }) {
  const navigate = useNavigate({ from: '/history' });
  const [timeZone] = useState(readerTimeZone);
  const filters = useMemo(() => filtersOf(search), [search]);
  const [snapshot, send] = useFlow(auditHistoryMachine, {
    input: { filters },
    actors: createAuditHistoryActors(auditApi(api), {
      timeZone,
      saveCsv: (text) => downloadCsv('history', text, timeZone),
    }),
  });
  useEffect(() => send({ type: 'filters.change', filters }), [send, filters]);
  const view = auditHistoryView(snapshot);
  const now = useNow();

  const setFilters = useCallback(
    (change: Partial<AuditFilters>) =>
      void navigate({ search: (prev) => ({ ...prev, ...toSearch(change) }) }),
    [navigate],
  );
  const clear = useCallback(() => void navigate({ search: NO_AUDIT_FILTERS }), [navigate]);
  const openRecord = useCallback((href: string) => void navigate({ href }), [navigate]);

  return (
    <PageShell>
      <PageHeader
        title="History"
        description="Every change made through the console, sign-ins and viewing as a provider, newest first."
        secondary={
          <Button
            variant="outline"
            bg="white"
            loading={view.downloading}
            loadingText="Preparing"
            onClick={() => send({ type: 'csv.download' })}
          >
            Download CSV
          </Button>
        }
      />
      <AuditFiltersBar filters={filters} onChange={setFilters} onClear={clear} />
      <ListStates
        view={view}
        onRetry={() => send({ type: 'retry' })}
        onOlder={() => send({ type: 'older.load' })}
        loadingLabel="Loading history"
        skeleton={{ rows: 5, height: '10' }}
        empty={
          view.empty && (
            <EmptyList
              message={AUDIT_MESSAGES.empty}
              onClearFilters={view.canClearFilters ? clear : undefined}
            />
          )
        }
      >
        <AuditTable events={view.events} nowMs={now} timeZone={timeZone} onOpenRecord={openRecord} />
      </ListStates>
    </PageShell>
  );
}
