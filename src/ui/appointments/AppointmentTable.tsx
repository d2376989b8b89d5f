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

/**
 * Rows open their drawer (the card styles come from the kit's CardTable). A customer's address is cut with an
 * ellipsis past a width, so a long one never widens the table; it reads in full on hover (its title), and
 * whole, drawn over the cells beside it, while the row holds the keyboard's focus (its open button), with no
 * stop of its own. On a phone the
 * card is dense, so six or more fit the first screen: the start and the status badge on one line, the
 * customer and the service on the next, the provider (and the location's zone, when the rows' zones differ)
 * muted under them; the address is left to the drawer the card opens, with the rest of the appointment.
 */
const ROW_STYLES = {
  '& tbody tr': { cursor: 'pointer' },
  '& tbody tr:hover': { bg: 'gray.50' },
  '&[aria-busy=true] tbody': { opacity: 0.6 },
  // Whole over the cells beside it, so the row keeps its height and the columns their widths: the address is
  // drawn again above its cut self, from its title, as generated content that is not read out a second time.
  '& .appointment-email': { maxW: '64', position: 'relative' },
  '& tbody tr:focus-within .appointment-email': { overflow: 'visible' },
  '& tbody tr:focus-within .appointment-email::after': {
    content: 'attr(title) / ""',
    position: 'absolute',
    insetStart: '-1',
    top: '0',
    px: '1',
    whiteSpace: 'nowrap',
    bg: 'bg',
    color: 'fg.muted',
    borderRadius: 'l1',
    boxShadow: 'sm',
    zIndex: '1',
  },
  '@media screen and (max-width: 47.99em)': {
    '& tbody tr': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: '2',
      rowGap: '0.5',
      px: '3',
      py: '1.5',
      mb: '1.5',
    },
    // The start and the status fill the first line: what follows starts a line of its own.
    '& tbody tr::after': { content: '""', flexBasis: 'full', order: '1' },
    '& tbody td': { width: 'auto', py: '0', order: '2' },
    '& tbody td.appointment-start, & tbody td.appointment-status': { order: '0' },
    // The column names are read from the header (kept for assistive technology); the card reads without them.
    '& tbody td[data-label]::before': { content: 'none' },
    '& tbody td.appointment-start': { flex: '1 1 0' },
    '& tbody td.appointment-status': { flexShrink: '0' },
    '& tbody td.appointment-customer': { flex: '0 1 auto', fontWeight: 'medium' },
    '& tbody td.appointment-service::before': {
      content: '"·" / ""',
      display: 'inline',
      fontSize: 'inherit',
      fontWeight: 'normal',
      color: 'fg.muted',
      me: '2',
    },
    '& tbody td.appointment-provider': { flexBasis: 'full', textStyle: 'xs', color: 'fg.muted' },
    '& .appointment-email': { display: 'none' },
  },
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
      <Table.Cell className="appointment-start" data-label={APPOINTMENT_SORT_LABELS.start}>
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
          // With the provider's name on a phone, where the card has a line for where it is.
          <Text fontSize="xs" color="fg.muted" hideBelow={showProvider ? 'md' : undefined}>
            {formatZone(start.zone)}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell className="appointment-status" data-label="Status">
        <StatusBadge status={row.status} />
      </Table.Cell>
      <Table.Cell className="appointment-customer" data-label="Customer">
        <Text overflowWrap="anywhere">{customerName(row)}</Text>
        {row.customer.displayName && (
          // An address never breaks mid-word: it ends in an ellipsis (the row's styles say when it reads whole).
          <Text
            className="appointment-email"
            fontSize="xs"
            color="fg.muted"
            truncate
            title={row.customer.email}
          >
            {row.customer.email}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell
        className="appointment-service"
        data-label="Service"
        data-empty={row.service === null ? '' : undefined}
      >
        {row.service ?? '—'}
      </Table.Cell>
      {showProvider && (
        <Table.Cell className="appointment-provider" data-label="Provider">
          {row.provider.name}
          {showZone && (
            <Text as="span" hideFrom="md">
              {' · '}
              {formatZone(start.zone)}
            </Text>
          )}
        </Table.Cell>
      )}
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
