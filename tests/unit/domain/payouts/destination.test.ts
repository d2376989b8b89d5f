import { describe, expect, it } from 'vitest';
import { maskedBank, scheduleText } from '../../../../src/domain/payouts/destination';

const schedule = (interval: 'daily' | 'weekly' | 'monthly' | 'manual', more: object = {}) => ({
  interval,
  delay_days: 2,
  weekly_anchor: null,
  monthly_anchor: null,
  ...more,
});

describe('where and when payouts are paid', () => {
  it('masks the bank to its last four digits', () => {
    expect(maskedBank({ last4: '6789', bank_name: 'STRIPE TEST BANK' })).toBe('•••• 6789');
  });

  it('names the payout schedule in words', () => {
    expect(scheduleText(schedule('daily'))).toBe('Daily, 2 days after the payment');
    expect(scheduleText(schedule('daily', { delay_days: 1 }))).toBe('Daily, 1 day after the payment');
    expect(scheduleText(schedule('weekly', { weekly_anchor: 'monday' }))).toBe('Weekly on Monday');
    expect(scheduleText(schedule('weekly'))).toBe('Weekly');
    expect(scheduleText(schedule('monthly', { monthly_anchor: 1 }))).toBe('Monthly on the 1st');
    expect(scheduleText(schedule('monthly', { monthly_anchor: 22 }))).toBe('Monthly on the 22nd');
    expect(scheduleText(schedule('monthly', { monthly_anchor: 13 }))).toBe('Monthly on the 13th');
    expect(scheduleText(schedule('monthly', { monthly_anchor: 31 }))).toBe('Monthly on the 31st');
    expect(scheduleText(schedule('manual'))).toBe('Manual');
  });
});
