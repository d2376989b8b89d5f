import type { Credit } from '../../api/contract/credit';
import { USER_MESSAGES } from '../../domain/shared/messages';
import { formatDollars } from '../../domain/shared/money';
import { ListPicker } from '../kit/ListPicker';

export interface CreditPickerProps {
  credits: readonly Credit[];
  loading: boolean;
  failed: boolean;
  chosenId: number | null;
  onChoose(id: number): void;
  onRetry(): void;
}

/** The credit list to pick one from (01 §2), by title and total, with a search. */
export function CreditPicker({ credits, loading, failed, chosenId, onChoose, onRetry }: CreditPickerProps) {
  return (
    <ListPicker
      items={credits.map((credit) => ({
        id: credit.id,
        label: credit.title,
        detail: formatDollars(credit.totalInCents),
      }))}
      loading={loading}
      failure={failed ? USER_MESSAGES.creditsFailed : null}
      chosenId={chosenId}
      onChoose={onChoose}
      onRetry={onRetry}
      listLabel="Credits"
      searchLabel="Search credits"
      emptyText="No credits yet."
    />
  );
}
