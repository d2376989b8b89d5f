import { fromPromise } from 'xstate';
import type { Identity } from '../../api/auth/identity';

/** The sign-in flow's side effects: the identity service's sign-in and sign-out. */
export function createSignInActors(identity: Identity) {
  return {
    signIn: fromPromise(({ input }: { input: { email: string; password: string } }) =>
      identity.signIn(input.email, input.password),
    ),
    signOut: fromPromise<void, void>(() => identity.signOut()),
  };
}
