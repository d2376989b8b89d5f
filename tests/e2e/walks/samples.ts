/** Model samples the walks share. */
import type { IdentityUser } from '../../../src/api/auth/identity';

/** What the identity service answers for a sign-in of this role, in the model (the walk compares states). */
export const identitySample = (role: string): IdentityUser => ({
  uid: role,
  email: `${role}@upkeep.test`,
  idToken: 'token',
  role,
  expiresAt: 0,
});
