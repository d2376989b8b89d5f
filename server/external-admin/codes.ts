/**
 * One-time codes for the external admin site (external_admin_codes): issued to a signed-in admin or
 * provider for one page and record they may use, taken once within a minute. Only the code's SHA-256 is
 * stored, so the table never holds a usable code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import * as v from 'valibot';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { idText } from '../../src/api/contract/primitives';
import type {
  ExternalAdminCode,
  ExternalAdminPage,
  ExternalAdminSession,
} from '../../src/api/contract/external-admin';
import { isConsoleRole } from '../../src/domain/auth/roles';
import type { Db } from '../db/client';
import { externalAdminCodes } from '../db/schema';
import { failure, ok, type Result } from '../http/result';
import type { VerifiedToken } from '../identity';
import { checkReferences, scopeOf, type Reference } from '../http/scope';

/** How long a code may wait to be taken. */
export const EXTERNAL_ADMIN_CODE_TTL_MS = 60_000;

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A code for this caller, page and record, when the caller may use the record. */
export async function issueCode(
  db: Db,
  caller: VerifiedToken,
  input: { page: ExternalAdminPage; id: string },
  now: Date,
): Promise<Result<ExternalAdminCode>> {
  const locations = input.page === 'provider/locations';
  if (locations && !v.is(idText('id'), input.id))
    return failure(400, API_ERROR_CODES.invalidBody, 'id must be a location id (a whole number)', 'id');
  const reference: Reference = locations
    ? { kind: 'location', id: Number(input.id), field: 'id' }
    : { kind: 'settlementAccount', id: input.id, field: 'id' };
  const usable = await checkReferences(db, await scopeOf(db, caller), [reference]);
  if (!usable.ok) return usable;
  const code = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EXTERNAL_ADMIN_CODE_TTL_MS);
  // Codes past their minute are of no use to anyone: each issue clears them.
  await db.delete(externalAdminCodes).where(lt(externalAdminCodes.expiresAt, now));
  await db.insert(externalAdminCodes).values({
    codeHash: hashCode(code),
    firebaseUid: caller.uid,
    email: caller.email ?? null,
    role: caller.role ?? '',
    page: input.page,
    targetId: input.id,
    expiresAt,
  });
  return ok({ code, expiresAt: expiresAt.toISOString() });
}

const invalid = failure(
  401,
  API_ERROR_CODES.externalAdminCodeInvalid,
  'The code is unknown, expired or was already used: follow the link from the console again',
  'code',
);

/**
 * Takes a code: one statement marks it used only if it is unused and unexpired, so two requests with the
 * same code cannot both succeed. Only an admin's or a provider's code opens anything (01 §2).
 */
export async function redeemCode(db: Db, code: string, now: Date): Promise<Result<ExternalAdminSession>> {
  const [row] = await db
    .update(externalAdminCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(externalAdminCodes.codeHash, hashCode(code)),
        isNull(externalAdminCodes.usedAt),
        gt(externalAdminCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!row || !isConsoleRole(row.role)) return invalid;
  const page = row.page === 'payouts/bank-account' ? row.page : 'provider/locations';
  return ok({ uid: row.firebaseUid, email: row.email, role: row.role, page, id: row.targetId });
}
