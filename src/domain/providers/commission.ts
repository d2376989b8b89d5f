/**
 * Commission and fees (spec 02 §5, §9): per service category, presets 15% and 20% (20 by default) or a
 * custom percentage from 0 to 100. Typed custom input above 100 is capped at 100; negative input is cleared.
 */
export const COMMISSION_PRESETS = [15, 20] as const;
export const DEFAULT_COMMISSION = 20;
export const COMMISSION_MIN = 0;
export const COMMISSION_MAX = 100;

export type CommissionChoice =
  | { kind: 'preset'; percentage: number }
  | {
      kind: 'custom';
      /** Null while the field is empty. */
      percentage: number | null;
    };

/**
 * What a typed custom percentage becomes: null (cleared) for empty, negative or unreadable input, at most
 * 100 otherwise. "150" → 100; "-5" → null; "12.5" → 12.5.
 */
export function customCommissionInput(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || !/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (value < COMMISSION_MIN) return null;
  return Math.min(value, COMMISSION_MAX);
}

export function isValidCommission(value: number): boolean {
  return Number.isFinite(value) && value >= COMMISSION_MIN && value <= COMMISSION_MAX;
}

/**
 * How a stored percentage shows in the settings: a preset when it is one, custom otherwise. The presets and
 * the default are the marketplace's settings (/settings; the spec's 15 and 20, default 20, unless changed).
 */
export function choiceOf(
  percentage: number | null | undefined,
  presets: readonly number[] = COMMISSION_PRESETS,
  defaultCommission: number = DEFAULT_COMMISSION,
): CommissionChoice {
  if (percentage === null || percentage === undefined)
    return { kind: 'preset', percentage: defaultCommission };
  const preset = presets.find((value) => value === percentage);
  return preset !== undefined ? { kind: 'preset', percentage: preset } : { kind: 'custom', percentage };
}

/** The percentage a choice saves; null when a custom choice is still empty (nothing to save). */
export function percentageOf(choice: CommissionChoice): number | null {
  return choice.percentage;
}
