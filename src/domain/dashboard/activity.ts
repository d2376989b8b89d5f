/** Activity figures (02 §2, §9): payouts are cents, shown as dollars with 2 decimals. */
import { formatDollars } from '../shared/money';
import { PROVIDER_MESSAGES } from '../shared/messages';

interface BookingFigures {
  bookingsPast30Days: number;
  /** The days the "past" figures cover (the marketplace's activity window; 30 unless changed). */
  activityWindowDays?: number;
}

/**
 * The bookings are ours; the two payout figures are the payment provider's, and are null with
 * `payouts: 'unavailable'` when it did not answer.
 */
export type ActivityFigures = BookingFigures &
  (
    | { payouts?: 'available'; payoutsPast30DaysInCents: number; lifetimePayoutsInCents: number }
    | { payouts: 'unavailable'; payoutsPast30DaysInCents: null; lifetimePayoutsInCents: null }
  );

export interface ActivityLine {
  label: string;
  value: string;
}

/** The figures shown: the bookings always, the two payout figures only when the payment provider answered. */
export function activityLines(figures: ActivityFigures): ActivityLine[] {
  const days = figures.activityWindowDays ?? 30;
  const past = days === 1 ? 'the past day' : `the past ${days} days`;
  const bookings = { label: `Bookings in ${past}`, value: String(figures.bookingsPast30Days) };
  if (figures.payouts === 'unavailable') return [bookings];
  return [
    bookings,
    { label: `Payouts in ${past}`, value: formatDollars(figures.payoutsPast30DaysInCents) },
    { label: 'Lifetime payouts', value: formatDollars(figures.lifetimePayoutsInCents) },
  ];
}

/** What shows in place of the payout figures when the payment provider did not answer; null otherwise. */
export function payoutsNotice(figures: ActivityFigures): string | null {
  return figures.payouts === 'unavailable' ? PROVIDER_MESSAGES.paymentsUnavailable : null;
}
