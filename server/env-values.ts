/**
 * The kinds of value an environment variable holds, shared by server/env.ts and server/outside/env.ts so a
 * number is read, and refused, in the same words everywhere.
 */
import * as v from 'valibot';

/** A whole number of milliseconds in [min, max]. */
export const milliseconds = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number of milliseconds'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );

/** A whole number of at least `min`. */
export const count = (min: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
  );
