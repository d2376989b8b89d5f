/**
 * Onboarding (spec 02 §3, §7): credentials and weekly availability, with the providers' isolation rule: an
 * admin reaches everything; a provider user the credentials their providers point at or that they saved
 * themselves (onboarding saves them before the provider exists), and the availability of locations they may
 * use. Secrets are stored as sent and answered only as a masked hint, never in full.
 */
import type * as v from 'valibot';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type {
  Availability,
  AvailabilityInputSchema,
  AvailabilityUpdateSchema,
  Credentials,
  CredentialsInputSchema,
  CredentialsUpdateSchema,
  Timeslots,
} from '../../src/api/contract/onboarding';
import { PROVIDER_STRATEGIES, type Strategy } from '../../src/api/contract/provider';
import { maskSecret, strategyUsesCredentials } from '../../src/domain/onboarding/strategies';
import type { Db } from '../db/client';
import { availabilities, credentials } from '../db/schema';
import { removeScoped, saveVersioned } from '../db/versioned';
import { failure, ok, recordNotFound, type Result } from '../http/result';
import type { Deleted } from '../../src/api/contract/primitives';
import {
  forbidden,
  inLocationScope,
  mayUseCredentials,
  mayUseProvider,
  readInLocation,
  usableLocation,
  type Scope,
} from '../http/scope';
import {
  credentialsIdOfProvider,
  deleteCredentialsRow,
  findAvailabilityFor,
  findCredentials,
  insertAvailability,
  insertCredentials,
  listAvailabilities,
  serviceCategoryExists,
  openedCredentials,
  sealedCredentials,
  type AvailabilityRow,
  type CredentialsRow,
  type CredentialsValues,
} from './repository';

export function listStrategies() {
  return PROVIDER_STRATEGIES.map((strategy: Strategy) => ({
    strategy,
    usesCredentials: strategyUsesCredentials(strategy),
  }));
}

export function toCredentials(row: CredentialsRow): Credentials {
  return {
    id: row.id,
    strategy: row.strategy,
    username: row.username,
    siteId: row.siteId,
    tokenType: row.tokenType,
    merchantId: row.merchantId,
    businessId: row.businessId,
    password: maskSecret(row.password),
    accessToken: maskSecret(row.accessToken),
    refreshToken: maskSecret(row.refreshToken),
    version: row.version,
  };
}

function valuesOf(input: Partial<v.InferOutput<typeof CredentialsUpdateSchema>>): CredentialsValues {
  const values: CredentialsValues = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) Object.assign(values, { [key]: value });
  }
  return values;
}

const credentialsNotFound = (id: number) =>
  recordNotFound(API_ERROR_CODES.credentialsNotFound, 'credentials', id, 'id');

/** The caller may use credentials `id` (their providers', or saved by them): ok, or 403. */
const credentialsInScope =
  (scope: Scope, id: number) =>
  async (db: Pick<Db, 'select'>, stored: CredentialsRow): Promise<Result<null>> =>
    (await mayUseCredentials(db, scope, stored)) ? ok(null) : forbidden(`Credentials ${id}`);

export async function createCredentials(
  db: Db,
  scope: Scope,
  input: v.InferOutput<typeof CredentialsInputSchema>,
): Promise<Result<Credentials>> {
  const { strategy, ...rest } = input;
  const row = await insertCredentials(db, { ...valuesOf(rest), strategy, createdByUid: scope.uid });
  return ok(toCredentials(row));
}

export async function updateCredentials(
  db: Db,
  scope: Scope,
  id: number,
  input: v.InferOutput<typeof CredentialsUpdateSchema>,
): Promise<Result<Credentials>> {
  return saveVersioned(db, credentials, id, input.version, {
    notFound: credentialsNotFound(id),
    inScope: credentialsInScope(scope, id),
    change: () => {
      const { version: _version, ...changes } = input;
      const values = valuesOf(changes);
      // A token typed in has no known expiry: the one of the token it replaces no longer holds.
      if (values.accessToken !== undefined) values.accessExpiresAt = null;
      // A save that sends no value still counts as a change and moves the version on (server/README.md,
      // Concurrency, rule 3), so a second save from the same version is stale as for every record.
      return ok(sealedCredentials(values));
    },
    answer: (_tx, saved) => ok(toCredentials(openedCredentials(saved))),
  });
}

