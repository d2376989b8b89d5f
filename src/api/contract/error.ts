/**
 * The one error shape every API failure has: a stable machine code (see error-codes.ts), a plain sentence for a
 * person, and, when one input is at fault, the name of that field so the console can show it there.
 */
import * as v from 'valibot';

export const ApiErrorSchema = v.object({
  code: v.string(),
  message: v.string(),
  field: v.optional(v.string()),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;
