import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { NOTIFICATION_FILTERS } from '../../domain/notifications/kinds';
import { guard } from '../../app/guards';
import { NotificationsScreen } from '../../screens/notifications/NotificationsScreen';

/** /notifications?filter=unread|all: the admin's inbox (a bad filter falls back to Unread). */
const NotificationsSearchSchema = v.object({
  filter: v.fallback(v.optional(v.picklist(NOTIFICATION_FILTERS), 'unread'), 'unread'),
});

export const Route = createFileRoute('/_console/notifications')({
  beforeLoad: guard('/notifications'),
  validateSearch: NotificationsSearchSchema,
  search: { middlewares: [stripSearchParams({ filter: 'unread' as const })] },
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { api } = Route.useRouteContext();
  const { filter } = Route.useSearch();
  return <NotificationsScreen api={api} filter={filter} />;
}
