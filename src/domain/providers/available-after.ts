/** Available after days (spec 02 §9): how far ahead a booking must be. The spec's options and their labels. */
import { DEFAULT_SETTINGS, SETTINGS_LIMITS } from '../settings/settings';

export const AVAILABLE_AFTER_DAYS_OPTIONS = [
  { days: 0, label: 'Same day' },
  { days: 1, label: 'Next day' },
  { days: 2, label: 'Two days' },
  { days: 7, label: 'One week' },
] as const;
export type AvailableAfterDays = number;

/** One of the spec's options (0, 1, 2, 7). */
export function isAvailableAfterDays(value: number): boolean {
  return AVAILABLE_AFTER_DAYS_OPTIONS.some((option) => option.days === value);
}

/** A value an option may have at all (whole days, 0 to 365); which ones are offered is the marketplace's setting. */
export function isAvailableAfterDaysValue(value: number): boolean {
  const { min, max } = SETTINGS_LIMITS.availableAfterDaysOptions;
  return Number.isInteger(value) && value >= min && value <= max;
}

/** An option's label: the spec's words for its own options, "N days" for others. */
export function availableAfterLabel(days: number): string {
  return AVAILABLE_AFTER_DAYS_OPTIONS.find((option) => option.days === days)?.label ?? `${days} days`;
}

/**
 * The picker's options from the marketplace setting (the spec's four by default), with the provider's current
 * value kept when the setting no longer offers it, so the picker still shows what is saved.
 */
export function availableAfterOptions(
  days: readonly number[] = DEFAULT_SETTINGS.availableAfterDaysOptions,
  current?: number,
): { days: number; label: string }[] {
  const all = current === undefined || days.includes(current) ? [...days] : [...days, current];
  return all.sort((a, b) => a - b).map((value) => ({ days: value, label: availableAfterLabel(value) }));
}
