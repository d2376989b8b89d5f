import { Temporal } from 'temporal-polyfill';

/**
 * "Now" as a Temporal instant, for screens whose rules take it (the Special Dates section's today and holiday
 * year). Kept apart from clock.ts so the sign-in page's chunk does not change when a console screen uses it.
 */
export function nowInstant(): Temporal.Instant {
  return Temporal.Now.instant();
}
