/**
 * GET /health: liveness plus which database engine the API runs on, and whether the rate limits are counted
 * (`degraded`: their store, Redis, cannot be reached and requests go through without limits).
 */
import * as v from 'valibot';

export const HealthSchema = v.object({
  status: v.literal('ok'),
  database: v.picklist(['pglite', 'postgres']),
  // Optional so that an API from before it was added still parses.
  limits: v.optional(v.picklist(['ok', 'degraded'])),
});
export type Health = v.InferOutput<typeof HealthSchema>;
