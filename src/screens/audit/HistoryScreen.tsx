import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
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
import { LoadOlder } from '../../ui/kit/LoadOlder';
import { RetryMessage } from '../../ui/kit/RetryMessage';
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
      {view.error ? (
        <RetryMessage message={view.error} onRetry={() => send({ type: 'retry' })} />
      ) : view.loading ? (
        <Stack role="status" aria-busy="true" aria-label="Loading history">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h="10" />
          ))}
        </Stack>
      ) : view.empty ? (
        <Stack p="6" bg="white" rounded="md" borderWidth="1px" align="flex-start" gap="3">
          <Text role="status">{AUDIT_MESSAGES.empty}</Text>
          {view.canClearFilters && (
            <Button variant="outline" onClick={clear}>
              Clear filters
            </Button>
          )}
        </Stack>
      ) : (
        <>
          <AuditTable events={view.events} nowMs={now} timeZone={timeZone} onOpenRecord={openRecord} />
          <LoadOlder
            error={view.olderError}
            hasOlder={view.hasOlder}
            loading={view.loadingOlder}
            onLoad={() => send({ type: 'older.load' })}
          />
        </>
      )}
    </PageShell>
  );
}
