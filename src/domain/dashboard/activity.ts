/** Activity figures (02 §2, §9): payouts are cents, shown as dollars with 2 decimals. */
import { formatDollars } from '../shared/money';

export interface ActivityFigures {
  bookingsPast30Days: number;
  payoutsPast30DaysInCents: number;
  lifetimePayoutsInCents: number;
}

export interface ActivityLine {
  label: string;
  value: string;
}

export function activityLines(figures: ActivityFigures): ActivityLine[] {
  return [
    { label: 'Bookings in the past 30 days', value: String(figures.bookingsPast30Days) },
    { label: 'Payouts in the past 30 days', value: formatDollars(figures.payoutsPast30DaysInCents) },
    { label: 'Lifetime payouts', value: formatDollars(figures.lifetimePayoutsInCents) },
  ];
}
