/**
 * A scheduling vendor's location as the console's `ExternalLocation`, written once for every vendor client
 * (MINDBODY, Booker, Boulevard, Square): each client reads its own wire fields into `VendorLocation` and
 * this trims the text, leaves out what is blank, keeps coordinates only when both are numbers and answers
 * the fields in one order. Which field is which, and how a vendor names its country or zone, stays with the
 * vendor's client.
 */
import type { ExternalLocation } from '../../src/api/contract/strategies';

/** The text trimmed; null when it is missing or only white space. */
export const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The zone when it is an IANA name this runtime knows; null otherwise. */
export function knownZone(zone: string | null | undefined): string | null {
  if (!zone) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** The time zones a US site may name the Windows way (MINDBODY, Booker), as IANA names. */
const WINDOWS_ZONES: Record<string, string> = {
  'Pacific Standard Time': 'America/Los_Angeles',
  'Mountain Standard Time': 'America/Denver',
  'US Mountain Standard Time': 'America/Phoenix',
  'Central Standard Time': 'America/Chicago',
  'Eastern Standard Time': 'America/New_York',
  'Alaskan Standard Time': 'America/Anchorage',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
};

/** The zone as an IANA name: a Windows name of a US zone mapped, any other known zone as it is. */
export function ianaZone(zone: string | null | undefined): string | null {
  if (zone && WINDOWS_ZONES[zone]) return WINDOWS_ZONES[zone];
  return knownZone(zone);
}

/** One location as a vendor answers it, read from its own field names. */
export interface VendorLocation {
  id: string;
  name: string;
  street: string | null | undefined;
  line2: string | null | undefined;
  city: string | null | undefined;
  state: string | null | undefined;
  zip: string | null | undefined;
  /** The country as the vendor's client worked it out (an ISO code where the vendor gives one). */
  country: string | null | undefined;
  lat: number | null | undefined;
  lng: number | null | undefined;
  /** Already an IANA name, or null (`ianaZone`, `knownZone`). */
  timezone: string | null;
}

export function toExternalLocation(location: VendorLocation): ExternalLocation {
  const { lat, lng } = location;
  return {
    id: location.id,
    name: location.name,
    streetAddress: blank(location.street),
    addressLine2: blank(location.line2),
    city: blank(location.city),
    state: blank(location.state),
    zip: blank(location.zip),
    country: blank(location.country),
    coordinates: typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null,
    timezone: location.timezone,
  };
}
