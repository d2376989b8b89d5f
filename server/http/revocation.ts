/**
 * Revocation: a token issued before its person's role changed, or before they were deleted, is refused at
 * once instead of working until it expires (up to an hour). `allow(...)` runs this after verifying the token,
 * for every write (any method but GET and HEAD) and for every request made with an admin token.
 *
 * The rule: when the users table has a row for the token's uid, that row decides. A row marked deleted, or
 * whose role is not the token's `role` claim, refuses the token with 401 `auth/unauthenticated`; signing in
 * again gives a token with the current claim (or none, for a deleted person, whose account is disabled).
 * A uid without a row is judged by its claim alone: a registration's account holds its token a moment
 * before its row is written, and accounts made in the identity service by an operator (or by the tests)
 * have no row. The API deletes users by marking them, never by removing the row, so a deletion through
 * the API is always seen.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ClaimRole } from '../../src/domain/auth/roles';
import type { Db } from '../db/client';
import type { UserRole } from '../../src/domain/users/user-list-params';
import { users } from '../db/schema';
import type { VerifiedToken } from '../identity';
import { API_ERROR_CODES, fail } from './errors';
import type { HonoEnv } from './types';

export const ACCESS_CHANGED_MESSAGE = 'Your access has changed; sign in again.';

const CLAIM_OF: Record<UserRole, ClaimRole> = {
  ADMIN: 'admin',
  PROVIDER: 'provider',
  USER: 'user',
};

const READS = new Set(['GET', 'HEAD']);

/** True when the request must be checked against the users table (see the rule above). */
export function needsRevocationCheck(method: string, role: ClaimRole | undefined): boolean {
  return !READS.has(method) || role === 'admin';
}

/** An `allow(...)` hook: a Response when the caller's token predates a role change or a deletion. */
export function revocationCheck(db: Db) {
  return async (c: Context<HonoEnv>, caller: VerifiedToken): Promise<Response | undefined> => {
    if (!needsRevocationCheck(c.req.method, caller.role)) return undefined;
    const [row] = await db
      .select({ role: users.role, isDeleted: users.isDeleted })
      .from(users)
      .where(eq(users.firebaseUid, caller.uid));
    if (!row) return undefined;
    if (!row.isDeleted && CLAIM_OF[row.role] === caller.role) return undefined;
    return fail(c, 401, API_ERROR_CODES.unauthenticated, ACCESS_CHANGED_MESSAGE);
  };
}
