import {
  Box,
  Button,
  Field,
  Flex,
  NativeSelect,
  Table,
  type ButtonProps,
  type SystemStyleObject,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { SortDirection, SortOrder } from '../../domain/shared/sort';
import { SelectOptions } from './FormParts';

/**
 * The console's list table (docs/design.md "Lists"): from Chakra's md width up a table; on a phone each row is
 * a card that fits the screen, its cells two by two under the row's first cell, each with its column's name
 * above it (a cell's `data-label`; a cell without one, such as the row's title, shows no name; `data-wide`
 * gives a long value the card's whole width; a `data-empty` cell, "—" in the table, is left out). The header row is then read from the cells'
 * labels, so it is hidden from sight but kept for assistive technology.
 */
export const CARD_TABLE_CSS = {
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
    // Two cells side by side, so a card stays short; the row's first cell (its title) and a cell marked
    // `data-wide` (a long value such as the changes of a history entry) take the whole width.
    '& tbody tr': { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: '4' },
    '& tbody td:first-of-type, & tbody td[data-wide]': { gridColumn: '1 / -1' },
    // A cell with nothing to show (`data-empty`, its "—" on a wide screen) is left out of the card.
    '& tbody td[data-empty]': { display: 'none' },
    '& td': { borderBottomWidth: '0', px: '0', py: '1', minW: '0', overflowWrap: 'anywhere' },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: 'xs',
      fontWeight: 'semibold',
      color: 'fg.muted',
    },
  },
} as const satisfies SystemStyleObject;

export interface CardTableProps {
  /** The table's accessible name, e.g. "Providers". */
  label: string;
  /** The header row's cells (Table.ColumnHeader or SortHeader). */
  header: ReactNode;
  /** The body's rows: Table.Row with cells that carry `data-label`. */
  children: ReactNode;
  /** More styles for this table's cells, after the card styles. */
  css?: SystemStyleObject;
  /** Table.Root props such as aria-rowcount or aria-busy. */
  tableProps?: Omit<Table.RootProps, 'css' | 'children'>;
}

/** A list as a table on a wide screen and as cards on a phone; the frame never scrolls the page sideways. */
export function CardTable({ label, header, children, css, tableProps }: CardTableProps) {
  return (
    <Box bg={{ md: 'white' }} rounded="md" borderWidth={{ md: '1px' }} overflowX={{ md: 'auto' }}>
      <Table.Root
        size="sm"
        css={css ? [CARD_TABLE_CSS, css] : CARD_TABLE_CSS}
        aria-label={label}
        {...tableProps}
      >
        <Table.Header>
          <Table.Row>{header}</Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Box>
  );
}

export type SortDir = SortDirection;
const ARROWS: Record<SortDir, string> = { asc: '↑', desc: '↓' };
const DIRECTION_LABELS: Record<SortDir, string> = { asc: 'Ascending', desc: 'Descending' };

/** A column header that sorts: a button, with aria-sort on the header cell saying the current order. */
export function SortHeader<C extends string>({
  column,
  label,
  sort,
  onSort,
  display,
}: {
  column: C;
  label: string;
  sort: { sort: C; dir: SortDir };
  onSort(column: C): void;
  display?: Table.ColumnHeaderProps['display'];
}) {
  const active = sort.sort === column;
  return (
    <Table.ColumnHeader
      scope="col"
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      whiteSpace="nowrap"
      display={display}
    >
      <Button variant="plain" p="0" h="auto" fontWeight="semibold" onClick={() => onSort(column)}>
        {label}
        <Box as="span" aria-hidden="true" color={active ? 'fg' : 'fg.muted'} ms="1">
          {active ? ARROWS[sort.dir] : '↕'}
        </Box>
      </Button>
    </Table.ColumnHeader>
  );
}

/** A row's title, the name that opens the record: a button in the first cell (docs/design.md "Lists"). */
export function RowTitleButton(props: Omit<ButtonProps, 'variant'>) {
  return (
    <Button
      variant="plain"
      p="0"
      h="auto"
      minH="10"
      color="teal.800"
      fontWeight="semibold"
      textDecoration="underline"
      whiteSpace="normal"
      textAlign="start"
      {...props}
    />
  );
}

/** Header cells that do not sort, one per column name. */
export function ColumnHeaders({ columns }: { columns: readonly string[] }) {
  return columns.map((column) => (
    <Table.ColumnHeader key={column} scope="col">
      {column}
    </Table.ColumnHeader>
  ));
}

/**
 * The order on a phone, where the header row is hidden (below md; the headers sort from md up): a "Sort by"
 * choice of the columns that sort (its label beside it) and a button that turns the order around, on one row.
 * Both do what choosing a header does (`onSort`, the same handler): another column starts in its first
 * direction, the sorted one turns around. One control for every list.
 */
export function SortControl<C extends string>({
  columns,
  labels,
  sort,
  onSort,
}: {
  columns: readonly C[];
  labels: Readonly<Record<C, string>>;
  sort: SortOrder<C>;
  onSort(column: C): void;
}) {
  return (
    <Flex hideFrom="md" gap="2" align="center" mb="3">
      {/* The label beside its choice, so the control takes one row above the cards. */}
      <Field.Root orientation="horizontal" flex="1" minW="0" gap="2">
        <Field.Label flex="0 0 auto" whiteSpace="nowrap">
          Sort by
        </Field.Label>
        <NativeSelect.Root bg="white">
          <NativeSelect.Field
            name="sort"
            value={sort.sort}
            onChange={(event) => {
              // Only another column: choosing the sorted one again (a change event without a change) keeps
              // the order as it is; the button turns it around.
              const column = columns.find((value) => value === event.target.value);
              if (column !== undefined && column !== sort.sort) onSort(column);
            }}
          >
            <SelectOptions options={columns.map((column) => ({ value: column, label: labels[column] }))} />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button variant="outline" bg="white" flexShrink={0} onClick={() => onSort(sort.sort)}>
        {DIRECTION_LABELS[sort.dir]}
        <Box as="span" aria-hidden="true">
          {ARROWS[sort.dir]}
        </Box>
      </Button>
    </Flex>
  );
}
