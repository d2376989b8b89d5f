import type { PromoCode } from '../../api/contract/promo';
import { formatDollars } from '../../domain/shared/money';
import { ListPicker } from '../kit/ListPicker';

export interface PromoPickerProps {
  promos: readonly PromoCode[];
  loading: boolean;
  failure: string | null;
  chosenId: number | null;
  onChoose(id: number): void;
  onRetry(): void;
}

/** Promo codes listed by code, to pick one (01 §2), with a search. */
export function PromoPicker({ promos, loading, failure, chosenId, onChoose, onRetry }: PromoPickerProps) {
  return (
    <ListPicker
      items={promos.map((promo) => ({
        id: promo.id,
        label: promo.code,
        detail: formatDollars(promo.amountInCents),
      }))}
      loading={loading}
      failure={failure}
      chosenId={chosenId}
      onChoose={onChoose}
      onRetry={onRetry}
      listLabel="Promo codes"
      searchLabel="Search promo codes"
      emptyText="No promo codes yet."
      monospace
    />
  );
}
