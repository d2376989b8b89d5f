/**
 * A failure of the identity service, read the way the domain's rules take it: its code, and its message (or
 * the error itself as text when it has none). Shared by the sign-in and reset-password flows.
 */
export function identityFailure<T>(
  error: unknown,
  read: (code: string | undefined, rawMessage: string) => T,
): T {
  const failure = error as { code?: string; message?: string } | undefined;
  return read(failure?.code, failure?.message ?? String(error));
}
