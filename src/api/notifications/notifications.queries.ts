import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import { notificationsApi } from './notifications';

/**
 * The admin's unread notifications (GET /notifications, its `unread`): the sidebar's count on Notifications.
 * Read again every minute and on focus; the inbox writes the count each read, unread or dismiss answers, so the
 * sidebar follows at once.
 */
export const notificationQueries = {
  all: ['notifications'] as const,
  unread: (api: ApiClient) =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'unread'] as const,
      queryFn: async ({ signal }) =>
        (await notificationsApi(api).page({ filter: 'unread', limit: 1 }, signal)).unread,
      staleTime: 30_000,
      refetchInterval: 60_000,
    }),
};
