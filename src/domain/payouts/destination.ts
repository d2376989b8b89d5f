/**
 * How the payouts screens name where and when a provider is paid (issue 31): the bank masked to its last
 * four digits, and the payment provider's payout schedule in words. Pure; shapes as the contract has them
 * (Stripe's settings.payouts.schedule).
 */

export interface BankShown {
  last4: string;
  bank_name: string | null;
}

export interface ScheduleShown {
  interval: 'daily' | 'weekly' | 'monthly' | 'manual';
  delay_days: number;
  weekly_anchor: string | null;
  monthly_anchor: number | null;
}

/** "•••• 6789": never more than the last four digits. */
export const maskedBank = (bank: BankShown) => `•••• ${bank.last4}`;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

const ordinal = (day: number) => {
  const tens = day % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10];
  return `${day}${suffix ?? 'th'}`;
};

/** "Daily, 2 days after the payment", "Weekly on Monday", "Monthly on the 15th", "Manual". */
export function scheduleText(schedule: ScheduleShown): string {
  switch (schedule.interval) {
    case 'daily': {
      const days = schedule.delay_days;
      return `Daily, ${days} ${days === 1 ? 'day' : 'days'} after the payment`;
    }
    case 'weekly':
      return schedule.weekly_anchor ? `Weekly on ${capitalised(schedule.weekly_anchor)}` : 'Weekly';
    case 'monthly':
      return schedule.monthly_anchor ? `Monthly on the ${ordinal(schedule.monthly_anchor)}` : 'Monthly';
    case 'manual':
      return 'Manual';
  }
}
