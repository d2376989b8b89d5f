/**
 * Who may touch which provider data: an admin everything; a provider user only the providers linked to
 * their account, those providers' locations (and their special dates), their commissions, and a location
 * they created that no provider points at yet (onboarding creates the location before the provider).
 */
import { eq } from 'drizzle-orm';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Db } from '../db/client';
import { locations, providers, userProviders, users } from '../db/schema';
import { failure } from '../http/result';
import type { VerifiedToken } from '../identity';

export type Scope =
  | { kind: 'admin'; uid: string }
  | { kind: 'provider'; uid: string; userId: number | null; providerIds: ReadonlySet<number> };

export async function scopeOf(db: Db, caller: VerifiedToken): Promise<Scope> {
  if (caller.role === 'admin') return { kind: 'admin', uid: caller.uid };
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, caller.uid));
  if (!user) return { kind: 'provider', uid: caller.uid, userId: null, providerIds: new Set() };
  const links = await db
    .select({ providerId: userProviders.providerId })
    .from(userProviders)
    .where(eq(userProviders.userId, user.id));
  return {
    kind: 'provider',
    uid: caller.uid,
    userId: user.id,
    providerIds: new Set(links.map((link) => link.providerId)),
  };
}

export function mayUseProvider(scope: Scope, providerId: number): boolean {
  return scope.kind === 'admin' || scope.providerIds.has(providerId);
}

/** Whether the caller may use the location (which must exist; check that first). */
export async function mayUseLocation(
  db: Pick<Db, 'select'>,
  scope: Scope,
  location: { id: number; createdByUid: string | null },
): Promise<boolean> {
  if (scope.kind === 'admin') return true;
  const owners = await db
    .select({ id: providers.id })
    .from(providers)
    .where(eq(providers.locationId, location.id));
  if (owners.length === 0) return location.createdByUid === scope.uid;
  return owners.some((owner) => scope.providerIds.has(owner.id));
}

export async function findLocation(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id));
  return row;
}

/** The location with its row locked until the transaction ends (a versioned write reads it so). */
export async function lockLocation(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).for('update');
  return row;
}

/** The 403 a service returns when the caller's scope does not cover `what`. */
export const forbidden = (what: string) =>
  failure(403, API_ERROR_CODES.forbidden, `${what} is not one of your providers'`);
