/**
 * The Commission and Fees section's drafts (spec 02 §5, §9): one row per service category holding a preset
 * (15 or 20, 20 by default) or a custom percentage typed as text, and the processing-fees flag. What a save
 * sends is the list of rows and flags that differ from what is stored, one request each.
 */
import type { Commission } from '../../api/contract/commission';
import {
  choiceOf,
  COMMISSION_MAX,
  customCommissionInput,
  DEFAULT_COMMISSION,
} from '../../domain/providers/commission';

export type CommissionChoiceKey = '15' | '20' | 'custom';

export interface CommissionRow {
  categoryId: number;
  categoryName: string;
  /** The stored commission's id; null while the category has none (it then counts as the default 20). */
  commissionId: number | null;
  /** The stored percentage, or the default when none is stored. */
  saved: number;
  choice: CommissionChoiceKey;
  /** The custom percentage as typed. */
  customText: string;
}

export type CommissionChange =
  | { kind: 'fees'; providerId: number; value: boolean }
  | {
      kind: 'commission';
      providerId: number;
      categoryId: number;
      commissionId: number | null;
      percentage: number;
    };

export type SavedChange = { kind: 'fees'; value: boolean } | { kind: 'commission'; commission: Commission };

/** One row per category, from the stored commissions (a category without one shows the default, 20%). */
export function commissionRows(
  categories: readonly { id: number; name: string }[],
  commissions: readonly Commission[],
): CommissionRow[] {
  return categories.map((category) => {
    const stored = commissions.find((c) => c.serviceCategory.id === category.id);
    const choice = choiceOf(stored?.percentage);
    return {
      categoryId: category.id,
      categoryName: category.name,
      commissionId: stored?.id ?? null,
      saved: stored?.percentage ?? DEFAULT_COMMISSION,
      choice: choice.kind === 'custom' ? 'custom' : choice.percentage === 15 ? '15' : '20',
      customText: choice.kind === 'custom' ? String(choice.percentage ?? '') : '',
    };
  });
}

/**
 * What typed custom input becomes in the field: capped at 100, negative or unreadable input cleared
 * ("150" → "100", "-5" → ""), anything else kept as typed ("12." stays while typing 12.5).
 */
export function customTextAfterInput(text: string): string {
  const value = customCommissionInput(text);
  if (value === null) return '';
  return Number(text.trim()) > COMMISSION_MAX ? String(COMMISSION_MAX) : text.trim();
}

/** The percentage a row saves; null while its custom field is empty. */
export function rowPercentage(row: CommissionRow): number | null {
  return row.choice === 'custom' ? customCommissionInput(row.customText) : Number(row.choice);
}

export function hasEmptyCustom(rows: readonly CommissionRow[]): boolean {
  return rows.some((row) => rowPercentage(row) === null);
}

/** Every change to send, fees first, then the rows in category order. */
export function pendingChanges(context: {
  providerId: number;
  rows: readonly CommissionRow[];
  fees: { saved: boolean; draft: boolean };
}): CommissionChange[] {
  const changes: CommissionChange[] = [];
  if (context.fees.draft !== context.fees.saved) {
    changes.push({ kind: 'fees', providerId: context.providerId, value: context.fees.draft });
  }
  for (const row of context.rows) {
    const percentage = rowPercentage(row);
    if (percentage === null || percentage === row.saved) continue;
    changes.push({
      kind: 'commission',
      providerId: context.providerId,
      categoryId: row.categoryId,
      commissionId: row.commissionId,
      percentage,
    });
  }
  return changes;
}

/** The rows and flag once one change is stored. */
export function applySaved(
  rows: readonly CommissionRow[],
  fees: { saved: boolean; draft: boolean },
  saved: SavedChange,
) {
  if (saved.kind === 'fees') return { rows: [...rows], fees: { ...fees, saved: saved.value } };
  const { commission } = saved;
  return {
    fees,
    rows: rows.map((row) =>
      row.categoryId === commission.serviceCategory.id
        ? { ...row, commissionId: commission.id, saved: commission.percentage }
        : row,
    ),
  };
}
