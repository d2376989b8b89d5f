/**
 * Providers (spec 02 §7): the list an admin filters (all providers) or a provider user's own, create and
 * change. A location or credentials a provider points at must exist and be the caller's to use; a provider
 * user who creates a provider is linked to it, so it is theirs from then on.
 */
import type * as v from 'valibot';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type {
  Provider,
  ProviderChoiceItem,
  ProviderInputSchema,
  ProviderUpdateSchema,
} from '../../src/api/contract/provider';
import type {
  ProviderFacets,
  ProviderFacetsQuery,
  ProviderListQuery,
  ProviderPage,
} from '../../src/api/contract/provider-list';
import type { Db } from '../db/client';
import { providers, userProviders } from '../db/schema';
import { saveVersioned, type Tx } from '../db/versioned';
import { checkReferences, forbidden, mayUseProvider, type Reference, type Scope } from '../http/scope';
import { failure, ok, otherIdThanPath, recordNotFound, type Result } from '../http/result';
import {
  getProvider,
  insertProvider,
  listProviders,
  type ProviderFilter,
  type ProviderValues,
} from './providers.repository';
import { listProviderChoices } from './provider-choices.repository';
import { providerFacets } from './provider-facets.repository';
import { readSettings } from '../settings/repository';

export const DEFAULT_PROVIDER_PAGE_SIZE = 24;

/** The list's filters from the query, within what the caller may see (an admin: all; others: their own). */
function filterOf(scope: Scope, query: ProviderFacetsQuery & { id?: number }): ProviderFilter {
  const mine = scope.kind === 'admin' ? undefined : [...scope.providerIds];
  const ids = query.id === undefined ? mine : mine === undefined || mine.includes(query.id) ? [query.id] : [];
  return {
    ids,
    country: query.country || undefined,
    city: query.city || undefined,
    name: query.name || undefined,
    onboarding: query.onboarding,
    strategy: query.strategy,
    payoutsReady: query.payoutsReady,
    public: query.public,
  };
}

export async function listProvidersFor(
  db: Db,
  scope: Scope,
  query: ProviderListQuery,
): Promise<Provider[] | ProviderPage> {
  const filter = filterOf(scope, query);
  const order = { sort: query.sort ?? 'name', dir: query.dir ?? 'asc' } as const;
  if (query.page === undefined && query.pageSize === undefined) {
    return (await listProviders(db, filter, undefined, order)).providers;
  }
  const page = { page: query.page ?? 1, pageSize: query.pageSize ?? DEFAULT_PROVIDER_PAGE_SIZE };
  const { providers: list, total } = await listProviders(db, filter, page, order);
  return { providers: list, total, ...page };
}

/** GET /providers/choices: each provider's id, name and place, with the filters and scope of the list. */
export function providerChoicesFor(
  db: Db,
  scope: Scope,
  query: ProviderFacetsQuery,
): Promise<ProviderChoiceItem[]> {
  return listProviderChoices(db, filterOf(scope, query));
}

/** GET /providers/facets: the counts behind each filter value, within the caller's providers. */
export function providerFacetsFor(db: Db, scope: Scope, query: ProviderFacetsQuery): Promise<ProviderFacets> {
  return providerFacets(db, filterOf(scope, query));
}

/** An unknown location or credentials id is a 400 naming the key, as it always was here. */
const unknownReference = (reference: Reference) =>
  failure(
    400,
    API_ERROR_CODES.invalidBody,
    `${reference.field}: no ${reference.kind === 'location' ? 'location' : 'credentials'} with id ${reference.id}`,
    reference.field,
  );

/**
 * The location and credentials a provider row points at must exist and be the caller's; what the row
 * already points at is not named anew (a provider user may keep a location shared with another provider).
 */
async function checkProviderReferences(
  tx: Tx,
  scope: Scope,
  values: ProviderValues,
  stored?: { locationId: number | null; credentialsId: number | null },
): Promise<Result<null>> {
  const { locationId, credentialsId } = values;
  return checkReferences(
    tx,
    scope,
    [
      locationId && locationId !== stored?.locationId
        ? { kind: 'location', id: locationId, field: 'locationId' }
        : undefined,
      credentialsId && credentialsId !== stored?.credentialsId
        ? { kind: 'credentials', id: credentialsId, field: 'credentialsId' }
        : undefined,
    ],
    unknownReference,
  );
}

function valuesOf(input: Partial<v.InferOutput<typeof ProviderInputSchema>>): ProviderValues {
  const values: ProviderValues = {};
  for (const [key, value] of Object.entries(input)) {
    if (key !== 'id' && key !== 'version' && value !== undefined) Object.assign(values, { [key]: value });
  }
  return values;
}

/**
 * An availableAfterDays that is not one of the marketplace's options (02 §9; /settings) is refused; a value
 * already stored stays acceptable on a save that does not change it.
 */
async function checkAvailableAfter(
  db: Pick<Db, 'select'>,
  values: ProviderValues,
  stored?: { availableAfterDays: number },
): Promise<Result<null>> {
  const days = values.availableAfterDays;
  if (days === undefined || days === stored?.availableAfterDays) return ok(null);
  const { availableAfterDaysOptions: options } = await readSettings(db);
  if (options.includes(days)) return ok(null);
  return failure(
    400,
    API_ERROR_CODES.invalidBody,
    `availableAfterDays must be one of ${options.join(', ')}`,
    'availableAfterDays',
  );
}

export async function createProvider(
  db: Db,
  scope: Scope,
  input: v.InferOutput<typeof ProviderInputSchema>,
): Promise<Result<Provider>> {
  if (scope.kind === 'provider' && scope.userId === null) {
    return failure(403, API_ERROR_CODES.forbidden, 'Your account has no user record to link a provider to');
  }
  return db.transaction(async (tx): Promise<Result<Provider>> => {
    const values = valuesOf(input);
    const allowed = await checkAvailableAfter(tx, values);
    if (!allowed.ok) return allowed;
    const checked = await checkProviderReferences(tx, scope, values);
    if (!checked.ok) return checked;
    // A provider sent without a zone takes the marketplace's default (02 §9; /settings).
    const { defaultTimezone } = await readSettings(tx);
    const id = await insertProvider(tx, { timezone: defaultTimezone, ...values, name: input.name });
    if (scope.kind === 'provider' && scope.userId !== null) {
      await tx.insert(userProviders).values({ userId: scope.userId, providerId: id });
    }
    const created = await getProvider(tx, id);
    if (!created) throw new Error('createProvider: the new provider is gone');
    return ok(created);
  });
}

export async function updateProvider(
  db: Db,
  scope: Scope,
  id: number,
  input: v.InferOutput<typeof ProviderUpdateSchema>,
): Promise<Result<Provider>> {
  const otherId = otherIdThanPath(input.id, id);
  if (otherId) return otherId;
  return saveVersioned(db, providers, id, input.version, {
    notFound: recordNotFound(API_ERROR_CODES.providerNotFound, 'provider', id, 'id'),
    inScope: () => (mayUseProvider(scope, id) ? ok(null) : forbidden(`Provider ${id}`)),
    change: async (tx, stored) => {
      const values = valuesOf(input);
      const allowed = await checkAvailableAfter(tx, values, stored);
      if (!allowed.ok) return allowed;
      const checked = await checkProviderReferences(tx, scope, values, stored);
      return checked.ok ? ok(values) : checked;
    },
    answer: async (tx) => {
      const updated = await getProvider(tx, id);
      return updated ? ok(updated) : recordNotFound(API_ERROR_CODES.providerNotFound, 'provider', id);
    },
  });
}
