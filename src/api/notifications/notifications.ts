import type { ApiClient } from '../client';
import {
  NotificationPageSchema,
  NotificationStateSchema,
  type NotificationFilter,
} from '../contract/notifications';

/** The admins' inbox: GET /notifications, PUT /notifications/{id}/read and /dismiss (the caller's own). */
export function notificationsApi(client: ApiClient) {
  return {
    page: (query: { filter: NotificationFilter; cursor?: string; limit?: number }, signal?: AbortSignal) =>
      client.get(NotificationPageSchema, '/notifications', { query, ...(signal ? { signal } : {}) }),
    setRead: (id: number, read: boolean) =>
      client.put(NotificationStateSchema, `/notifications/${id}/read`, { body: { read } }),
    setDismissed: (id: number, dismissed: boolean) =>
      client.put(NotificationStateSchema, `/notifications/${id}/dismiss`, { body: { dismissed } }),
  };
}
export type NotificationsApi = ReturnType<typeof notificationsApi>;
