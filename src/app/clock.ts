import { DEFAULT_TIME_ZONE } from '../domain/shared/constants';

/** The one place screens read the clock: the session takes "now" as an argument. */
export function nowMs(): number {
  return Date.now();
}

/** The reader's time zone (the browser's), or the console's default when the browser gives none. */
export function readerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
