import type { Credit } from '../../api/contract/credit';
import {
  CREDIT_SORT_COLUMNS,
  CREDIT_SORT_LABELS,
  type CreditSortColumn,
} from '../../domain/credits/credit-list';
import { formatDate } from '../../domain/shared/format';
import { formatDollars } from '../../domain/shared/money';
import { USER_MESSAGES } from '../../domain/shared/messages';
import type { SortOrder } from '../../domain/shared/sort';
import { RecordTable } from '../kit/RecordTable';

export interface CreditTableProps {
  credits: readonly Credit[];
  loading: boolean;
  failed: boolean;
  /** A new order is loading over these rows. */
  busy: boolean;
  sort: SortOrder<CreditSortColumn>;
  onSort(column: CreditSortColumn): void;
  chosenId: number | null;
  onChoose(id: number): void;
  onRetry(): void;
}

/** The credits (01 §2) to pick one from: title, total and the day it was created, each sortable; a search. */
export function CreditTable({ credits, failed, ...props }: CreditTableProps) {
  return (
    <RecordTable
      {...props}
      rows={credits.map((credit) => ({
        id: credit.id,
        cells: {
          title: credit.title,
          total: formatDollars(credit.totalInCents),
          created: formatDate(Date.parse(credit.createdAt)),
        },
      }))}
      columns={CREDIT_SORT_COLUMNS}
      labels={CREDIT_SORT_LABELS}
      failure={failed ? USER_MESSAGES.creditsFailed : null}
      listLabel="Credits"
      searchLabel="Search credits"
      emptyText="No credits yet."
    />
  );
}
