import { Badge, Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { openInConsole } from '../kit/console-link';
import type { Notification, NotificationFilter } from '../../api/contract/notifications';
import {
  KIND_LABELS,
  notificationLink,
  notificationSentence,
} from '../../domain/notifications/notifications';
import { RelativeTime } from '../audit/RelativeTime';

interface EntryProps {
  item: Notification;
  nowMs: number;
  timeZone: string;
  busy: boolean;
  onOpen(href: string): void;
  onRead(id: number, read: boolean): void;
  onDismiss(id: number): void;
}

const Entry = memo(function Entry({ item, nowMs, timeZone, busy, onOpen, onRead, onDismiss }: EntryProps) {
  const unread = item.readAt === null;
  const link = notificationLink(item);
  const sentence = notificationSentence(item, nowMs, timeZone);
  return (
    <Box
      as="li"
      listStyleType="none"
      bg={unread ? 'white' : 'gray.50'}
      borderWidth="1px"
      borderInlineStartWidth="4px"
      borderInlineStartColor={unread ? 'blue.500' : 'gray.200'}
      rounded="md"
      p={{ base: '3', md: '4' }}
      data-testid="notification"
      data-kind={item.kind}
      data-unread={unread}
    >
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between">
        <Stack gap="1" minW="0" flex="1">
          <Stack direction="row" gap="2" align="center" flexWrap="wrap" fontSize="sm" color="fg.muted">
            <Badge colorPalette={unread ? 'blue' : 'gray'} variant="subtle">
              {KIND_LABELS[item.kind]}
            </Badge>
            {unread && (
              <Text as="span" srOnly>
                Unread.
              </Text>
            )}
            <RelativeTime at={item.createdAt} nowMs={nowMs} timeZone={timeZone} />
          </Stack>
          <Text fontWeight={unread ? 'semibold' : 'normal'} overflowWrap="anywhere">
            {sentence}
          </Text>
          {link && (
            <Link href={link.href} color="blue.700" fontSize="sm" onClick={openInConsole(link.href, onOpen)}>
              {link.label}
            </Link>
          )}
        </Stack>
        <Stack direction="row" gap="2" align="flex-start" flexShrink={0}>
          <Button
            size="sm"
            variant="outline"
            bg="white"
            loading={busy}
            onClick={() => onRead(item.id, unread)}
            aria-label={`${unread ? 'Mark read' : 'Mark unread'}: ${sentence}`}
          >
            {unread ? 'Mark read' : 'Mark unread'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onDismiss(item.id)}
            aria-label={`Dismiss: ${sentence}`}
          >
            Dismiss
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
});

/** The inbox's entries, newest first: what happened in plain words, when, its record, read and dismiss. */
export function NotificationList(
  props: Omit<EntryProps, 'item' | 'busy'> & {
    items: Notification[];
    pendingId: number | null;
  },
) {
  const { items, pendingId, ...rest } = props;
  return (
    <Stack as="ul" gap="2" p="0" m="0" aria-label="Notifications">
      {items.map((item) => (
        <Entry key={item.id} item={item} busy={pendingId === item.id} {...rest} />
      ))}
    </Stack>
  );
}

/** Unread or All, as two toggle buttons; Unread shows the count. */
export function NotificationFilterBar(props: {
  filter: NotificationFilter;
  unread: number;
  onChange(filter: NotificationFilter): void;
}) {
  const option = (filter: NotificationFilter, label: string) => (
    <Button
      size="sm"
      variant={props.filter === filter ? 'solid' : 'outline'}
      bg={props.filter === filter ? undefined : 'white'}
      aria-pressed={props.filter === filter}
      onClick={() => props.onChange(filter)}
    >
      {label}
    </Button>
  );
  return (
    <Stack direction="row" gap="2" role="group" aria-label="Show" mb="4">
      {option('unread', props.unread > 0 ? `Unread (${props.unread})` : 'Unread')}
      {option('all', 'All')}
    </Stack>
  );
}
