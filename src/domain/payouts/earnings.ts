/**
 * Payouts from completed appointments (spec 02 §3 Payout, §9; issue 18): what a provider is paid for a
 * completed appointment is its price less the provider's commission for the service's category; the payment
 * provider pays the day's earnings out as one payout that arrives PAYOUT_DELAY_DAYS after the day the
 * appointment ended (UTC days, as Stripe's arrival dates are). Pure: times are epoch milliseconds.
 */

export const PAYOUT_DELAY_DAYS = 2;

const DAY_MS = 86_400_000;

export interface CompletedAppointment {
  /** When the appointment ended, epoch milliseconds. */
  endMs: number;
  /** The price of its service item, or the sum of its bundle's items, in cents. */
  priceInCents: number;
  /** The provider's commission for the service's category, 0–100 (0 when none is set). */
  commissionPercent: number;
}

/** A payout as the payment provider lists it: amount in cents, arrival_date in unix seconds. */
export interface DerivedPayout {
  amount: number;
  arrival_date: number;
}

/** The provider's share of one appointment, in whole cents (the commission rounded to the nearest cent). */
export function netOfCommission(priceInCents: number, commissionPercent: number): number {
  const percent = Math.min(100, Math.max(0, commissionPercent));
  return priceInCents - Math.round((priceInCents * percent) / 100);
}

/** The arrival of the payout that pays an appointment ending at endMs: midnight UTC, days later. */
export function arrivalOf(endMs: number): number {
  return (Math.floor(endMs / DAY_MS) + PAYOUT_DELAY_DAYS) * DAY_MS;
}

/** One payout per arrival day with something to pay, newest first (the order Stripe lists payouts in). */
export function payoutsOf(appointments: readonly CompletedAppointment[]): DerivedPayout[] {
  const byArrival = new Map<number, number>();
  for (const appointment of appointments) {
    const arrival = arrivalOf(appointment.endMs);
    const net = netOfCommission(appointment.priceInCents, appointment.commissionPercent);
    byArrival.set(arrival, (byArrival.get(arrival) ?? 0) + net);
  }
  return [...byArrival.entries()]
    .filter(([, amount]) => amount > 0)
    .sort(([a], [b]) => b - a)
    .map(([arrival, amount]) => ({ amount, arrival_date: arrival / 1000 }));
}

/** The sum of the payouts that arrived in [fromMs, untilMs] (fromMs null: since the first), in cents. */
export function sumArrived(
  payouts: readonly DerivedPayout[],
  fromMs: number | null,
  untilMs: number,
): number {
  return payouts
    .filter((payout) => {
      const arrivedMs = payout.arrival_date * 1000;
      return arrivedMs <= untilMs && (fromMs === null || arrivedMs >= fromMs);
    })
    .reduce((total, payout) => total + payout.amount, 0);
}
