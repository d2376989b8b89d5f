/** Waitlist sign-ups (leads), downloaded by admins as CSV (01 §3, §7). */
import * as v from 'valibot';

export const LeadSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  email: v.string(),
  name: v.nullable(v.string()),
  /** ISO timestamp of the sign-up. */
  createdAt: v.string(),
});
export type Lead = v.InferOutput<typeof LeadSchema>;
export const LeadListSchema = v.array(LeadSchema);
