/**
 * GET /settings and PUT /settings: the marketplace's business constants (02 §9), one versioned record. Every
 * signed-in console user reads them (the provider screens follow them too); only an admin writes them.
 */
import * as v from 'valibot';
import { isIanaTimeZone } from '../../domain/providers/location';
import {
  isActivityWindowDays,
  isAvailableAfterDaysOptions,
  isCommissionPresets,
  isLateCancelHours,
  SETTINGS_ERRORS,
} from '../../domain/settings/settings';
import { VersionInputSchema, VersionSchema } from './version';

const numberField = (field: keyof typeof SETTINGS_ERRORS, rule: (value: number) => boolean) =>
  v.pipe(v.number(SETTINGS_ERRORS[field]), v.check(rule, SETTINGS_ERRORS[field]));
const listField = (field: keyof typeof SETTINGS_ERRORS, rule: (values: number[]) => boolean) =>
  v.pipe(
    v.array(v.number(SETTINGS_ERRORS[field]), SETTINGS_ERRORS[field]),
    v.check(rule, SETTINGS_ERRORS[field]),
  );

const fields = {
  lateCancelHours: numberField('lateCancelHours', isLateCancelHours),
  commissionPresets: listField('commissionPresets', isCommissionPresets),
  defaultCommission: v.number(SETTINGS_ERRORS.defaultCommission),
  availableAfterDaysOptions: listField('availableAfterDaysOptions', isAvailableAfterDaysOptions),
  defaultTimezone: v.pipe(
    v.string(SETTINGS_ERRORS.defaultTimezone),
    v.check(isIanaTimeZone, SETTINGS_ERRORS.defaultTimezone),
  ),
  activityWindowDays: numberField('activityWindowDays', isActivityWindowDays),
};

export const MarketplaceSettingsSchema = v.object({
  lateCancelHours: v.number(),
  commissionPresets: v.array(v.number()),
  defaultCommission: v.number(),
  availableAfterDaysOptions: v.array(v.number()),
  defaultTimezone: v.string(),
  activityWindowDays: v.number(),
  version: VersionSchema,
  /** ISO timestamp of the last save; null while the spec's defaults have never been changed. */
  updatedAt: v.nullable(v.string()),
});
export type MarketplaceSettings = v.InferOutput<typeof MarketplaceSettingsSchema>;

/** PUT /settings: every setting, with the version read. The default commission must be one of the presets. */
export const SettingsUpdateSchema = v.pipe(
  v.object({ ...fields, version: VersionInputSchema }, (issue) =>
    issue.expected?.startsWith('"')
      ? `${issue.expected.slice(1, -1)} is required`
      : 'must be an object with every setting and the version read',
  ),
  v.forward(
    v.partialCheck(
      [['commissionPresets'], ['defaultCommission']],
      (input) => input.commissionPresets.includes(input.defaultCommission),
      SETTINGS_ERRORS.defaultCommission,
    ),
    ['defaultCommission'],
  ),
);
export type SettingsUpdate = v.InferInput<typeof SettingsUpdateSchema>;
