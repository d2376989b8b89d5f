import { describe, expect, it } from 'vitest';
import { IdentityError } from '../../../../src/api/auth/identity';
import { createSignInActors } from '../../../../src/machines/auth/sign-in.actors';
import { fakeIdentity, IDENTITY_USER } from '../../../support/fake-identity';
import { runActor } from '../../../support/run-actor';

describe('sign-in actors', () => {
  it('signs in with the email and password as given, answering the signed-in user, and signs out', async () => {
    const { identity, calls } = fakeIdentity();
    const actors = createSignInActors(identity);

    await expect(runActor(actors.signIn, { email: 'admin@upkeep.test', password: 'pw' })).resolves.toEqual(
      IDENTITY_USER,
    );
    await expect(runActor(actors.signOut, undefined)).resolves.toBeUndefined();
    expect(calls).toEqual(['signIn admin@upkeep.test pw', 'signOut']);
  });

  it("passes the identity service's refusal on with its code", async () => {
    const { identity } = fakeIdentity('auth/invalid-credential');

    const error = await runActor(createSignInActors(identity).signIn, {
      email: 'a@b.test',
      password: 'x',
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(IdentityError);
    expect(error).toMatchObject({ code: 'auth/invalid-credential' });
  });
});
