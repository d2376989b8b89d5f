import { Badge, Table } from '@chakra-ui/react';
import type { OnboardingStrategy } from '../../domain/onboarding/strategies';
import { ONBOARDING_STATE_LABELS } from '../../domain/overview/onboarding-states';
import {
  PROVIDER_SORT_COLUMNS,
  SORT_COLUMN_LABELS,
  STRATEGY_LABELS,
  YES_NO_LABELS,
  type ProviderSortColumn,
  type SortDirection,
} from '../../domain/providers/provider-list';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { CardTable, RowTitleButton, SortControl, SortHeader } from '../kit/CardTable';

export interface ProviderTableRow {
  id: number;
  name: string;
  /** "Los Angeles, CA", or null for 'Unknown Location'. */
  city: string | null;
  strategy: OnboardingStrategy;
  stage: 'started' | 'connected' | 'mapped' | 'live';
  payoutsReady: boolean;
  isPublic: boolean;
}

export interface ProviderTableProps {
  rows: readonly ProviderTableRow[];
  sort: { sort: ProviderSortColumn; dir: SortDirection };
  onSort(column: ProviderSortColumn): void;
  onOpen(id: number): void;
  /** A new order or page is loading over these rows: the table says so and dims until it comes. */
  busy?: boolean;
}

const STAGE_PALETTE: Record<ProviderTableRow['stage'], string> = {
  started: 'gray',
  connected: 'blue',
  mapped: 'purple',
  live: 'green',
};

const yesNo = (flag: boolean) => YES_NO_LABELS[flag ? 'yes' : 'no'];

/**
 * The providers list as a table (a card per provider on a phone): name (opens the manage view), city,
 * scheduling system, onboarding stage and payouts ready as badges, public; every column sorts (on a phone,
 * where the header row is hidden, by the kit's Sort by).
 */
export function ProviderTable({ rows, sort, onSort, onOpen, busy = false }: ProviderTableProps) {
  return (
    <>
      <SortControl columns={PROVIDER_SORT_COLUMNS} labels={SORT_COLUMN_LABELS} sort={sort} onSort={onSort} />
      <CardTable
        label="Providers"
        css={{ '& td': { verticalAlign: 'middle' }, '&[aria-busy=true] tbody': { opacity: 0.6 } }}
        tableProps={{ 'aria-busy': busy }}
        header={PROVIDER_SORT_COLUMNS.map((column) => (
          <SortHeader
            key={column}
            column={column}
            label={SORT_COLUMN_LABELS[column]}
            sort={sort}
            onSort={onSort}
          />
        ))}
      >
        {rows.map((row) => (
          <Table.Row key={row.id}>
            <Table.Cell>
              <RowTitleButton onClick={() => onOpen(row.id)}>{row.name}</RowTitleButton>
            </Table.Cell>
            <Table.Cell data-label={SORT_COLUMN_LABELS.place}>
              {row.city ?? PROVIDER_MESSAGES.unknownLocation}
            </Table.Cell>
            <Table.Cell data-label={SORT_COLUMN_LABELS.strategy}>{STRATEGY_LABELS[row.strategy]}</Table.Cell>
            <Table.Cell data-label={SORT_COLUMN_LABELS.onboarding}>
              <Badge colorPalette={STAGE_PALETTE[row.stage]}>{ONBOARDING_STATE_LABELS[row.stage]}</Badge>
            </Table.Cell>
            <Table.Cell data-label={SORT_COLUMN_LABELS.payoutsReady}>
              <Badge colorPalette={row.payoutsReady ? 'green' : 'orange'}>{yesNo(row.payoutsReady)}</Badge>
            </Table.Cell>
            <Table.Cell data-label={SORT_COLUMN_LABELS.public}>{yesNo(row.isPublic)}</Table.Cell>
          </Table.Row>
        ))}
      </CardTable>
    </>
  );
}
