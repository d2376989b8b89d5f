/** The Notifications inbox's side effects, built from the notifications API; tests provide their own. */
import { fromPromise } from 'xstate';
import {
  NOTIFICATION_PAGE_LIMIT_DEFAULT,
  type NotificationPage,
  type NotificationState,
} from '../../api/contract/notifications';
import type { NotificationsApi } from '../../api/notifications/notifications';
import type { LoadNotificationsInput } from './notifications-inbox.machine';

export function createNotificationsInboxActors(api: NotificationsApi) {
  return {
    loadNotifications: fromPromise<NotificationPage, LoadNotificationsInput>(({ input, signal }) =>
      api.page(
        {
          filter: input.filter,
          ...(input.cursor === null ? {} : { cursor: input.cursor }),
          limit: NOTIFICATION_PAGE_LIMIT_DEFAULT,
        },
        signal,
      ),
    ),
    setRead: fromPromise<NotificationState, { id: number; read: boolean }>(({ input }) =>
      api.setRead(input.id, input.read),
    ),
    setDismissed: fromPromise<NotificationState, { id: number; dismissed: boolean }>(({ input }) =>
      api.setDismissed(input.id, input.dismissed),
    ),
  };
}
