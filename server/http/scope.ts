/**
 * Tenant scope: which records a caller may name, in a path or in a body. An admin may name anything; a
 * provider user only
 * - providers linked to their account (`user_providers`);
 * - those providers' locations, and a location they created that no provider points at yet (onboarding
 *   creates the location before the provider);
 * - credentials one of their providers points at, and credentials they saved that no provider uses yet;
 * - a settlement account made for or attached to a location they may use;
 * - as a booking's customer, a user who has booked with one of their providers.
 *
 * One rule for every id a request names: an unknown id is a 404 `<kind>/not-found`, one outside the caller's
 * scope a 403 `auth/forbidden`; both name the field (a body key, or `id` for the path). Services check every
 * id a body names with `checkReferences` before they write, so a refused request changes no row.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { API_ERROR_CODES, type ApiErrorCode } from '../../src/api/contract/error-codes';
import type { Db } from '../db/client';
import {
  appointments,
  credentials,
  locations,
  providers,
  settlementAccounts,
  userProviders,
  users,
} from '../db/schema';
import type { VerifiedToken } from '../identity';
import { failure, ok, recordNotFound, type Failure, type Result } from './result';
import type { HonoEnv } from './types';

export type Scope =
  | { kind: 'admin'; uid: string }
  | { kind: 'provider'; uid: string; userId: number | null; providerIds: ReadonlySet<number> };

type Reader = Pick<Db, 'select'>;

export async function scopeOf(db: Reader, caller: VerifiedToken): Promise<Scope> {
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

/**
 * The middleware that puts the caller's scope on the context (`c.var.scope`) for the handler. It goes after
 * `allow(...)` and the validators, so a malformed request is refused before any database work:
 * `.get('/', roles, query(Schema), scoped, async (c) => answer(c, await list(db, c.var.scope, …)))`.
 */
export function withScope(db: Reader): MiddlewareHandler<HonoEnv> {
  return async function scoped(c, next) {
    c.set('scope', await scopeOf(db, c.get('caller')));
    await next();
  };
}

export function mayUseProvider(scope: Scope, providerId: number): boolean {
  return scope.kind === 'admin' || scope.providerIds.has(providerId);
}

/**
 * A record providers point at (a location, credentials) is the caller's when one of those providers is
 * theirs; one that no provider points at yet, when they created it.
 */
async function ownedThroughProviders(
  db: Reader,
  scope: Scope,
  pointer: typeof providers.locationId | typeof providers.credentialsId,
  row: { id: number; createdByUid: string | null },
): Promise<boolean> {
  if (scope.kind === 'admin') return true;
  const owners = await db.select({ id: providers.id }).from(providers).where(eq(pointer, row.id));
  if (owners.length === 0) return row.createdByUid === scope.uid;
  return owners.some((owner) => scope.providerIds.has(owner.id));
}

/** Whether the caller may use the location (which must exist; check that first). */
export const mayUseLocation = (
  db: Reader,
  scope: Scope,
  location: { id: number; createdByUid: string | null },
) => ownedThroughProviders(db, scope, providers.locationId, location);

/** Whether the caller may use the credentials (which must exist; check that first). */
export const mayUseCredentials = (
  db: Reader,
  scope: Scope,
  row: { id: number; createdByUid: string | null },
) => ownedThroughProviders(db, scope, providers.credentialsId, row);

/** The 403 for a record the caller's scope does not cover (`what`: "Provider 4"), naming the field. */
export const forbidden = (what: string, field?: string) =>
  failure(403, API_ERROR_CODES.forbidden, `${what} is not one of your providers'`, field);

/** A record a request names: its kind, its id, and the request's key that holds it. */
export type Reference =
  | { kind: 'provider' | 'location' | 'credentials' | 'customer'; id: number; field: string }
  | { kind: 'settlementAccount'; id: string; field: string };
export type ReferenceKind = Reference['kind'];

export interface Refusal {
  reference: Reference;
  /** `missing`: no such record; `forbidden`: it exists but is not the caller's to use. */
  reason: 'missing' | 'forbidden';
}

type Verdict = 'ok' | Refusal['reason'];
const verdict = (mine: boolean): Verdict => (mine ? 'ok' : 'forbidden');

async function locationVerdict(db: Reader, scope: Scope, id: number | undefined): Promise<Verdict> {
  if (id === undefined) return 'missing';
  const [row] = await db
    .select({ id: locations.id, createdByUid: locations.createdByUid })
    .from(locations)
    .where(eq(locations.id, id));
  return row ? verdict(await mayUseLocation(db, scope, row)) : 'missing';
}

/** The location a settlement account belongs to: the one it was made for, else the one pointing at it. */
async function locationIdOfAccount(
  db: Reader,
  row: { id: string; locationId: number | null },
): Promise<number | undefined> {
  if (row.locationId !== null) return row.locationId;
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.settlementAccountId, row.id));
  return location?.id;
}

