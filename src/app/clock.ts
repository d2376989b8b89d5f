/** The one place screens read the clock: the session takes "now" as an argument. */
export function nowMs(): number {
  return Date.now();
}
