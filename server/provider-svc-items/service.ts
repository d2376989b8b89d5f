/**
 * Service mappings (spec 02 §3, §5, §7): a location's provider service items, each an external service item
 * mapped to one of our service items or bundles. A provider user reaches only the locations they may use
 * (server/http/scope.ts). One mapping per item or bundle per location: the unique indexes on
 * provider_service_items decide inside the write's transaction, so concurrent saves of the same item give one
 * mapping and 409s ('Failed to save: Mapping for service_item already exists'). Updates are versioned.
 */
import type * as v from 'valibot';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type {
  ProviderServiceItem,
  ProviderServiceItemInputSchema,
  ProviderServiceItemUpdateSchema,
} from '../../src/api/contract/provider-svc-item';
import { PROVIDER_MESSAGES } from '../../src/domain/shared/messages';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { providerServiceItems } from '../db/schema';
import { removeScoped, saveVersioned } from '../db/versioned';
import { failure, ok, recordNotFound, type Result } from '../http/result';
import type { Deleted } from '../../src/api/contract/primitives';
import { inLocationScope, readInLocation, usableLocation, type Scope } from '../http/scope';
import {
  bundleExists,
  deleteMappingRow,
  findMapping,
  insertMapping,
  listMappings,
  serviceItemExists,
  type MappingRow,
  type MappingValues,
} from './repository';

const ITEM_KEY = 'provider_service_items_item_key';
const BUNDLE_KEY = 'provider_service_items_bundle_key';

const toMapping = (row: MappingRow): ProviderServiceItem => ({
  id: row.id,
  externalId: row.externalId ?? '',
  locationId: row.locationId,
  serviceItemId: row.serviceItemId,
  bundleId: row.bundleId,
  version: row.version,
});

const mappingNotFound = (id: number) =>
  recordNotFound(API_ERROR_CODES.mappingNotFound, 'provider service item', id, 'id');

const mappingExists = (values: MappingValues) =>
  failure(
    409,
    API_ERROR_CODES.mappingExists,
    PROVIDER_MESSAGES.mappingExists,
    values.bundleId === null ? 'serviceItemId' : 'bundleId',
  );

async function targetMissing(db: Pick<Db, 'select'>, values: MappingValues) {
  if (values.serviceItemId !== null && !(await serviceItemExists(db, values.serviceItemId))) {
    return recordNotFound(
      API_ERROR_CODES.serviceItemNotFound,
      'service item',
      values.serviceItemId,
      'serviceItemId',
    );
  }
  if (values.bundleId !== null && !(await bundleExists(db, values.bundleId))) {
    return recordNotFound(API_ERROR_CODES.bundleNotFound, 'bundle', values.bundleId, 'bundleId');
  }
  return null;
}

const valuesOf = ({ externalId, serviceItemId, bundleId }: MappingValues): MappingValues => ({
  externalId,
  serviceItemId,
  bundleId,
});

/** Runs a save; a unique-index violation comes back as the 409 for the mapping that exists already. */
async function unlessMapped<T>(values: MappingValues, save: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error, ITEM_KEY) || isUniqueViolation(error, BUNDLE_KEY))
      return mappingExists(values);
    throw error;
  }
}

export async function listMappingsFor(
  db: Db,
  scope: Scope,
  locationId: number,
): Promise<Result<ProviderServiceItem[]>> {
  return readInLocation(db, scope, locationId, 'location', async () =>
    (await listMappings(db, locationId)).map(toMapping),
  );
}

export async function createMapping(
  db: Db,
  scope: Scope,
  input: v.InferOutput<typeof ProviderServiceItemInputSchema>,
): Promise<Result<ProviderServiceItem>> {
  const values = valuesOf(input);
  return unlessMapped(values, () =>
    db.transaction(async (tx): Promise<Result<ProviderServiceItem>> => {
      const location = await usableLocation(tx, scope, input.locationId, 'locationId');
      if (!location.ok) return location;
      const missing = await targetMissing(tx, values);
      if (missing) return missing;
      return ok(toMapping(await insertMapping(tx, { ...values, locationId: input.locationId })));
    }),
  );
}

export async function updateMapping(
  db: Db,
  scope: Scope,
  id: number,
  input: v.InferOutput<typeof ProviderServiceItemUpdateSchema>,
): Promise<Result<ProviderServiceItem>> {
  const values = valuesOf(input);
  return unlessMapped(values, () =>
    saveVersioned(db, providerServiceItems, id, input.version, {
      notFound: mappingNotFound(id),
      inScope: inLocationScope(scope),
      change: async (tx) => (await targetMissing(tx, values)) ?? ok(values),
      answer: (_tx, saved) => ok(toMapping(saved)),
    }),
  );
}

export async function deleteMapping(db: Db, scope: Scope, id: number): Promise<Result<Deleted>> {
  return removeScoped(db, id, {
    find: (tx) => findMapping(tx, id),
    notFound: mappingNotFound(id),
    inScope: inLocationScope(scope),
    remove: (tx) => deleteMappingRow(tx, id),
  });
}