async function settlementAccountVerdict(db: Reader, scope: Scope, id: string): Promise<Verdict> {
  const [row] = await db
    .select({ id: settlementAccounts.id, locationId: settlementAccounts.locationId })
    .from(settlementAccounts)
    .where(eq(settlementAccounts.id, id));
  if (!row) return 'missing';
  if (scope.kind === 'admin') return 'ok';
  const location = await locationVerdict(db, scope, await locationIdOfAccount(db, row));
  return location === 'ok' ? 'ok' : 'forbidden';
}

async function numberVerdict(
  db: Reader,
  scope: Scope,
  kind: Exclude<ReferenceKind, 'settlementAccount'>,
  id: number,
): Promise<Verdict> {
  switch (kind) {
    case 'provider': {
      const [row] = await db.select({ id: providers.id }).from(providers).where(eq(providers.id, id));
      return row ? verdict(mayUseProvider(scope, id)) : 'missing';
    }
    case 'location':
      return locationVerdict(db, scope, id);
    case 'credentials': {
      const [row] = await db
        .select({ id: credentials.id, createdByUid: credentials.createdByUid })
        .from(credentials)
        .where(eq(credentials.id, id));
      return row ? verdict(await mayUseCredentials(db, scope, row)) : 'missing';
    }
    case 'customer': {
      const [row] = await db.select({ isDeleted: users.isDeleted }).from(users).where(eq(users.id, id));
      if (!row || row.isDeleted) return 'missing';
      if (scope.kind === 'admin') return 'ok';
      if (scope.providerIds.size === 0) return 'forbidden';
      const booked = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.userId, id), inArray(appointments.providerId, [...scope.providerIds])))
        .limit(1);
      return verdict(booked.length > 0);
    }
  }
}

/**
 * The first reference the caller may not use: unknown, or outside their scope. Undefined when every one is
 * theirs. Entries left undefined (an optional key not sent) are skipped.
 */
export async function refusedReference(
  db: Reader,
  scope: Scope,
  references: readonly (Reference | undefined)[],
): Promise<Refusal | undefined> {
  for (const reference of references) {
    if (!reference) continue;
    const reason =
      reference.kind === 'settlementAccount'
        ? await settlementAccountVerdict(db, scope, reference.id)
        : await numberVerdict(db, scope, reference.kind, reference.id);
    if (reason !== 'ok') return { reference, reason };
  }
  return undefined;
}

const LABEL: Record<ReferenceKind, string> = {
  provider: 'provider',
  location: 'location',
  credentials: 'credentials',
  settlementAccount: 'settlement account',
  customer: 'user',
};

const NOT_FOUND: Record<ReferenceKind, ApiErrorCode> = {
  provider: API_ERROR_CODES.providerNotFound,
  location: API_ERROR_CODES.locationNotFound,
  credentials: API_ERROR_CODES.credentialsNotFound,
  settlementAccount: API_ERROR_CODES.settlementAccountNotFound,
  customer: API_ERROR_CODES.userNotFound,
};

const FORBIDDEN_TEXT: Record<ReferenceKind, (id: string) => string> = {
  provider: (id) => `Provider ${id} is not one of your providers`,
  location: (id) => `Location ${id} is not one of your providers' locations`,
  credentials: (id) => `Credentials ${id} belong to none of your providers`,
  settlementAccount: (id) => `Settlement account ${id} belongs to none of your locations`,
  customer: (id) => `User ${id} is not a customer of your providers`,
};

/** The answer to a refusal: 404 `<kind>/not-found` or 403 `auth/forbidden`, naming the field. */
export function refusalFailure({ reference, reason }: Refusal): Failure & { ok: false } {
  const { kind, field } = reference;
  const id = String(reference.id);
  return reason === 'missing'
    ? recordNotFound(NOT_FOUND[kind], LABEL[kind], id, field)
    : failure(403, API_ERROR_CODES.forbidden, FORBIDDEN_TEXT[kind](id), field);
}

/** The location must exist (404) and be the caller's (403); `field` names where the request names it. */
export const usableLocation = (db: Reader, scope: Scope, id: number, field: string) =>
  checkReferences(db, scope, [{ kind: 'location', id, field }]);

/** What `read` answers, when the location exists (404) and is the caller's (403), named by `field`. */
export async function readInLocation<T>(
  db: Reader,
  scope: Scope,
  locationId: number,
  field: string,
  read: () => Promise<T>,
): Promise<Result<T>> {
  const location = await usableLocation(db, scope, locationId, field);
  return location.ok ? ok(await read()) : location;
}

/** The scope check of a versioned save (db/versioned.ts) of a record kept per location: its location's. */
export const inLocationScope =
  (scope: Scope) =>
  (db: Reader, row: { locationId: number }): Promise<Result<null>> =>
    usableLocation(db, scope, row.locationId, 'id');

/**
 * Checks every reference (see `refusedReference`): ok, or the first refusal's failure. `missing` answers an
 * unknown id where a route has its own answer for it (a 400 where it always was one).
 */
export async function checkReferences(
  db: Reader,
  scope: Scope,
  references: readonly (Reference | undefined)[],
  missing?: (reference: Reference) => Failure & { ok: false },
): Promise<Result<null>> {
  const refusal = await refusedReference(db, scope, references);
  if (!refusal) return ok(null);
  if (refusal.reason === 'missing' && missing) return missing(refusal.reference);
  return refusalFailure(refusal);
}
