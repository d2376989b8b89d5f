/** Available after days (spec 02 §9): how far ahead a booking must be. */
export const AVAILABLE_AFTER_DAYS_OPTIONS = [
  { days: 0, label: 'Same day' },
  { days: 1, label: 'Next day' },
  { days: 2, label: 'Two days' },
  { days: 7, label: 'One week' },
] as const;
export type AvailableAfterDays = (typeof AVAILABLE_AFTER_DAYS_OPTIONS)[number]['days'];

export function isAvailableAfterDays(value: number): value is AvailableAfterDays {
  return AVAILABLE_AFTER_DAYS_OPTIONS.some((option) => option.days === value);
}
