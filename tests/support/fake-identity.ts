/** A fake identity service (src/api/auth/identity.ts) for the auth actors' tests: it records each call. */
import { IdentityError, type Identity, type IdentityUser } from '../../src/api/auth/identity';

export const IDENTITY_USER: IdentityUser = {
  uid: 'uid-1',
  email: 'admin@upkeep.test',
  idToken: 'token-1',
  role: 'admin',
  expiresAt: 0,
};

/** `refuse`: the identity service's error code every call fails with, if any. */
export function fakeIdentity(refuse?: string) {
  const calls: string[] = [];
  const answer = async <T>(call: string, value: T): Promise<T> => {
    calls.push(call);
    if (refuse) throw new IdentityError(refuse, `Firebase: Error (${refuse}).`);
    return value;
  };
  const identity: Identity = {
    signIn: (email, password) => answer(`signIn ${email} ${password}`, IDENTITY_USER),
    signOut: () => answer('signOut', undefined),
    sendPasswordReset: (email) => answer(`sendPasswordReset ${email}`, undefined),
    restore: () => answer('restore', null),
    refresh: (force) => answer(`refresh ${force}`, IDENTITY_USER),
  };
  return { identity, calls };
}
