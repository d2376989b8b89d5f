/**
 * Location rules (spec 02 §3, §5): the address a save needs, the tax rate, billing contact emails,
 * coordinates typed as "lat, lng", and the time zone (a real IANA zone, America/Los_Angeles by default).
 */
import { DEFAULT_TIME_ZONE } from '../shared/constants';

export interface AddressFields {
  streetAddress?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  zip?: string | null;
}

const filled = (text: string | null | undefined) => typeof text === 'string' && text.trim() !== '';

/** Location save: street, city, and state or country; otherwise 'Address is required'. */
export function isAddressComplete(address: AddressFields): boolean {
  return (
    filled(address.streetAddress) &&
    filled(address.city) &&
    (filled(address.state) || filled(address.country))
  );
}

/** Whether the address is complete enough to geocode (and coordinates are then looked up automatically). */
export function needsGeocoding(address: AddressFields, coordinates: Coordinates | null | undefined): boolean {
  return isAddressComplete(address) && !coordinates;
}

/** "street, city, state zip, country", skipping what is empty. */
export function fullAddressOf(address: AddressFields): string {
  const stateZip = [address.state, address.zip].filter(filled).join(' ');
  return [address.streetAddress, address.city, stateZip, address.country]
    .filter(filled)
    .map((part) => (part as string).trim())
    .join(', ');
}

/** Tax rate: a number from 0 to 1. */
export function isValidTaxRate(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 1;
}

/** A stored tax rate (0 to 1) as the percent people read and type: 0.1025 → "10.25". */
export function taxRatePercentText(rate: number): string {
  return String(Math.round(rate * 1e6) / 1e4);
}

/** A typed percent ("10.25", "10.25 %") as the stored rate (0.1025), or null unless it is from 0 to 100. */
export function taxRateOfPercent(text: string): number | null {
  const figure = text.trim().replace(/\s*%$/, '');
  const percent = figure === '' ? Number.NaN : Number(figure);
  const rate = Math.round(percent * 1e4) / 1e6;
  return isValidTaxRate(rate) ? rate : null;
}

// The WHATWG rule for <input type="email">: what a browser accepts, and what the server accepts.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}

/**
 * Billing contact emails are split on commas after whitespace is removed (spec 02 §5); empty pieces (a
 * trailing comma) are dropped. `invalid` lists the pieces that are not email addresses.
 */
export function parseBillingEmails(text: string): { emails: string[]; invalid: string[] } {
  const emails = text
    .replace(/\s+/g, '')
    .split(',')
    .filter((piece) => piece !== '');
  return { emails, invalid: emails.filter((email) => !isEmailAddress(email)) };
}

/** The stored form: the addresses joined by commas, no spaces. */
export function formatBillingEmails(emails: readonly string[]): string {
  return emails.join(',');
}

export interface Coordinates {
  lat: number;
  lng: number;
}

export function isValidCoordinates({ lat, lng }: Coordinates): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;

/** "34.0336, -118.4979" → { lat, lng }; null when it is not two numbers in range. */
export function parseCoordinates(text: string): Coordinates | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2 || !parts.every((part) => NUMBER.test(part))) return null;
  const coordinates = { lat: Number(parts[0]), lng: Number(parts[1]) };
  return isValidCoordinates(coordinates) ? coordinates : null;
}

export function formatCoordinates({ lat, lng }: Coordinates): string {
  return `${lat}, ${lng}`;
}

export { DEFAULT_TIME_ZONE };

/** ICU's own three-letter names, which are not IANA zones (the time library refuses them too). */
const ICU_ZONE = /^(AC|AE|AG|AR|AS|BE|BS|CA|CN|CS|CT|EA|EC|IE|IS|JS|MI|NE|NS|PL|PN|PR|PS|SS|VS)T$/;

/**
 * A zone name as the time library (temporal-polyfill) writes it whatever case it was typed in: "UTC", short
 * or numbered parts in capitals ("EST", "Etc/GMT+5"), words capitalised ("America/Port-au-Prince").
 */
function zoneNameCase(name: string): string {
  if (name.toUpperCase() === 'UTC') return 'UTC';
  return name
    .toLowerCase()
    .split('/')
    .map((part, partIndex) =>
      (part.length <= 3 || /\d/.test(part)) && !/etc|yap/.test(part)
        ? part.toUpperCase()
        : part.replace(/baja|dumont|[a-z]+/g, (word, at: number) =>
            (word.length <= 2 && !partIndex) || word === 'in' || word === 'chat'
              ? word.toUpperCase()
              : word.length > 2 || !at
                ? capitalise(word).replace(/island|noronha|murdo|rivadavia|urville/, capitalise)
                : word,
          ),
    )
    .join('/');
}

const capitalise = (word: string) => (word[0] ?? '').toUpperCase() + word.slice(1);

/**
 * A real IANA zone name (America/Los_Angeles, UTC, a link such as Asia/Kolkata): one the platform's time zone
 * data knows, not a bare offset such as +05:00, written as the time library writes it, so
 * "america/los_angeles" is not accepted. Intl only: this runs on the first load, without the time library.
 */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name) || ICU_ZONE.test(name)) return false;
  const written = zoneNameCase(name);
  if (written !== name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: written.toUpperCase() });
    return true;
  } catch {
    return false;
  }
}
