/** Field schemas several contracts share. */
import * as v from 'valibot';

/** A positive whole-number id in a body; the message names the field. */
export const idField = (name: string) =>
  v.pipe(
    v.number(`${name} must be an id`),
    v.integer(`${name} must be an id`),
    v.minValue(1, `${name} must be an id`),
  );
