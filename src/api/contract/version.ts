/**
 * Optimistic concurrency (server/README.md): every editable record is read with its `version` and every
 * write of it sends that version back; a write based on an older version is refused with 409
 * `record/stale` instead of overwriting someone else's change.
 */
import * as v from 'valibot';

const MAX_VERSION = 2_147_483_647;

/** A record's version as the API answers it (1 when created, +1 on every change). */
export const VersionSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/** What a write without its version is told. */
export const VERSION_REQUIRED_MESSAGE = 'version is required: send the version the record was read at';

/**
 * The version a write (PUT) is based on: required, so no write can overwrite a change it never saw. A write
 * without it is refused with 400 naming `version`.
 */
export const VersionInputSchema = v.pipe(
  v.number((issue) => (issue.input === undefined ? VERSION_REQUIRED_MESSAGE : 'version must be a number')),
  v.integer('version must be a whole number'),
  v.minValue(1, 'version must be at least 1'),
  v.maxValue(MAX_VERSION, `version can be at most ${MAX_VERSION}`),
);
