/** Snapshot → what the Notifications screen shows: the entries, the list's state, paging, Undo. */
import type { SnapshotFrom } from 'xstate';
import type { Notification, NotificationFilter } from '../../api/contract/notifications';
import type { notificationsInboxMachine } from './notifications-inbox.machine';

export interface NotificationsInboxView {
  filter: NotificationFilter;
  items: Notification[];
  unread: number;
  loading: boolean;
  error: string | null;
  /** Read, and nothing in the inbox for the filter. */
  empty: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  olderError: string | null;
  /** The entry whose read state is being changed (its buttons wait). */
  pendingId: number | null;
  /** Undo is offered for this entry (dismissed a moment ago). */
  undoable: Notification | null;
  /** A dismiss or its undo is on its way (Undo waits). */
  dismissing: boolean;
}

export function notificationsInboxView(
  snapshot: SnapshotFrom<typeof notificationsInboxMachine>,
): NotificationsInboxView {
  const { items, error, olderError, nextCursor, filter, unread, pending, dismissed } = snapshot.context;
  const ready = snapshot.matches({ list: 'ready' });
  const loadingOlder = snapshot.matches({ list: 'loadingOlder' });
  return {
    filter,
    items,
    unread,
    loading: snapshot.matches({ list: 'loading' }),
    error: snapshot.matches({ list: 'failed' }) ? error : null,
    empty: ready && items.length === 0,
    hasOlder: (ready || loadingOlder) && nextCursor !== null,
    loadingOlder,
    olderError,
    pendingId: pending?.id ?? null,
    undoable: dismissed?.item ?? null,
    dismissing: snapshot.matches({ entry: 'dismissing' }) || snapshot.matches({ entry: 'restoring' }),
  };
}
