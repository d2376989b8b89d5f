/** Activity figures (02 §2, §9): payouts are cents, shown as dollars with 2 decimals. */
import { formatDollars } from '../shared/money';

export interface ActivityFigures {
  bookingsPast30Days: number;
  payoutsPast30DaysInCents: number;
  lifetimePayoutsInCents: number;
  /** The days the "past" figures cover (the marketplace's activity window; 30 unless changed). */
  activityWindowDays?: number;
}

export interface ActivityLine {
  label: string;
  value: string;
}

export function activityLines(figures: ActivityFigures): ActivityLine[] {
  const days = figures.activityWindowDays ?? 30;
  const past = days === 1 ? 'the past day' : `the past ${days} days`;
  return [
    { label: `Bookings in ${past}`, value: String(figures.bookingsPast30Days) },
    { label: `Payouts in ${past}`, value: formatDollars(figures.payoutsPast30DaysInCents) },
    { label: 'Lifetime payouts', value: formatDollars(figures.lifetimePayoutsInCents) },
  ];
}