/** GET /credentials/{id}: the credentials, secrets masked. */
export async function getCredentials(db: Db, scope: Scope, id: number): Promise<Result<Credentials>> {
  const row = await findCredentials(db, id);
  if (!row) return credentialsNotFound(id);
  const allowed = await credentialsInScope(scope, id)(db, row);
  return allowed.ok ? ok(toCredentials(row)) : allowed;
}

/** GET /credentials?provider=: the credentials the provider connects with (404 when it has none). */
export async function getProviderCredentials(
  db: Db,
  scope: Scope,
  providerId: number,
): Promise<Result<Credentials>> {
  const credentialsId = await credentialsIdOfProvider(db, providerId);
  if (credentialsId === undefined) {
    return recordNotFound(API_ERROR_CODES.providerNotFound, 'provider', providerId, 'provider');
  }
  if (!mayUseProvider(scope, providerId)) return forbidden(`Provider ${providerId}`, 'provider');
  const row = credentialsId === null ? undefined : await findCredentials(db, credentialsId);
  if (!row) {
    return failure(
      404,
      API_ERROR_CODES.credentialsNotFound,
      `Provider ${providerId} has no credentials`,
      'provider',
    );
  }
  return ok(toCredentials(row));
}

export async function deleteCredentials(db: Db, scope: Scope, id: number): Promise<Result<Deleted>> {
  return removeScoped(db, id, {
    find: (tx) => findCredentials(tx, id),
    notFound: credentialsNotFound(id),
    inScope: credentialsInScope(scope, id),
    remove: (tx) => deleteCredentialsRow(tx, id),
  });
}

const toAvailability = (row: AvailabilityRow): Availability => ({
  id: row.id,
  serviceCategoryId: row.serviceCategoryId,
  locationId: row.locationId,
  timeslots: row.timeslots as Timeslots,
  version: row.version,
});

const availabilityNotFound = (id: number) =>
  recordNotFound(API_ERROR_CODES.availabilityNotFound, 'availability', id, 'id');

export async function listAvailabilitiesFor(
  db: Db,
  scope: Scope,
  locationId: number,
): Promise<Result<Availability[]>> {
  return readInLocation(db, scope, locationId, 'locationId', async () =>
    (await listAvailabilities(db, locationId)).map(toAvailability),
  );
}

export async function createAvailability(
  db: Db,
  scope: Scope,
  input: v.InferOutput<typeof AvailabilityInputSchema>,
): Promise<Result<Availability>> {
  return db.transaction(async (tx): Promise<Result<Availability>> => {
    const location = await usableLocation(tx, scope, input.location.id, 'location');
    if (!location.ok) return location;
    if (!(await serviceCategoryExists(tx, input.serviceCategory.id))) {
      return recordNotFound(
        API_ERROR_CODES.serviceCategoryNotFound,
        'service category',
        input.serviceCategory.id,
        'serviceCategory',
      );
    }
    if (await findAvailabilityFor(tx, input.serviceCategory.id, input.location.id)) {
      return failure(
        409,
        API_ERROR_CODES.availabilityExists,
        'This location already has availability for that category; change it instead',
        'serviceCategory',
      );
    }
    const row = await insertAvailability(tx, {
      serviceCategoryId: input.serviceCategory.id,
      locationId: input.location.id,
      timeslots: input.timeslots,
    });
    return ok(toAvailability(row));
  });
}

export async function updateAvailability(
  db: Db,
  scope: Scope,
  id: number,
  input: v.InferOutput<typeof AvailabilityUpdateSchema>,
): Promise<Result<Availability>> {
  return saveVersioned(db, availabilities, id, input.version, {
    notFound: availabilityNotFound(id),
    inScope: inLocationScope(scope),
    change: () => ok({ timeslots: input.timeslots }),
    answer: (_tx, saved) => ok(toAvailability(saved)),
  });
}
