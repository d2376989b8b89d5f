/**
 * Optimistic concurrency (server/README.md): every editable record is read with its `version` and every
 * write of it sends that version back; a write based on an older version is refused with 409
 * `record/stale` instead of overwriting someone else's change.
 */
import * as v from 'valibot';

const MAX_VERSION = 2_147_483_647;

/** A record's version as the API answers it (1 when created, +1 on every change). */
export const VersionSchema = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * The version a write is based on. Optional while the console's editors move to sending it: a write
 * without it applies to the current version (never to a stale copy read earlier by the server).
 */
export const VersionInputSchema = v.optional(
  v.pipe(
    v.number('version must be a number'),
    v.integer('version must be a whole number'),
    v.minValue(1, 'version must be at least 1'),
    v.maxValue(MAX_VERSION, `version can be at most ${MAX_VERSION}`),
  ),
);
