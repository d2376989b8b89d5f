import { stripSearchParams } from '@tanstack/react-router';
import type * as v from 'valibot';

/**
 * A route's search read with its schema, its defaults left out of the URL until the person changes something
 * (a link may still name them): spread into the route's options.
 */
export function searchWithDefaults<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  defaults: Parameters<typeof stripSearchParams<v.InferOutput<TSchema>>>[0],
) {
  return {
    validateSearch: schema,
    search: { middlewares: [stripSearchParams<v.InferOutput<TSchema>>(defaults)] },
  };
}
