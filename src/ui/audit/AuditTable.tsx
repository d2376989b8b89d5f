import { Badge, Link, Table, Text } from '@chakra-ui/react';
import { CardTable, ColumnHeaders } from '../kit/CardTable';
import { memo } from 'react';
import { openInConsole } from '../kit/console-link';
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
  const changes = changeLines(event.changes);
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
      <Table.Cell data-label={COLUMNS[3]} data-empty={record === null || undefined}>
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
      <Table.Cell
        data-label={COLUMNS[4]}
        data-wide=""
        data-empty={changes.length === 0 || undefined}
        minW={{ md: '56' }}
      >
        <ChangeList lines={changes} />
      </Table.Cell>
      <Table.Cell data-label={COLUMNS[5]} data-empty={!event.address || undefined} overflowWrap="anywhere">
        {event.address ?? '—'}
      </Table.Cell>
    </Table.Row>
  );
});

/** The audit trail, newest first. */
export function AuditTable(props: AuditTableProps) {
  return (
    <CardTable label="History" header={<ColumnHeaders columns={COLUMNS} />}>
      {props.events.map((event) => (
        <AuditRow
          key={event.id}
          event={event}
          nowMs={props.nowMs}
          timeZone={props.timeZone}
          onOpenRecord={props.onOpenRecord}
        />
      ))}
    </CardTable>
  );
}
