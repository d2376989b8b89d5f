import { Button, Table, Text } from '@chakra-ui/react';
import { CardTable, ColumnHeaders } from '../kit/CardTable';
import { memo } from 'react';
import type { AppointmentListItem } from '../../api/contract/appointment-list';
import type { StartLabel } from '../../domain/appointments/workspace';
import { StatusBadge } from './StatusBadge';

export interface AppointmentTableProps {
  rows: readonly AppointmentListItem[];
  /** Each row's start in its own zone (worked out once per row). */
  startOf(row: AppointmentListItem): StartLabel;
  /** Whether the provider column is shown (more than one provider's appointments can be listed). */
  showProvider: boolean;
  onOpen(row: AppointmentListItem): void;
}

/** Rows open their drawer (the card styles come from the kit's CardTable). */
const ROW_STYLES = {
  '& tbody tr': { cursor: 'pointer' },
  '& tbody tr:hover': { bg: 'gray.50' },
} as const;

const customerName = (row: AppointmentListItem) => row.customer.displayName ?? row.customer.email;

const AppointmentRow = memo(function AppointmentRow({
  row,
  start,
  showProvider,
  onOpen,
}: {
  row: AppointmentListItem;
  start: StartLabel;
  showProvider: boolean;
  onOpen(row: AppointmentListItem): void;
}) {
  return (
    // The row opens the drawer on a click anywhere; its button is the keyboard's way in.
    <Table.Row onClick={() => onOpen(row)}>
      <Table.Cell data-label="Start">
        <Button
          variant="plain"
          color="teal.800"
          textDecoration="underline"
          h="auto"
          p="0"
          whiteSpace="normal"
          textAlign="start"
          aria-label={`Open the appointment of ${customerName(row)}, ${start.when}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(row);
          }}
        >
          {start.when}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          {start.zone}
        </Text>
      </Table.Cell>
      <Table.Cell data-label="Status">
        <StatusBadge status={row.status} />
      </Table.Cell>
      <Table.Cell data-label="Customer">
        <Text overflowWrap="anywhere">{customerName(row)}</Text>
        {row.customer.displayName && (
          <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
            {row.customer.email}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell data-label="Service">{row.service ?? '—'}</Table.Cell>
      {showProvider && <Table.Cell data-label="Provider">{row.provider.name}</Table.Cell>}
    </Table.Row>
  );
});

/** The workspace's appointments, newest start first; a row opens its drawer. */
export function AppointmentTable({ rows, startOf, showProvider, onOpen }: AppointmentTableProps) {
  const columns = ['Start', 'Status', 'Customer', 'Service', ...(showProvider ? ['Provider'] : [])];
  return (
    <CardTable label="Appointments" header={<ColumnHeaders columns={columns} />} css={ROW_STYLES}>
      {rows.map((row) => (
        <AppointmentRow
          key={row.id}
          row={row}
          start={startOf(row)}
          showProvider={showProvider}
          onOpen={onOpen}
        />
      ))}
    </CardTable>
  );
}
