/**
 * Special dates (spec 02 §4, §7): listed per location, added with a YYYY/MM/DD range, given service items
 * or bundles one at a time (PUT answers the special date with its specialDateServiceItems), and removed
 * whole or one item at a time. A provider user works only on their own locations' special dates.
 */
import type * as v from 'valibot';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type {
  SpecialDate,
  SpecialDateInputSchema,
  SpecialDateUpdateSchema,
} from '../../src/api/contract/special-date';
import type { Db } from '../db/client';
import { bundles, serviceItems, specialDates } from '../db/schema';
import { missingIds } from '../db/missing-ids';
import { removeScoped, saveVersioned } from '../db/versioned';
import { inLocationScope, readInLocation, usableLocation, type Scope } from '../http/scope';
import { failure, ok, recordNotFound, type Result } from '../http/result';
import type { Deleted } from '../../src/api/contract/primitives';
import {
  attach,
  deleteItemRow,
  deleteSpecialDateRow,
  findAttached,
  findItemRow,
  findSpecialDate,
  insertSpecialDate,
  isoOf,
  listSpecialDates,
} from './special-dates.repository';

type Reader = Pick<Db, 'select'>;

const notFound = (id: number) =>
  recordNotFound(API_ERROR_CODES.specialDateNotFound, 'special date', id, 'id');

export async function specialDatesOf(
  db: Db,
  scope: Scope,
  locationId: number,
): Promise<Result<SpecialDate[]>> {
  return readInLocation(db, scope, locationId, 'locationId', () => listSpecialDates(db, locationId));
}

export async function addSpecialDate(
  db: Db,
  scope: Scope,
  input: v.InferOutput<typeof SpecialDateInputSchema>,
): Promise<Result<SpecialDate>> {
  return db.transaction(async (tx): Promise<Result<SpecialDate>> => {
    const usable = await usableLocation(tx, scope, input.locationId, 'locationId');
    if (!usable.ok) return usable;
    const id = await insertSpecialDate(tx, input);
    const created = await findSpecialDate(tx, id);
    if (!created) throw new Error('addSpecialDate: the new special date is gone');
    return ok(created);
  });
}

export async function changeSpecialDate(
  db: Db,
  scope: Scope,
  id: number,
  input: v.InferOutput<typeof SpecialDateUpdateSchema>,
): Promise<Result<SpecialDate>> {
  return saveVersioned(db, specialDates, id, input.version, {
    notFound: notFound(id),
    inScope: inLocationScope(scope),
    change: async (tx, stored) => {
      if (input.locationId !== undefined && input.locationId !== stored.locationId) {
        return failure(
          400,
          API_ERROR_CODES.invalidBody,
          `locationId: special date ${id} belongs to location ${stored.locationId}`,
          'locationId',
        );
      }
      // The stored dates are YYYY-MM-DD, as the columns keep them.
      const startDate = input.startDate === undefined ? stored.startDate : isoOf(input.startDate);
      const endDate = input.endDate === undefined ? stored.endDate : isoOf(input.endDate);
      if (startDate > endDate) {
        return failure(400, API_ERROR_CODES.invalidBody, 'endDate: must not be before startDate', 'endDate');
      }
      const target = attachTarget(input);
      if (target) {
        const [field, what, targetId] =
          'serviceItemId' in target
            ? (['serviceItemId', 'service item', target.serviceItemId] as const)
            : (['bundleId', 'bundle', target.bundleId] as const);
        if (!(await targetExists(tx, target))) {
          return failure(400, API_ERROR_CODES.invalidBody, `${field}: no ${what} with id ${targetId}`, field);
        }
        if (await findAttached(tx, id, target)) {
          return failure(
            409,
            API_ERROR_CODES.specialDateItemExists,
            `${field}: ${what} ${targetId} is already on special date ${id}`,
            field,
          );
        }
        await attach(tx, id, target);
      }
      return ok({ startDate, endDate });
    },
    answer: async (tx) => {
      const updated = await findSpecialDate(tx, id);
      return updated ? ok(updated) : notFound(id);
    },
  });
}

type Target = { serviceItemId: number } | { bundleId: number };

function attachTarget(input: v.InferOutput<typeof SpecialDateUpdateSchema>): Target | null {
  if (input.serviceItemId) return { serviceItemId: input.serviceItemId };
  if (input.bundleId) return { bundleId: input.bundleId };
  return null;
}

/** Whether the service item or bundle to attach exists. */
async function targetExists(db: Reader, target: Target): Promise<boolean> {
  const [table, id] =
    'serviceItemId' in target ? [serviceItems, target.serviceItemId] : [bundles, target.bundleId];
  return (await missingIds(db, table, [id])).length === 0;
}

export async function removeSpecialDate(db: Db, scope: Scope, id: number): Promise<Result<Deleted>> {
  return removeScoped(db, id, {
    find: (tx) => findSpecialDate(tx, id),
    notFound: notFound(id),
    inScope: inLocationScope(scope),
    remove: (tx) => deleteSpecialDateRow(tx, id),
  });
}

export async function removeSpecialDateItem(db: Db, scope: Scope, id: number): Promise<Result<Deleted>> {
  return removeScoped(db, id, {
    find: (tx) => findItemRow(tx, id),
    notFound: recordNotFound(API_ERROR_CODES.specialDateItemNotFound, 'special date service item', id, 'id'),
    inScope: inLocationScope(scope),
    remove: (tx) => deleteItemRow(tx, id),
  });
}
