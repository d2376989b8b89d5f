/** The cache of verified ID tokens that createFirebaseIdentity (identity.ts) keeps. */
import type { VerifiedToken } from './identity';

/**
 * Tokens already verified, so a signed-in person's requests do not check the same token again: the Auth
 * emulator answers every check over HTTP (it also looks the account up), which cost more than the users list's
 * own queries. A token is kept until it expires or for VERIFIED_TOKEN_TTL_MS, whichever comes first; a
 * rejected one is never kept. Tokens are not checked for revocation in production either (server/README.md), so
 * this changes nothing there; with the emulator, a disabled account's token is refused at the latest a minute
 * later instead of at once.
 */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
const VERIFIED_TOKENS_MAX = 10_000;

export class VerifiedTokens {
  private readonly entries = new Map<string, { caller: VerifiedToken; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(token: string): VerifiedToken | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.caller;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, caller: VerifiedToken, expiresAt: number): void {
    const until = Math.min(expiresAt, this.now() + VERIFIED_TOKEN_TTL_MS);
    if (!(until > this.now())) return;
    // The oldest entry goes first (a Map keeps insertion order), so memory stays bounded.
    if (this.entries.size >= VERIFIED_TOKENS_MAX) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { caller, until });
  }
}
