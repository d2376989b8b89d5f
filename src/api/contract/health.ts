/** GET /health: liveness plus which database engine the API runs on. */
import * as v from 'valibot';

export const HealthSchema = v.object({
  status: v.literal('ok'),
  database: v.picklist(['pglite', 'postgres']),
});
export type Health = v.InferOutput<typeof HealthSchema>;
