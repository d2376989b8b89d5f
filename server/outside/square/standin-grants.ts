/**
 * The Square stand-in's memory, in the database (`square_standin_grants`): the authorisation codes, access
 * and refresh tokens it issued, each as a SHA-256, so a restart and every API instance agree. A code is
 * taken by one exchange only (deleted as it is read); an access token answers 30 days; a refresh token until
 * the seller's authorisation is revoked. The demo merchants' fixed tokens (standin-data.ts) answer too.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { squareStandinGrants } from '../../db/schema';
import { secretHash } from '../standin';
import { DEMO_TOKENS } from './standin-data';
import { SQUARE_REFRESH_PREFIX, SQUARE_TOKEN_LIFE_MS, SQUARE_TOKEN_PREFIX } from './wire';

/** How long an authorisation code waits for its exchange (Square: 5 minutes). */
export const SQUARE_CODE_LIFE_MS = 5 * 60_000;
/** Codes and tokens expired this long are deleted when the next one is issued. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

type Kind = 'code' | 'access' | 'refresh';
/** Why a token does not answer, as Square's error codes. */
export type TokenRefusal = 'UNAUTHORIZED' | 'ACCESS_TOKEN_EXPIRED' | 'ACCESS_TOKEN_REVOKED';

const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('hex')}`;

async function keep(db: Db, value: string, kind: Kind, merchantId: string, now: Date, lifeMs?: number) {
  await db
    .delete(squareStandinGrants)
    .where(lt(squareStandinGrants.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  await db.insert(squareStandinGrants).values({
    secretHash: secretHash(value),
    kind,
    merchantId,
    createdAt: now,
    expiresAt: lifeMs === undefined ? null : new Date(now.getTime() + lifeMs),
  });
}

/** The authorisation page's Allow: a one-time code for the merchant. */
export async function issueCode(db: Db, merchantId: string, now: Date): Promise<string> {
  const code = `sq0cgp-${randomBytes(16).toString('hex')}`;
  await keep(db, code, 'code', merchantId, now, SQUARE_CODE_LIFE_MS);
  return code;
}

/** The code's merchant, once: the row is deleted as it is read, so of two exchanges one wins. */
export async function redeemCode(db: Db, code: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .delete(squareStandinGrants)
    .where(and(eq(squareStandinGrants.secretHash, secretHash(code)), eq(squareStandinGrants.kind, 'code')))
    .returning();
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) return undefined;
  return row.merchantId;
}

/** A new access token for the merchant, with a new refresh token unless one is being used. */
export async function issueTokens(db: Db, merchantId: string, now: Date, refreshToken?: string) {
  const accessToken = secret(SQUARE_TOKEN_PREFIX);
  await keep(db, accessToken, 'access', merchantId, now, SQUARE_TOKEN_LIFE_MS);
  const refresh = refreshToken ?? secret(SQUARE_REFRESH_PREFIX);
  if (refreshToken === undefined) await keep(db, refresh, 'refresh', merchantId, now);
  return {
    accessToken,
    refreshToken: refresh,
    expiresAt: new Date(now.getTime() + SQUARE_TOKEN_LIFE_MS),
  };
}

/** The merchant a token answers for, or why it does not. */
export async function checkToken(
  db: Db,
  token: string,
  kind: 'access' | 'refresh',
  now: Date,
): Promise<{ ok: true; merchantId: string } | { ok: false; refusal: TokenRefusal }> {
  const demo = DEMO_TOKENS.get(token);
  if (demo) return demo.kind === kind ? { ok: true, merchantId: demo.merchantId } : refused('UNAUTHORIZED');
  const [row] = await db
    .select()
    .from(squareStandinGrants)
    .where(and(eq(squareStandinGrants.secretHash, secretHash(token)), eq(squareStandinGrants.kind, kind)));
  if (!row) return refused('UNAUTHORIZED');
  if (row.revokedAt) return refused('ACCESS_TOKEN_REVOKED');
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return refused('ACCESS_TOKEN_EXPIRED');
  return { ok: true, merchantId: row.merchantId };
}

const refused = (refusal: TokenRefusal) => ({ ok: false as const, refusal });

/** The seller withdrew the application's authorisation: every code and token of theirs stops answering. */
export async function revokeMerchant(db: Db, merchantId: string, now: Date): Promise<void> {
  await db
    .update(squareStandinGrants)
    .set({ revokedAt: now })
    .where(eq(squareStandinGrants.merchantId, merchantId));
}
