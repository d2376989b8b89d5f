/** The one error shape every API failure has: a stable machine code and a human message. */
import * as v from 'valibot';

export const ApiErrorSchema = v.object({ code: v.string(), message: v.string() });
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;
