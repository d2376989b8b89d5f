import { Button, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { NotificationFilter } from '../../api/contract/notifications';
import { notificationsApi } from '../../api/notifications/notifications';
import { readerTimeZone } from '../../app/clock';
import { useFlow } from '../../app/flow';
import { notificationQueries } from '../../api/notifications/notifications.queries';
import { NOTIFICATION_MESSAGES } from '../../domain/notifications/notifications';
import { createNotificationsInboxActors } from '../../machines/notifications/notifications-inbox.actors';
import { notificationsInboxMachine } from '../../machines/notifications/notifications-inbox.machine';
import { notificationsInboxView } from '../../machines/notifications/notifications-inbox.view';
import { NotificationFilterBar, NotificationList } from '../../ui/notifications/NotificationList';
import { PageHeader } from '../../ui/kit/PageHeader';
import { PageShell } from '../../ui/kit/PageShell';
import { ListStates } from '../../ui/kit/ListStates';
import { useNow } from '../audit/use-now';

/**
 * Notifications (admins only): the inbox of what needs an admin's action, produced by the API from real
 * events; Unread or All in the URL, read, unread and dismiss (with Undo) each the admin's own.
 */
export function NotificationsScreen({ api, filter }: { api: ApiClient; filter: NotificationFilter }) {
  const navigate = useNavigate({ from: '/notifications' });
  const [timeZone] = useState(readerTimeZone);
  const [snapshot, send] = useFlow(notificationsInboxMachine, {
    input: { filter },
    actors: createNotificationsInboxActors(notificationsApi(api)),
  });
  useEffect(() => send({ type: 'filter.change', filter }), [send, filter]);
  const view = notificationsInboxView(snapshot);
  const now = useNow();
  // The sidebar's count follows each answer (a page, a read, an unread, a dismiss) at once.
  const queryClient = useQueryClient();
  const known = !view.loading && !view.error;
  useEffect(() => {
    if (known) queryClient.setQueryData(notificationQueries.unread(api).queryKey, view.unread);
  }, [queryClient, api, known, view.unread]);

  const setFilter = useCallback(
    (next: NotificationFilter) => void navigate({ search: { filter: next } }),
    [navigate],
  );
  const open = useCallback((href: string) => void navigate({ href }), [navigate]);
  const read = useCallback(
    (id: number, value: boolean) => send({ type: 'entry.read', id, read: value }),
    [send],
  );
  const dismiss = useCallback((id: number) => send({ type: 'entry.dismiss', id }), [send]);

  return (
    <PageShell>
      <PageHeader
        title="Notifications"
        description="What needs your attention, newest first. Read and dismissed are yours alone."
      />
      <NotificationFilterBar filter={view.filter} unread={view.unread} onChange={setFilter} />
      {view.undoable && (
        <Stack
          direction="row"
          align="center"
          gap="3"
          mb="3"
          px="3"
          py="2"
          bg="gray.800"
          color="white"
          rounded="md"
          flexWrap="wrap"
        >
          <Text role="status" flex="1">
            {NOTIFICATION_MESSAGES.dismissed}
          </Text>
          <Button
            size="sm"
            variant="outline"
            color="white"
            _hover={{ bg: 'gray.700' }}
            loading={view.dismissing}
            onClick={() => send({ type: 'dismiss.undo' })}
          >
            Undo
          </Button>
          <Button
            size="sm"
            variant="ghost"
            color="white"
            _hover={{ bg: 'gray.700' }}
            aria-label="Close"
            onClick={() => send({ type: 'undo.close' })}
          >
            ✕
          </Button>
        </Stack>
      )}
      <ListStates
        view={view}
        onRetry={() => send({ type: 'retry' })}
        onOlder={() => send({ type: 'older.load' })}
        loadingLabel="Loading notifications"
        skeleton={{ rows: 4, height: '20' }}
        empty={
          view.empty && (
            <Stack p="6" bg="white" rounded="md" borderWidth="1px" align="flex-start" gap="1" role="status">
              <Text fontWeight="semibold">
                {view.filter === 'unread' ? NOTIFICATION_MESSAGES.caughtUp : NOTIFICATION_MESSAGES.noneAtAll}
              </Text>
              <Text color="fg.muted">
                {view.filter === 'unread'
                  ? NOTIFICATION_MESSAGES.caughtUpDetail
                  : NOTIFICATION_MESSAGES.noneAtAllDetail}
              </Text>
            </Stack>
          )
        }
      >
        <NotificationList
          items={view.items}
          nowMs={now}
          timeZone={timeZone}
          pendingId={view.pendingId}
          onOpen={open}
          onRead={read}
          onDismiss={dismiss}
        />
      </ListStates>
    </PageShell>
  );
}
