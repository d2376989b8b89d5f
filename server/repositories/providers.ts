/** Reading providers with their locations; no HTTP here. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Location, Provider } from '../../src/api/contract/provider';
import type { Db } from '../db/client';
import { locations, providers, userProviders, users } from '../db/schema';

type LocationRow = typeof locations.$inferSelect;
type ProviderRow = typeof providers.$inferSelect;

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    fullAddress: row.fullAddress,
    streetAddress: row.streetAddress,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    externalLocationId: row.externalLocationId,
    isPublic: row.isPublic,
    timezone: row.timezone,
    settlementAccount: row.settlementAccountId ? { id: row.settlementAccountId } : null,
    stripeAccount: row.stripeAccountId ? { id: row.stripeAccountId } : null,
    taxRate: row.taxRate,
    billingContactEmail: row.billingContactEmail,
    isEMAILNotificationsEnabled: row.isEMAILNotificationsEnabled,
  };
}

export function toProvider(row: ProviderRow, location: LocationRow | null): Provider {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoURL: row.logoURL,
    coverImageURL: row.coverImageURL,
    strategy: row.strategy,
    externalId: row.externalId,
    availableAfterDays: row.availableAfterDays,
    timezone: row.timezone,
    phoneNumber: row.phoneNumber,
    isSMSNotificationsEnabled: row.isSMSNotificationsEnabled,
    isUpkeepPayingProcessingFees: row.isUpkeepPayingProcessingFees,
    hasCredentials: row.credentialsId !== null,
    location: location ? toLocation(location) : null,
  };
}

/**
 * Providers ordered by name then id. `forFirebaseUid` narrows to the providers linked to that user (a
 * provider user sees only their own); a user with no row or no links gets an empty list.
 */
export async function listProviders(db: Db, { forFirebaseUid }: { forFirebaseUid?: string } = {}) {
  let ids: number[] | undefined;
  if (forFirebaseUid !== undefined) {
    const links = await db
      .select({ providerId: userProviders.providerId })
      .from(userProviders)
      .innerJoin(users, eq(users.id, userProviders.userId))
      .where(eq(users.firebaseUid, forFirebaseUid));
    ids = links.map((link) => link.providerId);
    if (ids.length === 0) return [];
  }
  const rows = await db
    .select({ provider: providers, location: locations })
    .from(providers)
    .leftJoin(locations, eq(locations.id, providers.locationId))
    .where(ids ? inArray(providers.id, ids) : undefined)
    .orderBy(asc(providers.name), asc(providers.id));
  return rows.map((row) => toProvider(row.provider, row.location));
}
