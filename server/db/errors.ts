/** Database errors that repositories and services recognise, on either engine. */

/** A unique-constraint violation (SQLSTATE 23505), optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505') {
      if (constraint === undefined) return true;
      return 'constraint' in current && current.constraint === constraint;
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}
