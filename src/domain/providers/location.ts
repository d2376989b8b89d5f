/**
 * Location rules (spec 02 §3, §5): the address a save needs, the tax rate, billing contact emails,
 * coordinates typed as "lat, lng", and the time zone (a real IANA zone, America/Los_Angeles by default).
 */
import { Temporal } from 'temporal-polyfill';
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

/**
 * A real IANA zone name (America/Los_Angeles, UTC): one Temporal knows, not a bare offset such as +05:00.
 * Names are compared as Temporal canonicalises them, so "america/los_angeles" is not accepted.
 */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    const zone = Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(name).timeZoneId;
    return zone.toLowerCase() === name.toLowerCase() && zone === name;
  } catch {
    return false;
  }
}
