/**
 * The admin's Notifications inbox: the newest page for the filter (Unread or All), older pages on Load
 * older, and the admin's own read, unread and dismiss, with Undo for a dismiss.
 *
 *   list:    loading ──done──► ready ──older.load [hasOlder]──► loadingOlder ──done──► ready
 *              │  ▲                                                  └──error──► ready (its message by the button)
 *        error ▼  │ retry
 *            failed
 *            filter.change [other filter] ──► loading, from any list state
 *
 *   entry:   idle ──entry.read──► marking ──done──► idle (error: a toast, nothing changed)
 *            idle ──entry.dismiss──► dismissing (the entry leaves at once) ──done──► idle, Undo offered
 *                                                 └──error──► idle, the entry back in its place, a toast
 *            idle ──dismiss.undo [canUndo]──► restoring ──done──► idle, the entry back in its place
 *            undo.close drops the Undo offer
 */
import { assign, emit, setup } from 'xstate';
import type {
  Notification,
  NotificationFilter,
  NotificationPage,
  NotificationState,
} from '../../api/contract/notifications';
import { NOTIFICATION_MESSAGES } from '../../domain/notifications/notifications';
import { notice, type Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { cursorPagingStates, type CursorPagingEvent } from '../shared/cursor-paging';

export interface LoadNotificationsInput {
  filter: NotificationFilter;
  /** The page after this cursor (older entries); null for the newest page. */
  cursor: string | null;
}

export type NotificationsInboxEvent =
  | { type: 'filter.change'; filter: NotificationFilter }
  | CursorPagingEvent
  | { type: 'entry.read'; id: number; read: boolean }
  | { type: 'entry.dismiss'; id: number }
  | { type: 'dismiss.undo' }
  | { type: 'undo.close' };

/** A dismissed entry and where it stood, while Undo is offered. */
export interface Dismissed {
  item: Notification;
  index: number;
}

export interface NotificationsInboxContext {
  filter: NotificationFilter;
  items: Notification[];
  nextCursor: string | null;
  /** The admin's unread count, as the API last said. */
  unread: number;
  error: string | null;
  olderError: string | null;
  /** The entry whose read state is being changed, and to what. */
  pending: { id: number; read: boolean } | null;
  /** The last dismissed entry (Undo puts it back). */
  dismissed: Dismissed | null;
}

const withoutItem = (items: Notification[], id: number) => items.filter((item) => item.id !== id);
const putBack = (items: Notification[], { item, index }: Dismissed) => [
  ...items.slice(0, index),
  item,
  ...items.slice(index),
];

export const notificationsInboxMachine = setup({
  types: {
    input: {} as { filter: NotificationFilter },
    context: {} as NotificationsInboxContext,
    events: {} as NotificationsInboxEvent,
    emitted: {} as Notice,
  },
  actors: {
    loadNotifications: placeholder<NotificationPage, LoadNotificationsInput>('loadNotifications'),
    setRead: placeholder<NotificationState, { id: number; read: boolean }>('setRead'),
    setDismissed: placeholder<NotificationState, { id: number; dismissed: boolean }>('setDismissed'),
  },
  guards: {
    isOtherFilter: ({ context }, params: { filter: NotificationFilter }) => context.filter !== params.filter,
    hasOlder: ({ context }) => context.nextCursor !== null,
    isListed: ({ context }, params: { id: number }) => context.items.some((item) => item.id === params.id),
    canUndo: ({ context }) => context.dismissed !== null,
  },
  actions: {
    takeFilter: assign((_, params: { filter: NotificationFilter }) => ({
      filter: params.filter,
      items: [],
      nextCursor: null,
      error: null,
      olderError: null,
      dismissed: null,
    })),
    showFirstPage: assign((_, params: { page: NotificationPage }) => ({
      items: params.page.items,
      nextCursor: params.page.nextCursor,
      unread: params.page.unread,
    })),
    addOlderPage: assign(({ context }, params: { page: NotificationPage }) => ({
      items: [
        ...context.items,
        ...params.page.items.filter((item) => !context.items.some((shown) => shown.id === item.id)),
      ],
      nextCursor: params.page.nextCursor,
      unread: params.page.unread,
      olderError: null,
    })),
    failFirstPage: assign({ error: NOTIFICATION_MESSAGES.loadFailed }),
    failOlderPage: assign({ olderError: NOTIFICATION_MESSAGES.olderFailed }),
    clearError: assign({ error: null }),
    markPending: assign((_, params: { id: number; read: boolean }) => ({ pending: params })),
    applyRead: assign(({ context }, params: { state: NotificationState }) => ({
      items: context.items.map((item) =>
        item.id === params.state.id ? { ...item, readAt: params.state.readAt } : item,
      ),
      unread: params.state.unread,
      pending: null,
    })),
    clearPending: assign({ pending: null }),
    takeOut: assign(({ context }, params: { id: number }) => {
      const index = context.items.findIndex((item) => item.id === params.id);
      return {
        items: withoutItem(context.items, params.id),
        dismissed: { item: context.items[index]!, index },
      };
    }),
    takeUnread: assign((_, params: { state: NotificationState }) => ({ unread: params.state.unread })),
    putBackDismissed: assign(({ context }) => ({
      items: context.dismissed ? putBack(context.items, context.dismissed) : context.items,
      dismissed: null,
    })),
    dropUndo: assign({ dismissed: null }),
    noticeUpdateFailed: emit(() => notice('error', NOTIFICATION_MESSAGES.updateFailed)),
  },
}).createMachine({
  id: 'notificationsInbox',
  context: ({ input }) => ({
    filter: input.filter,
    items: [],
    nextCursor: null,
    unread: 0,
    error: null,
    olderError: null,
    pending: null,
    dismissed: null,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'filter.change': {
          guard: { type: 'isOtherFilter', params: ({ event }) => ({ filter: event.filter }) },
          target: '.loading',
          reenter: true,
          actions: { type: 'takeFilter', params: ({ event }) => ({ filter: event.filter }) },
        },
      },
      states: {
        ...cursorPagingStates({
          actor: 'loadNotifications',
          input: (context: NotificationsInboxContext, cursor) => ({ filter: context.filter, cursor }),
          nextCursor: (context) => context.nextCursor,
          olderDescription: 'The entries read so far stay shown while the next older page is read.',
        }),
      },
    },
    entry: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'entry.read': {
              guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
              target: 'marking',
              actions: {
                type: 'markPending',
                params: ({ event }) => ({ id: event.id, read: event.read }),
              },
            },
            'entry.dismiss': {
              guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
              target: 'dismissing',
              actions: { type: 'takeOut', params: ({ event }) => ({ id: event.id }) },
            },
            'dismiss.undo': { guard: 'canUndo', target: 'restoring' },
            'undo.close': { actions: 'dropUndo' },
          },
        },
        marking: {
          invoke: {
            src: 'setRead',
            input: ({ context }) => ({ id: context.pending?.id ?? 0, read: context.pending?.read ?? true }),
            onDone: {
              target: 'idle',
              actions: { type: 'applyRead', params: ({ event }) => ({ state: event.output }) },
            },
            onError: { target: 'idle', actions: ['clearPending', 'noticeUpdateFailed'] },
          },
        },
        dismissing: {
          description: 'The entry has left the list already; a refusal puts it back.',
          invoke: {
            src: 'setDismissed',
            input: ({ context }) => ({ id: context.dismissed?.item.id ?? 0, dismissed: true }),
            onDone: {
              target: 'idle',
              actions: { type: 'takeUnread', params: ({ event }) => ({ state: event.output }) },
            },
            onError: { target: 'idle', actions: ['putBackDismissed', 'noticeUpdateFailed'] },
          },
        },
        restoring: {
          invoke: {
            src: 'setDismissed',
            input: ({ context }) => ({ id: context.dismissed?.item.id ?? 0, dismissed: false }),
            onDone: {
              target: 'idle',
              actions: [
                'putBackDismissed',
                { type: 'takeUnread', params: ({ event }) => ({ state: event.output }) },
              ],
            },
            onError: { target: 'idle', actions: 'noticeUpdateFailed' },
          },
        },
      },
    },
  },
});
