import { fromPromise } from 'xstate';
import type { Identity } from '../../api/auth/identity';

/** The reset-password flow's side effect: the identity service sends the email. */
export function createResetPasswordActors(identity: Identity) {
  return {
    sendReset: fromPromise(({ input }: { input: { email: string } }) =>
      identity.sendPasswordReset(input.email),
    ),
  };
}
