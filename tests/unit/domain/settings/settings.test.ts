import { describe, expect, it } from 'vitest';
import { statusOptions } from '../../../../src/domain/appointments/status-rules';
import type { Commission } from '../../../../src/api/contract/commission';
import { activityLines } from '../../../../src/domain/dashboard/activity';
import { commissionRows } from '../../../../src/machines/providers/commission-editor.rules';
import { availableAfterOptions } from '../../../../src/domain/providers/available-after';
import { isIanaTimeZone } from '../../../../src/domain/providers/location';
import {
  checkSettingsDraft,
  DEFAULT_SETTINGS,
  numberListOf,
  SETTINGS_FIELD_ERRORS,
  settingsDraftFrom,
} from '../../../../src/domain/settings/settings';

const NOW = '2026-03-05T18:00:00Z';
const cancelled = (start: string, hours?: number) =>
  statusOptions(start, NOW, hours).find((option) => option.status === 'CANCELLED')?.disabled;

describe('marketplace settings', () => {
  it('the draft of the spec’s values checks back to the same values', () => {
    const draft = settingsDraftFrom(DEFAULT_SETTINGS);
    expect(checkSettingsDraft(draft, isIanaTimeZone)).toEqual({ ok: true, value: DEFAULT_SETTINGS });
  });

  it('reads comma-separated lists, sorting them; refuses what is not a list of whole numbers', () => {
    expect(numberListOf('20, 15,')).toEqual([20, 15]);
    expect(numberListOf(' ')).toEqual([]);
    expect(numberListOf('1, two')).toBeNull();
    expect(numberListOf('1.5')).toBeNull();
    const checked = checkSettingsDraft(
      { ...settingsDraftFrom(DEFAULT_SETTINGS), availableAfterDaysOptions: '7, 0, 3' },
      isIanaTimeZone,
    );
    expect(checked.ok && checked.value.availableAfterDaysOptions).toEqual([0, 3, 7]);
  });

  it('names each field that breaks its rule; the default must be one of valid presets', () => {
    const draft = settingsDraftFrom(DEFAULT_SETTINGS);
    const errors = (change: Partial<typeof draft>) => {
      const checked = checkSettingsDraft({ ...draft, ...change }, isIanaTimeZone);
      return checked.ok ? {} : checked.errors;
    };
    expect(errors({ lateCancelHours: '169' })).toEqual({
      lateCancelHours: SETTINGS_FIELD_ERRORS.lateCancelHours,
    });
    expect(errors({ defaultCommission: '30' })).toEqual({
      defaultCommission: SETTINGS_FIELD_ERRORS.defaultCommission,
    });
    expect(errors({ commissionPresets: '1,2,3,4,5,6' })).toEqual({
      commissionPresets: SETTINGS_FIELD_ERRORS.commissionPresets,
    });
    expect(errors({ availableAfterDaysOptions: '' })).toEqual({
      availableAfterDaysOptions: SETTINGS_FIELD_ERRORS.availableAfterDaysOptions,
    });
    expect(errors({ defaultTimezone: 'Nowhere/City' })).toEqual({
      defaultTimezone: SETTINGS_FIELD_ERRORS.defaultTimezone,
    });
    expect(errors({ activityWindowDays: '0' })).toEqual({
      activityWindowDays: SETTINGS_FIELD_ERRORS.activityWindowDays,
    });
  });

  it('the late-cancel threshold: 48 hours disables CANCELLED two days ahead; 24 does not', () => {
    const inTwoDays = '2026-03-07T17:00:00Z'; // 47 hours away
    expect(cancelled(inTwoDays)).toBe(false);
    expect(cancelled(inTwoDays, 24)).toBe(false);
    expect(cancelled(inTwoDays, 48)).toBe(true);
    // 0 hours: CANCELLED stays on until the start.
    expect(cancelled('2026-03-05T18:30:00Z', 0)).toBe(false);
    expect(cancelled('2026-03-05T18:30:00Z', 24)).toBe(true);
  });

  it('the available-after options: the setting’s choices, with the spec’s words where they have them', () => {
    expect(availableAfterOptions()).toEqual([
      { days: 0, label: 'Same day' },
      { days: 1, label: 'Next day' },
      { days: 2, label: 'Two days' },
      { days: 7, label: 'One week' },
    ]);
    expect(availableAfterOptions([0, 3, 14])).toEqual([
      { days: 0, label: 'Same day' },
      { days: 3, label: '3 days' },
      { days: 14, label: '14 days' },
    ]);
    // A provider's saved value the setting no longer offers still shows.
    expect(availableAfterOptions([0, 3], 7).map((option) => option.days)).toEqual([0, 3, 7]);
  });

  it('the activity window: the dashboard says how many days its figures cover', () => {
    const figures = {
      bookingsPast30Days: 4,
      payoutsPast30DaysInCents: 12_345,
      lifetimePayoutsInCents: 99_900,
    };
    expect(activityLines(figures).map((line) => line.label)).toEqual([
      'Bookings in the past 30 days',
      'Payouts in the past 30 days',
      'Lifetime payouts',
    ]);
    expect(activityLines({ ...figures, activityWindowDays: 7 }).map((line) => line.label)).toEqual([
      'Bookings in the past 7 days',
      'Payouts in the past 7 days',
      'Lifetime payouts',
    ]);
    expect(activityLines({ ...figures, activityWindowDays: 1 })[0]?.label).toBe('Bookings in the past day');
  });

  it('the commission presets and default: what a category shows and what it counts as', () => {
    const categories = [
      { id: 1, name: 'Face' },
      { id: 2, name: 'Body' },
    ];
    const stored: Commission[] = [
      {
        id: 9,
        commissionId: 9,
        name: null,
        serviceCategory: { id: 2, name: 'Body' },
        providerId: 1,
        percentage: 20,
        version: 1,
      },
    ];
    const shown = (rows: ReturnType<typeof commissionRows>) =>
      rows.map((row) => [row.categoryName, row.choice, row.customText, row.saved]);
    expect(shown(commissionRows(categories, stored))).toEqual([
      ['Face', '20', '', 20],
      ['Body', '20', '', 20],
    ]);
    // Presets 10 and 25 (default 25): a category without a commission counts as 25; a stored 20 is now custom.
    expect(shown(commissionRows(categories, stored, { presets: [10, 25], defaultCommission: 25 }))).toEqual([
      ['Face', '25', '', 25],
      ['Body', 'custom', '20', 20],
    ]);
  });
});
