/**
 * The marketplace's business constants (02 §9) that an admin changes on /settings without a release: the
 * late-cancel threshold, the commission presets and default, the available-after-days options, the default
 * time zone and the activity window. The defaults are the spec's values; the API keeps one versioned row and
 * every rule that reads a setting takes it as an argument. The draft is the form as typed (text), checked
 * here into the values a save sends.
 */
import { DEFAULT_TIME_ZONE } from '../shared/constants';

export interface MarketplaceSettingsValues {
  /** A booking that starts in under this many hours can no longer be CANCELLED (only LATE_CANCELLED). */
  lateCancelHours: number;
  /** The commission percentages offered as presets on a provider's Commission and Fees. */
  commissionPresets: number[];
  /** The preset a service category has until a commission is saved for it (one of the presets). */
  defaultCommission: number;
  /** The available-after-days choices a provider picks from (0 same day, 1 next day…). */
  availableAfterDaysOptions: number[];
  /** The time zone a new location starts with. */
  defaultTimezone: string;
  /** The days the dashboard's activity figures look back. */
  activityWindowDays: number;
}

export const DEFAULT_SETTINGS: MarketplaceSettingsValues = {
  lateCancelHours: 24,
  commissionPresets: [15, 20],
  defaultCommission: 20,
  availableAfterDaysOptions: [0, 1, 2, 7],
  defaultTimezone: DEFAULT_TIME_ZONE,
  activityWindowDays: 30,
};

/** The bounds of each setting (the API refuses anything outside them). */
export const SETTINGS_LIMITS = {
  lateCancelHours: { min: 0, max: 168 },
  commissionPresets: { min: 0, max: 100, count: 5 },
  availableAfterDaysOptions: { min: 0, max: 365, count: 8 },
  activityWindowDays: { min: 1, max: 365 },
} as const;

export type SettingsField = keyof MarketplaceSettingsValues;
export const SETTINGS_FIELDS = Object.keys(DEFAULT_SETTINGS) as SettingsField[];

/** Each setting's rule in words: the form's help and the API's 400 say the same. */
export const SETTINGS_ERRORS = {
  lateCancelHours: 'lateCancelHours must be a whole number of hours from 0 to 168',
  commissionPresets: 'commissionPresets must be 1 to 5 different whole percentages from 0 to 100',
  defaultCommission: 'defaultCommission must be one of the commission presets',
  availableAfterDaysOptions:
    'availableAfterDaysOptions must be 1 to 8 different whole numbers of days from 0 to 365',
  defaultTimezone: 'defaultTimezone must be an IANA time zone such as America/Los_Angeles',
  activityWindowDays: 'activityWindowDays must be a whole number of days from 1 to 365',
} as const satisfies Record<SettingsField, string>;

/** The same rules as the form says them, on the field. */
export const SETTINGS_FIELD_ERRORS = {
  lateCancelHours: 'Enter whole hours from 0 to 168.',
  commissionPresets: 'Enter 1 to 5 different whole percentages from 0 to 100, separated by commas.',
  defaultCommission: 'Choose one of the commission presets.',
  availableAfterDaysOptions:
    'Enter 1 to 8 different whole numbers of days from 0 to 365, separated by commas.',
  defaultTimezone: 'Enter a time zone such as America/Los_Angeles.',
  activityWindowDays: 'Enter whole days from 1 to 365.',
} as const satisfies Record<SettingsField, string>;

const isWhole = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/** 1 to `count` different whole numbers from `min` to `max`. */
export function isNumberList(values: readonly number[], limits: { min: number; max: number; count: number }) {
  return (
    values.length >= 1 &&
    values.length <= limits.count &&
    new Set(values).size === values.length &&
    values.every((value) => isWhole(value, limits.min, limits.max))
  );
}

export const isLateCancelHours = (value: number) =>
  isWhole(value, SETTINGS_LIMITS.lateCancelHours.min, SETTINGS_LIMITS.lateCancelHours.max);
