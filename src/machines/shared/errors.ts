/**
 * Reading the failures actors reject with. The API client rejects with ApiRequestError
 * `{ status, code, message, field? }` (src/api/client.ts); machines only read its fields, so a plain Error or
 * any object with a message works the same in tests.
 */

/** The message of whatever an actor rejected with. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

/** The message when there is one, else null (nothing to show). */
export function errorMessageOrNull(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}

/** The API error code, when the failure carries one. */
export function errorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** The body key the server named as at fault, when it did. */
export function errorField(error: unknown): string | null {
  const field = (error as { field?: unknown } | null)?.field;
  return typeof field === 'string' && field !== '' ? field : null;
}

/**
 * Where a save failure goes on a form: onto the field the server named when the form has it, otherwise the
 * whole message above the buttons. Generic over every form; no message parsing.
 */
export function placeSaveFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | { field: null; message: string | null } {
  const field = errorField(error);
  const message = errorMessageOrNull(error);
  if (field !== null && message !== null && (fields as readonly string[]).includes(field)) {
    return { field: field as F, message };
  }
  return { field: null, message };
}
