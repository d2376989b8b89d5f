/**
 * A location of a connected scheduling system (GET/POST /strategies/fetch/locations) as the wizard keeps it
 * in stored state. Import-free: stored state reads the wizard's progress on the first load.
 */
import type { StoredAddress } from '../shared/address';

export type ConnectionLocation = StoredAddress & {
  id: string;
  name: string;
  timezone: string | null;
};

/** The pick-list's line for a location: its name and address. */
export function locationLabel(location: ConnectionLocation): string {
  const place = [location.streetAddress, location.city, location.state].filter(Boolean).join(', ');
  return place ? `${location.name} (${place})` : location.name;
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** Locations read back from stored state: whatever does not look like one is left out. */
export function connectionLocationsFrom(value: unknown): ConnectionLocation[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const row = item as Record<string, unknown>;
    if (typeof row.id !== 'string' || typeof row.name !== 'string') return [];
    const at = row.coordinates as { lat?: unknown; lng?: unknown } | null | undefined;
    const coordinates =
      typeof at?.lat === 'number' && typeof at.lng === 'number' ? { lat: at.lat, lng: at.lng } : null;
    return [
      {
        id: row.id,
        name: row.name,
        streetAddress: textOrNull(row.streetAddress),
        addressLine2: textOrNull(row.addressLine2),
        city: textOrNull(row.city),
        state: textOrNull(row.state),
        zip: textOrNull(row.zip),
        country: textOrNull(row.country),
        coordinates,
        timezone: textOrNull(row.timezone),
      },
    ];
  });
}
