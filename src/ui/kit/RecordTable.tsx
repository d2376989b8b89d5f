import { Table } from '@chakra-ui/react';
import type { SortOrder } from '../../domain/shared/sort';
import { CardTable, RowTitleButton, SortControl, SortHeader } from './CardTable';
import { SearchableList, type ListLoadProps } from './SearchableList';

export interface RecordTableRow<C extends string> {
  id: number;
  /** Each column's text; the first column's is what the record is called (the row's button). */
  cells: Readonly<Record<C, string>>;
}

export interface RecordTableProps<C extends string> extends ListLoadProps {
  rows: readonly RecordTableRow<C>[];
  /** The columns in order, every one sortable; the first names the record. */
  columns: readonly [C, ...C[]];
  labels: Readonly<Record<C, string>>;
  sort: SortOrder<C>;
  onSort(column: C): void;
  /** A new order is loading over these rows: the table says so and dims until it comes. */
  busy: boolean;
  chosenId: number | null;
  onChoose(id: number): void;
  /** The record's name in a fixed-width face (codes). */
  monospace?: boolean;
}

/**
 * A screen's own records to pick one from (credits, promo codes; docs/design.md "Lists"): a table whose
 * columns all sort (the Sort by control on a phone), with a search over its words; the chosen record's
 * button is marked current.
 */
export function RecordTable<C extends string>({
  rows,
  columns,
  labels,
  sort,
  onSort,
  busy,
  chosenId,
  onChoose,
  monospace,
  ...load
}: RecordTableProps<C>) {
  const [first, ...rest] = columns;
  return (
    <SearchableList
      items={rows}
      textOf={(row) => columns.map((column) => row.cells[column]).join(' ')}
      {...load}
    >
      {(shown) => (
        <>
          <SortControl columns={columns} labels={labels} sort={sort} onSort={onSort} />
          <CardTable
            label={load.listLabel}
            css={{
              '& td': { verticalAlign: 'middle' },
              '& tr[data-chosen]': { bg: 'teal.50' },
              '&[aria-busy=true] tbody': { opacity: 0.6 },
            }}
            tableProps={{ 'aria-busy': busy }}
            header={columns.map((column) => (
              <SortHeader key={column} column={column} label={labels[column]} sort={sort} onSort={onSort} />
            ))}
          >
            {shown.map((row) => {
              const chosen = row.id === chosenId;
              return (
                <Table.Row key={row.id} data-chosen={chosen || undefined}>
                  <Table.Cell>
                    <RowTitleButton
                      fontFamily={monospace ? 'mono' : undefined}
                      aria-current={chosen ? 'true' : undefined}
                      onClick={() => onChoose(row.id)}
                    >
                      {row.cells[first]}
                    </RowTitleButton>
                  </Table.Cell>
                  {rest.map((column) => (
                    <Table.Cell key={column} data-label={labels[column]} whiteSpace={{ md: 'nowrap' }}>
                      {row.cells[column]}
                    </Table.Cell>
                  ))}
                </Table.Row>
              );
            })}
          </CardTable>
        </>
      )}
    </SearchableList>
  );
}
