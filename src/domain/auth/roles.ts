/** Roles and who may use the console (01 §4, §6). */
export const CLAIM_ROLES = ['admin', 'provider', 'user'] as const;
export type ClaimRole = (typeof CLAIM_ROLES)[number];
export type ConsoleRole = Extract<ClaimRole, 'admin' | 'provider'>;

/** Only the admin and provider role claims may sign in to the console. */
export function isConsoleRole(role: unknown): role is ConsoleRole {
  return role === 'admin' || role === 'provider';
}

/** A route open to these roles lets this role in; the default is admin only. */
export function roleMayVisit(role: ConsoleRole, allowed: readonly ConsoleRole[] = ['admin']): boolean {
  return allowed.includes(role);
}
