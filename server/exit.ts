/** How a server entry point ends when it cannot start. */

/** Prints why start-up failed (with the stack only for unexpected errors) and exits 1. */
export function exitOnFailure(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.name !== 'EnvError' && error.name !== 'LockedError')
    console.error(error);
  process.exit(1);
}
