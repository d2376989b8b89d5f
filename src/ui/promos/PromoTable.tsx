import type { PromoCode } from '../../api/contract/promo';
import { formatCount } from '../../domain/shared/format';
import { formatDollars } from '../../domain/shared/money';
import { PROMO_SORT_COLUMNS, PROMO_SORT_LABELS, type PromoSortColumn } from '../../domain/promos/promo-list';
import type { SortOrder } from '../../domain/shared/sort';
import { RecordTable } from '../kit/RecordTable';

export interface PromoTableProps {
  promos: readonly PromoCode[];
  loading: boolean;
  failure: string | null;
  /** A new order is loading over these rows. */
  busy: boolean;
  sort: SortOrder<PromoSortColumn>;
  onSort(column: PromoSortColumn): void;
  chosenId: number | null;
  onChoose(id: number): void;
  onRetry(): void;
}

/** A limit of uses, or "No limit" for an older code stored without one. */
const uses = (quantity: number | null) => (quantity === null ? 'No limit' : formatCount(quantity));

/** The promo codes (01 §2) to pick one from: code, amount and the limits of use, each sortable; a search. */
export function PromoTable({ promos, ...props }: PromoTableProps) {
  return (
    <RecordTable
      {...props}
      rows={promos.map((promo) => ({
        id: promo.id,
        cells: {
          code: promo.code,
          amount: formatDollars(promo.amountInCents),
          uses: uses(promo.quantityAbsolute),
          perUser: uses(promo.quantityPerUser),
        },
      }))}
      columns={PROMO_SORT_COLUMNS}
      labels={PROMO_SORT_LABELS}
      listLabel="Promo codes"
      searchLabel="Search promo codes"
      emptyText="No promo codes yet."
      monospace
    />
  );
}