export const isActivityWindowDays = (value: number) =>
  isWhole(value, SETTINGS_LIMITS.activityWindowDays.min, SETTINGS_LIMITS.activityWindowDays.max);
export const isCommissionPresets = (values: readonly number[]) =>
  isNumberList(values, SETTINGS_LIMITS.commissionPresets);
export const isAvailableAfterDaysOptions = (values: readonly number[]) =>
  isNumberList(values, SETTINGS_LIMITS.availableAfterDaysOptions);

/** The form as typed: lists as comma-separated text. */
export type SettingsDraft = Record<SettingsField, string>;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

const listText = (values: readonly number[]) => values.join(', ');

export function settingsDraftFrom(values: MarketplaceSettingsValues): SettingsDraft {
  return {
    lateCancelHours: String(values.lateCancelHours),
    commissionPresets: listText(values.commissionPresets),
    defaultCommission: String(values.defaultCommission),
    availableAfterDaysOptions: listText(values.availableAfterDaysOptions),
    defaultTimezone: values.defaultTimezone,
    activityWindowDays: String(values.activityWindowDays),
  };
}

const WHOLE = /^\d+$/;
const wholeOf = (text: string): number | null => (WHOLE.test(text.trim()) ? Number(text.trim()) : null);

/** "15, 20" → [15, 20]; null when a part is not a whole number. Spaces and an empty last part are fine. */
export function numberListOf(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part, index, all) => part !== '' || index < all.length - 1);
  if (parts.length === 0) return [];
  const numbers = parts.map(wholeOf);
  return numbers.every((value): value is number => value !== null) ? numbers : null;
}

/**
 * The draft's values, or the errors of each field that breaks its rule. Lists are kept in ascending order,
 * as the pickers show them. `isZone` is the time-zone check (Temporal's, in src/domain/providers/location.ts).
 */
export function checkSettingsDraft(
  draft: SettingsDraft,
  isZone: (name: string) => boolean,
): { ok: true; value: MarketplaceSettingsValues } | { ok: false; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const lateCancelHours = wholeOf(draft.lateCancelHours);
  if (lateCancelHours === null || !isLateCancelHours(lateCancelHours))
    errors.lateCancelHours = SETTINGS_FIELD_ERRORS.lateCancelHours;
  const presets = numberListOf(draft.commissionPresets);
  const presetsValid = presets !== null && isCommissionPresets(presets);
  if (!presetsValid) errors.commissionPresets = SETTINGS_FIELD_ERRORS.commissionPresets;
  // The default is checked against presets that are themselves valid (one error at a time).
  const defaultCommission = wholeOf(draft.defaultCommission);
  if (defaultCommission === null || (presetsValid && !presets.includes(defaultCommission)))
    errors.defaultCommission = SETTINGS_FIELD_ERRORS.defaultCommission;
  const options = numberListOf(draft.availableAfterDaysOptions);
  if (options === null || !isAvailableAfterDaysOptions(options))
    errors.availableAfterDaysOptions = SETTINGS_FIELD_ERRORS.availableAfterDaysOptions;
  const defaultTimezone = draft.defaultTimezone.trim();
  if (!isZone(defaultTimezone)) errors.defaultTimezone = SETTINGS_FIELD_ERRORS.defaultTimezone;
  const activityWindowDays = wholeOf(draft.activityWindowDays);
  if (activityWindowDays === null || !isActivityWindowDays(activityWindowDays))
    errors.activityWindowDays = SETTINGS_FIELD_ERRORS.activityWindowDays;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const ascending = (values: number[]) => [...values].sort((a, b) => a - b);
  return {
    ok: true,
    value: {
      lateCancelHours: lateCancelHours as number,
      commissionPresets: ascending(presets as number[]),
      defaultCommission: defaultCommission as number,
      availableAfterDaysOptions: ascending(options as number[]),
      defaultTimezone,
      activityWindowDays: activityWindowDays as number,
    },
  };
}

export const SETTINGS_MESSAGES = {
  saved: 'Saved settings.',
  saveFailed: 'Error saving settings.',
  loadFailed: 'The settings could not be loaded.',
} as const;
