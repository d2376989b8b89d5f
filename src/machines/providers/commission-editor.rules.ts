/**
 * The Commission and Fees section's drafts (spec 02 §5, §9): one row per service category holding a preset
 * (15 or 20, 20 by default) or a custom percentage typed as text, and the processing-fees flag. What a save
 * sends is the list of rows and flags that differ from what is stored, one request each.
 */
import type { Commission } from '../../api/contract/commission';
import { choiceOf, COMMISSION_MAX, customCommissionInput } from '../../domain/providers/commission';
import { DEFAULT_SETTINGS } from '../../domain/settings/settings';

/** A preset's percentage as text ("15"), or 'custom'. */
export type CommissionChoiceKey = string;

/** The marketplace's commission presets and default (/settings; the spec's 15 and 20, default 20). */
export interface CommissionPresets {
  presets: readonly number[];
  defaultCommission: number;
}
export const SPEC_PRESETS: CommissionPresets = {
  presets: DEFAULT_SETTINGS.commissionPresets,
  defaultCommission: DEFAULT_SETTINGS.defaultCommission,
};

export interface CommissionRow {
  categoryId: number;
  categoryName: string;
  /** The stored commission's id; null while the category has none (it then counts as the default 20). */
  commissionId: number | null;
  /** The stored percentage, or the default when none is stored. */
  saved: number;
  /** The stored commission's version (null while there is none): its PUT sends it back. */
  version: number | null;
  choice: CommissionChoiceKey;
  /** The custom percentage as typed. */
  customText: string;
}

/** The processing-fees flag as stored on the provider, with the provider's version. */
export interface Fees {
  saved: boolean;
  draft: boolean;
  version: number;
}

export type CommissionChange =
  | { kind: 'fees'; providerId: number; value: boolean; version: number }
  | {
      kind: 'commission';
      providerId: number;
      categoryId: number;
      commissionId: number | null;
      /** The stored commission's version; null when it is created. */
      version: number | null;
      percentage: number;
    };

export type SavedChange =
  { kind: 'fees'; value: boolean; version: number } | { kind: 'commission'; commission: Commission };

/** One row per category, from the stored commissions (a category without one shows the default, 20%). */
export function commissionRows(
  categories: readonly { id: number; name: string }[],
  commissions: readonly Commission[],
  presets: CommissionPresets = SPEC_PRESETS,
): CommissionRow[] {
  return categories.map((category) => {
    const stored = commissions.find((c) => c.serviceCategory.id === category.id);
    return {
      categoryId: category.id,
      categoryName: category.name,
      commissionId: stored?.id ?? null,
      saved: stored?.percentage ?? presets.defaultCommission,
      version: stored?.version ?? null,
      ...choiceFields(stored?.percentage, presets),
    };
  });
}

/** How a stored percentage shows: a preset, or custom with its text. */
function choiceFields(
  percentage: number | undefined,
  presets: CommissionPresets,
): Pick<CommissionRow, 'choice' | 'customText'> {
  const choice = choiceOf(percentage, presets.presets, presets.defaultCommission);
  return {
    choice: choice.kind === 'custom' ? 'custom' : String(choice.percentage),
    customText: choice.kind === 'custom' ? String(choice.percentage ?? '') : '',
  };
}

/** Whether the row holds input that differs from what was stored when it was read. */
function isRowChanged(row: CommissionRow, presets: CommissionPresets): boolean {
  const stored = choiceFields(row.commissionId === null ? undefined : row.saved, presets);
  return row.choice !== stored.choice || row.customText !== stored.customText;
}

/**
 * Reload after a stale save: the rows and flag as stored now, with every row and the flag the person
 * changed kept as they typed it on top.
 */
export function rebaseCommissions(
  typed: { rows: readonly CommissionRow[]; fees: Fees; presets: CommissionPresets },
  fresh: { rows: CommissionRow[]; fees: Omit<Fees, 'draft'> },
): { rows: CommissionRow[]; fees: Fees } {
  return {
    rows: fresh.rows.map((row) => {
      const mine = typed.rows.find((old) => old.categoryId === row.categoryId);
      return mine && isRowChanged(mine, typed.presets)
        ? { ...row, choice: mine.choice, customText: mine.customText }
        : row;
    }),
    fees: {
      ...fresh.fees,
      draft: typed.fees.draft !== typed.fees.saved ? typed.fees.draft : fresh.fees.saved,
    },
  };
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
  fees: Fees;
}): CommissionChange[] {
  const changes: CommissionChange[] = [];
  if (context.fees.draft !== context.fees.saved) {
    changes.push({
      kind: 'fees',
      providerId: context.providerId,
      value: context.fees.draft,
      version: context.fees.version,
    });
  }
  for (const row of context.rows) {
    const percentage = rowPercentage(row);
    if (percentage === null || percentage === row.saved) continue;
    changes.push({
      kind: 'commission',
      providerId: context.providerId,
      categoryId: row.categoryId,
      commissionId: row.commissionId,
      version: row.version,
      percentage,
    });
  }
  return changes;
}

/** The rows and flag once one change is stored. */
export function applySaved(rows: readonly CommissionRow[], fees: Fees, saved: SavedChange) {
  if (saved.kind === 'fees') {
    return { rows: [...rows], fees: { ...fees, saved: saved.value, version: saved.version } };
  }
  const { commission } = saved;
  return {
    fees,
    rows: rows.map((row) =>
      row.categoryId === commission.serviceCategory.id
        ? {
            ...row,
            commissionId: commission.id,
            saved: commission.percentage,
            version: commission.version,
          }
        : row,
    ),
  };
}
