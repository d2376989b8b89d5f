/** Special dates of a location (spec 02 §3, §7): dates travel as YYYY/MM/DD. */
import * as v from 'valibot';
import { idField, isRealDay, wholeNumber } from './primitives';
import { VersionInputSchema, VersionSchema } from './version';
import { parseSlashDate } from '../../domain/providers/dates';

export const SpecialDateItemSchema = v.object({
  id: wholeNumber,
  serviceItemId: v.nullable(wholeNumber),
  bundleId: v.nullable(wholeNumber),
});
export type SpecialDateItem = v.InferOutput<typeof SpecialDateItemSchema>;

export const SpecialDateSchema = v.object({
  id: wholeNumber,
  /** YYYY/MM/DD */
  startDate: v.string(),
  endDate: v.string(),
  locationId: wholeNumber,
  specialDateServiceItems: v.array(SpecialDateItemSchema),
  version: VersionSchema,
});
export type SpecialDate = v.InferOutput<typeof SpecialDateSchema>;
export const SpecialDateListSchema = v.array(SpecialDateSchema);

const slashDate = (name: string) =>
  v.pipe(
    v.string(`${name} is required`),
    v.check((text) => {
      const date = parseSlashDate(text);
      return date !== null && isRealDay(date.year, date.month, date.day);
    }, `${name} must be a date written YYYY/MM/DD`),
  );

/** POST /special-date. */
export const SpecialDateInputSchema = v.pipe(
  v.object({
    startDate: slashDate('startDate'),
    endDate: slashDate('endDate'),
    locationId: idField('locationId'),
  }),
  v.forward(
    v.check(({ startDate, endDate }) => startDate <= endDate, 'endDate must not be before startDate'),
    ['endDate'],
  ),
);
export type SpecialDateInput = v.InferInput<typeof SpecialDateInputSchema>;

/** PUT /special-date/{id}: new dates, and/or one service item or bundle to attach. */
export const SpecialDateUpdateSchema = v.pipe(
  v.object({
    startDate: v.optional(slashDate('startDate')),
    endDate: v.optional(slashDate('endDate')),
    locationId: v.optional(idField('locationId')),
    serviceItemId: v.optional(v.nullable(idField('serviceItemId'))),
    bundleId: v.optional(v.nullable(idField('bundleId'))),
    /** The version the form was read at; a newer one answers 409 record/stale. */
    version: VersionInputSchema,
  }),
  v.forward(
    v.check(
      ({ serviceItemId, bundleId }) => !(serviceItemId && bundleId),
      'bundleId: send serviceItemId or bundleId, not both',
    ),
    ['bundleId'],
  ),
);
export type SpecialDateUpdate = v.InferInput<typeof SpecialDateUpdateSchema>;
