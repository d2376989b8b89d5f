import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { NOTIFICATION_FILTERS } from '../../domain/notifications/kinds';
import { guard } from '../../app/guards';
import { NotificationsScreen } from '../../screens/notifications/NotificationsScreen';
import { searchWithDefaults } from '../../screens/shared/url-search';

/** /notifications?filter=unread|all: the admin's inbox (a bad filter falls back to Unread). */
const NotificationsSearchSchema = v.object({
  filter: v.fallback(v.optional(v.picklist(NOTIFICATION_FILTERS), 'unread'), 'unread'),
});

export const Route = createFileRoute('/_console/notifications')({
  beforeLoad: guard('/notifications'),
  ...searchWithDefaults(NotificationsSearchSchema, { filter: 'unread' }),
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { api } = Route.useRouteContext();
  const { filter } = Route.useSearch();
  return <NotificationsScreen api={api} filter={filter} />;
}
