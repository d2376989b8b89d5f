import { Button, Table, Text } from '@chakra-ui/react';
import { CardTable, ColumnHeaders, SortControl, SortHeader } from '../kit/CardTable';
import { memo } from 'react';
import type { AppointmentListItem } from '../../api/contract/appointment-list';
import type { StartLabel } from '../../domain/appointments/workspace';
import {
  APPOINTMENT_SORT_COLUMNS,
  APPOINTMENT_SORT_LABELS,
  type AppointmentSortColumn,
} from '../../domain/appointments/appointment-sort';
import { formatZone } from '../../domain/shared/format';
import type { SortOrder } from '../../domain/shared/sort';
import { StatusBadge } from './StatusBadge';

export interface AppointmentTableProps {
  rows: readonly AppointmentListItem[];
  /** Each row's start in its own zone (worked out once per row). */
  startOf(row: AppointmentListItem): StartLabel;
  /** Whether the provider column is shown (more than one provider's appointments can be listed). */
  showProvider: boolean;
  onOpen(row: AppointmentListItem): void;
  /** The order shown (by start, the one the list's paging follows); choosing the header turns it around. */
  sort: SortOrder<AppointmentSortColumn>;
  onSort(column: AppointmentSortColumn): void;
  /** A new order (or the rows after a change) is loading over these rows: the table says so and dims. */
  busy: boolean;
}

/** Rows open their drawer (the card styles come from the kit's CardTable). */
const ROW_STYLES = {
  '& tbody tr': { cursor: 'pointer' },
  '& tbody tr:hover': { bg: 'gray.50' },
  '&[aria-busy=true] tbody': { opacity: 0.6 },
} as const;

const customerName = (row: AppointmentListItem) => row.customer.displayName ?? row.customer.email;

const AppointmentRow = memo(function AppointmentRow({
  row,
  start,
  showZone,
  showProvider,
  onOpen,
}: {
  row: AppointmentListItem;
  start: StartLabel;
  /** Whether the row names its zone (the rows' zones differ; one shared zone is said once above them). */
  showZone: boolean;
  showProvider: boolean;
  onOpen(row: AppointmentListItem): void;
}) {
  return (
    // The row opens the drawer on a click anywhere; its button is the keyboard's way in.
    <Table.Row onClick={() => onOpen(row)}>
      <Table.Cell data-label={APPOINTMENT_SORT_LABELS.start}>
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
        {showZone && (
          <Text fontSize="xs" color="fg.muted">
            {formatZone(start.zone)}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell data-label="Status">
        <StatusBadge status={row.status} />
      </Table.Cell>
      <Table.Cell data-label="Customer">
        <Text overflowWrap="anywhere">{customerName(row)}</Text>
        {row.customer.displayName && (
          // An address never breaks mid-word: it ends in an ellipsis, read in full on hover.
          <Text fontSize="xs" color="fg.muted" truncate title={row.customer.email}>
            {row.customer.email}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell data-label="Service">{row.service ?? '—'}</Table.Cell>
      {showProvider && <Table.Cell data-label="Provider">{row.provider.name}</Table.Cell>}
    </Table.Row>
  );
});

/**
 * The workspace's appointments, newest start first unless turned around (by the Start header, or the kit's
 * Sort by on a phone); a row opens its drawer.
 */
export function AppointmentTable({
  rows,
  startOf,
  showProvider,
  onOpen,
  sort,
  onSort,
  busy,
}: AppointmentTableProps) {
  const columns = ['Status', 'Customer', 'Service', ...(showProvider ? ['Provider'] : [])];
  const starts = rows.map((row) => startOf(row));
  const zones = new Set(starts.map((start) => start.zone));
  const sharedZone = zones.size === 1 ? [...zones][0] : undefined;
  return (
    <>
      {sharedZone !== undefined && (
        <Text fontSize="sm" color="fg.muted" mb="2">
          Times are in {formatZone(sharedZone)}.
        </Text>
      )}
      <SortControl
        columns={APPOINTMENT_SORT_COLUMNS}
        labels={APPOINTMENT_SORT_LABELS}
        sort={sort}
        onSort={onSort}
      />
      <CardTable
        label="Appointments"
        header={
          <>
            <SortHeader column="start" label={APPOINTMENT_SORT_LABELS.start} sort={sort} onSort={onSort} />
            <ColumnHeaders columns={columns} />
          </>
        }
        css={ROW_STYLES}
        tableProps={{ 'aria-busy': busy }}
      >
        {rows.map((row, index) => (
          <AppointmentRow
            key={row.id}
            row={row}
            start={starts[index] as StartLabel}
            showZone={sharedZone === undefined}
            showProvider={showProvider}
            onOpen={onOpen}
          />
        ))}
      </CardTable>
    </>
  );
}
