/** Snapshot → what the appointments workspace shows: the rows, the list's state, paging and the drawer. */
import type { SnapshotFrom } from 'xstate';
import type { ProviderAppointment } from '../../api/contract/appointment';
import type { AppointmentListItem } from '../../api/contract/appointment-list';
import { hasFilters } from '../../domain/appointments/workspace';
import type { appointmentWorkspaceMachine } from './appointment-workspace.machine';

export interface AppointmentWorkspaceView {
  rows: AppointmentListItem[];
  /** The first page is being read (nothing to show yet; another order of the rows shown is `refreshing`). */
  loading: boolean;
  /** The first page failed: its message, shown with Try again. */
  error: string | null;
  /** Read, and no appointment matches. */
  empty: boolean;
  /** The empty state offers Clear filters. */
  canClearFilters: boolean;
  /** Load more is offered (there is a further page) and whether it is reading one now. */
  hasMore: boolean;
  loadingMore: boolean;
  moreError: string | null;
  /** The rows shown are being read again after a change, or in another order. */
  refreshing: boolean;
  /** The drawer: the booking shown, whether it is being read, and why it could not be. */
  booking: ProviderAppointment | null;
  opening: boolean;
  openError: string | null;
}

export function appointmentWorkspaceView(
  snapshot: SnapshotFrom<typeof appointmentWorkspaceMachine>,
  /** The provider the person cannot change (an admin viewing as a provider): not a filter to clear. */
  fixedProvider: number | null = null,
): AppointmentWorkspaceView {
  const { rows, error, moreError, nextCursor, filters, booking, bookingError } = snapshot.context;
  const ready = snapshot.matches({ list: 'ready' });
  const loadingMore = snapshot.matches({ list: 'loadingMore' });
  const loading = snapshot.matches({ list: 'loading' });
  const reordering = loading && rows.length > 0;
  const refreshing = snapshot.matches({ list: 'refreshing' }) || reordering;
  return {
    rows,
    loading: loading && !reordering,
    error: snapshot.matches({ list: 'failed' }) ? error : null,
    empty: (ready || refreshing) && rows.length === 0,
    canClearFilters: hasFilters(filters, fixedProvider),
    hasMore: (ready || loadingMore) && nextCursor !== null,
    loadingMore,
    moreError,
    refreshing,
    booking,
    opening: snapshot.matches({ drawer: 'loading' }),
    openError: snapshot.matches({ drawer: 'failed' }) ? bookingError : null,
  };
}
