/**
 * Locations (spec 02 §5, §7): create, change and list with the rules a save checks as a whole (after the
 * sent keys are applied to what is stored): street, city, and state or country ('Address is required'),
 * every billing contact email, and the opening hours (an open day needs both times, close after open).
 */
import type * as v from 'valibot';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Location, LocationInputSchema, LocationUpdateSchema } from '../../src/api/contract/provider';
import { PROVIDER_MESSAGES } from '../../src/domain/shared/messages';
import { checkDay, DAY_PROBLEM_TEXT, WEEKDAYS, type DayHours } from '../../src/domain/providers/hours';
import {
  formatBillingEmails,
  isAddressComplete,
  parseBillingEmails,
} from '../../src/domain/providers/location';
import type { Db } from '../db/client';
import { locations } from '../db/schema';
import { saveVersioned } from '../db/versioned';
import { findLocation } from './access.service';
import { checkReferences, forbidden, mayUseLocation, type Scope } from '../http/scope';
import { failure, ok, deleted, otherIdThanPath, recordNotFound, type Result } from '../http/result';
import type { Deleted } from '../../src/api/contract/primitives';
import {
  appointmentCountAt,
  deleteLocationRow,
  insertLocation,
  listLocations,
  providersAt,
  type LocationRow,
  type LocationValues,
} from './locations.repository';
import { toLocation } from './providers.repository';
import { readSettings } from '../settings/repository';

export type LocationInput = v.InferOutput<typeof LocationInputSchema>;
export type LocationUpdate = v.InferOutput<typeof LocationUpdateSchema>;

const notFound = (id: number) => recordNotFound(API_ERROR_CODES.locationNotFound, 'location', id, 'id');

/** The columns a request changes: only the keys that were sent. */
function valuesOf(input: LocationInput): LocationValues {
  const { id: _id, coordinates, settlementAccount, billingContactEmail, ...rest } = input;
  const values: LocationValues = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) Object.assign(values, { [key]: value });
  }
  if (coordinates !== undefined) {
    values.lat = coordinates?.lat ?? null;
    values.lng = coordinates?.lng ?? null;
  }
  if (settlementAccount !== undefined) values.settlementAccountId = settlementAccount?.id ?? null;
  if (billingContactEmail !== undefined) {
    values.billingContactEmail =
      billingContactEmail === null
        ? null
        : formatBillingEmails(parseBillingEmails(billingContactEmail).emails);
  }
  return values;
}

type Merged = Partial<LocationRow>;

/** The first rule the merged location breaks, as the failure to answer. */
function checkMerged(location: Merged) {
  if (!isAddressComplete(location)) {
    const field = !location.streetAddress ? 'streetAddress' : !location.city ? 'city' : 'state';
    return failure(400, API_ERROR_CODES.addressRequired, PROVIDER_MESSAGES.addressRequired, field);
  }
  if (location.billingContactEmail) {
    const { emails, invalid } = parseBillingEmails(location.billingContactEmail);
    if (invalid.length > 0) {
      return failure(
        400,
        API_ERROR_CODES.invalidBody,
        `billingContactEmail: ${invalid.map((email) => `"${email}"`).join(', ')} ${invalid.length === 1 ? 'is not an email address' : 'are not email addresses'}`,
        'billingContactEmail',
      );
    }
    if (emails.length === 0) location.billingContactEmail = null;
  }
  for (const day of WEEKDAYS) {
    const hours: DayHours = {
      isOpen: location[`isOpenDay${day}`] ?? false,
      open: location[`day${day}open`] ?? null,
      close: location[`day${day}close`] ?? null,
    };
    const problem = checkDay(hours);
    if (problem) {
      const field = problem.startsWith('open') ? `day${day}open` : `day${day}close`;
      return failure(400, API_ERROR_CODES.invalidBody, `${field}: ${DAY_PROBLEM_TEXT[problem]}`, field);
    }
  }
  return null;
}

export async function listLocationsFor(
  db: Db,
  scope: Scope,
  providerId?: number,
): Promise<Result<Location[]>> {
  if (providerId !== undefined && scope.kind === 'provider' && !scope.providerIds.has(providerId)) {
    return forbidden(`Provider ${providerId}`);
  }
  const rows =
    scope.kind === 'admin' && providerId === undefined
      ? await listLocations(db, {})
      : await listLocations(db, {
          providerIds:
            providerId !== undefined
              ? [providerId]
              : [...(scope.kind === 'provider' ? scope.providerIds : [])],
          createdByUid: providerId === undefined ? scope.uid : undefined,
        });
  return ok(rows.map(toLocation));
}

/** A settlement account the save names anew must exist and belong to one of the caller's locations. */
function settlementAccountNamed(values: LocationValues, stored?: LocationRow) {
  const id = values.settlementAccountId;
  if (!id || id === stored?.settlementAccountId) return undefined;
  return { kind: 'settlementAccount' as const, id, field: 'settlementAccount' };
}

export async function createLocation(db: Db, scope: Scope, input: LocationInput): Promise<Result<Location>> {
  const values = valuesOf(input);
  const checked = await checkReferences(db, scope, [settlementAccountNamed(values)]);
  if (!checked.ok) return checked;
  const problem = checkMerged(values);
  if (problem) return problem;
  // A location sent without a zone takes the marketplace's default (02 §9; /settings).
  const { defaultTimezone } = await readSettings(db);
  const row = await insertLocation(db, { timezone: defaultTimezone, ...values, createdByUid: scope.uid });
  return ok(toLocation(row));
}

export async function updateLocation(
  db: Db,
  scope: Scope,
  id: number,
  input: LocationUpdate,
): Promise<Result<Location>> {
  const otherId = otherIdThanPath(input.id, id);
  if (otherId) return otherId;
  return saveVersioned(db, locations, id, input.version, {
    notFound: notFound(id),
    inScope: async (tx, stored) =>
      (await mayUseLocation(tx, scope, stored)) ? ok(null) : forbidden(`Location ${id}`),
    change: async (tx, stored) => {
      const { version: _version, ...changes } = input;
      const values = valuesOf(changes);
      const checked = await checkReferences(tx, scope, [settlementAccountNamed(values, stored)]);
      if (!checked.ok) return checked;
      const merged: Merged = { ...stored, ...values };
      const problem = checkMerged(merged);
      if (problem) return problem;
      if (merged.billingContactEmail === null) values.billingContactEmail = null;
      return ok(values);
    },
    answer: (_tx, saved) => ok(toLocation(saved)),
  });
}

/**
 * Deletes a location nothing depends on: the onboarding rollback deletes the location it created when the
 * provider could not be created. One that a provider points at, or with appointments, is refused (409).
 */
export async function deleteLocation(db: Db, scope: Scope, id: number): Promise<Result<Deleted>> {
  return db.transaction(async (tx): Promise<Result<Deleted>> => {
    const stored = await findLocation(tx, id);
    if (!stored) return notFound(id);
    if (!(await mayUseLocation(tx, scope, stored))) return forbidden(`Location ${id}`);
    const owners = await providersAt(tx, id);
    if (owners.length > 0) {
      return failure(
        409,
        API_ERROR_CODES.locationInUse,
        `Location ${id} is the location of ${owners.map((owner) => `"${owner.name}"`).join(', ')}; it cannot be deleted`,
      );
    }
    if ((await appointmentCountAt(tx, id)) > 0) {
      return failure(
        409,
        API_ERROR_CODES.locationInUse,
        `Location ${id} has appointments; it cannot be deleted`,
      );
    }
    await deleteLocationRow(tx, id);
    return deleted(id);
  });
}
