/** What every request handler can rely on. */
import type { VerifiedToken } from '../identity';

export interface HonoEnv {
  Variables: {
    /** The signed-in caller; set by `allow(...)`, so only present on routes that declare roles. */
    caller: VerifiedToken;
    /** A POST's Idempotency-Key and, once `allow(...)` has claimed it, whose it is (http/idempotency.ts). */
    idempotency: { key: string; claimedBy?: string };
  };
}
