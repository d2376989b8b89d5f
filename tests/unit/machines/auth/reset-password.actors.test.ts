import { describe, expect, it } from 'vitest';
import { createResetPasswordActors } from '../../../../src/machines/auth/reset-password.actors';
import { fakeIdentity } from '../../../support/fake-identity';
import { runActor } from '../../../support/run-actor';

describe('reset password actors', () => {
  it('asks the identity service to send the reset email, and passes its refusal on', async () => {
    const sent = fakeIdentity();
    const refused = fakeIdentity('auth/too-many-requests');

    await expect(
      runActor(createResetPasswordActors(sent.identity).sendReset, { email: 'ada@example.com' }),
    ).resolves.toBeUndefined();
    await expect(
      runActor(createResetPasswordActors(refused.identity).sendReset, { email: 'ada@example.com' }),
    ).rejects.toMatchObject({ code: 'auth/too-many-requests' });
    expect(sent.calls).toEqual(['sendPasswordReset ada@example.com']);
    expect(refused.calls).toEqual(['sendPasswordReset ada@example.com']);
  });
});
