import { Badge, Box, Link, Table, Text } from '@chakra-ui/react';
import { memo, type MouseEvent } from 'react';
import type { AuditEvent } from '../../api/contract/audit';
import {
  actorLabel,
  changeLines,
  kindLabel,
  recordHref,
  recordTypeLabel,
  roleLabel,
} from '../../domain/audit/audit';
import { ChangeList } from './ChangeList';
import { RelativeTime } from './RelativeTime';

export interface AuditTableProps {
  events: readonly AuditEvent[];
  nowMs: number;
  /** The reader's zone, for every time shown. */
  timeZone: string;
  /** Opens a record's page inside the console (a link's ordinary click). */
  onOpenRecord(href: string): void;
}

const COLUMNS = ['When', 'Who', 'What', 'Record', 'What changed', 'Address'] as const;

/**
 * From Chakra's md width up a table; on a phone each row is a card, each cell a line with its column's name
 * before it (the header row is then read from the cells' labels).
 */
const CARD_STYLES = {
  '& td': { verticalAlign: 'top' },
  '@media screen and (max-width: 47.99em)': {
    '& thead': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
    },
    '& tbody, & tr, & td': { display: 'block', width: 'full' },
    '& tr': { borderWidth: '1px', rounded: 'md', mb: '3', p: '3', bg: 'white' },
    '& td': { borderBottomWidth: '0', px: '0', py: '1' },
    '& td::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: 'xs',
      fontWeight: 'semibold',
      color: 'fg.muted',
    },
  },
} as const;

const openInConsole = (href: string, onOpen: (href: string) => void) => (event: MouseEvent) => {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
  event.preventDefault();
  onOpen(href);
};

const AuditRow = memo(function AuditRow({
  event,
  nowMs,
  timeZone,
  onOpenRecord,
}: { event: AuditEvent } & Omit<AuditTableProps, 'events'>) {
  const href = recordHref(event.recordType, event.recordId);
  const record = event.recordType
    ? `${recordTypeLabel(event.recordType)}${event.recordId ? ` ${event.recordId}` : ''}`
    : null;
  return (
    <Table.Row>
      <Table.Cell data-label={COLUMNS[0]} whiteSpace="nowrap">
        <RelativeTime at={event.at} nowMs={nowMs} timeZone={timeZone} />
      </Table.Cell>
      <Table.Cell data-label={COLUMNS[1]}>
        <Text overflowWrap="anywhere">{actorLabel(event)}</Text>
        {event.actorRole && (
          <Badge size="sm" colorPalette={event.actorRole === 'admin' ? 'teal' : 'gray'}>
            {roleLabel(event.actorRole)}
          </Badge>
        )}
        {event.viewingAs && (
          <Text fontSize="xs" color="fg.muted">
            viewing as provider {event.viewingAs}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell data-label={COLUMNS[2]}>{kindLabel(event.kind)}</Table.Cell>
      <Table.Cell data-label={COLUMNS[3]}>
        {record === null ? (
          '—'
        ) : href ? (
          <Link
            href={href}
            color="teal.800"
            textDecoration="underline"
            onClick={openInConsole(href, onOpenRecord)}
          >
            {record}
          </Link>
        ) : (
          record
        )}
      </Table.Cell>
      <Table.Cell data-label={COLUMNS[4]} minW={{ md: '56' }}>
        <ChangeList lines={changeLines(event.changes)} />
      </Table.Cell>
      <Table.Cell data-label={COLUMNS[5]} overflowWrap="anywhere">
        {event.address ?? '—'}
      </Table.Cell>
    </Table.Row>
  );
});

/** The audit trail, newest first. */
export function AuditTable(props: AuditTableProps) {
  return (
    <Box bg={{ md: 'white' }} rounded="md" borderWidth={{ md: '1px' }} overflowX={{ md: 'auto' }}>
      <Table.Root size="sm" css={CARD_STYLES} aria-label="History">
        <Table.Header>
          <Table.Row>
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column} scope="col">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.events.map((event) => (
            <AuditRow
              key={event.id}
              event={event}
              nowMs={props.nowMs}
              timeZone={props.timeZone}
              onOpenRecord={props.onOpenRecord}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
