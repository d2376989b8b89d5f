/** What every request handler can rely on. */
import type { VerifiedToken } from '../identity';
import type { Scope } from './scope';

export interface HonoEnv {
  Variables: {
    /** The signed-in caller; set by `allow(...)`, so only present on routes that declare roles. */
    caller: VerifiedToken;
    /** What the caller may name; set by `withScope(db)` (http/scope.ts) on routes that scope their records. */
    scope: Scope;
    /** A POST's Idempotency-Key and, once `allow(...)` has claimed it, whose it is (http/idempotency.ts). */
    idempotency: { key: string; claimedBy?: string };
  };
}
