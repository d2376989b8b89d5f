/** Snapshot → what the History screen shows: the rows, which state the table is in, paging and the CSV. */
import type { SnapshotFrom } from 'xstate';
import type { AuditEvent } from '../../api/contract/audit';
import { hasFilters } from '../../domain/audit/audit';
import type { auditHistoryMachine } from './audit-history.machine';

export interface AuditHistoryView {
  events: AuditEvent[];
  /** The first page is being read (nothing to show yet). */
  loading: boolean;
  /** The first page failed: its message, shown with Try again. */
  error: string | null;
  /** Read, and no event matches. */
  empty: boolean;
  /** The empty state offers Clear filters. */
  canClearFilters: boolean;
  /** Load older is offered (there is an older page) and whether it is reading one now. */
  hasOlder: boolean;
  loadingOlder: boolean;
  olderError: string | null;
  downloading: boolean;
}

export function auditHistoryView(snapshot: SnapshotFrom<typeof auditHistoryMachine>): AuditHistoryView {
  const { events, error, olderError, nextCursor, filters } = snapshot.context;
  const ready = snapshot.matches({ list: 'ready' });
  const loadingOlder = snapshot.matches({ list: 'loadingOlder' });
  return {
    events,
    loading: snapshot.matches({ list: 'loading' }),
    error: snapshot.matches({ list: 'failed' }) ? error : null,
    empty: ready && events.length === 0,
    canClearFilters: hasFilters(filters),
    hasOlder: (ready || loadingOlder) && nextCursor !== null,
    loadingOlder,
    olderError,
    downloading: snapshot.matches({ csv: 'downloading' }),
  };
}
