/** What every request handler can rely on. */
import type { VerifiedToken } from '../identity';

export interface HonoEnv {
  Variables: {
    /** The signed-in caller; set by `allow(...)`, so only present on routes that declare roles. */
    caller: VerifiedToken;
  };
}
