import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import { createRegistrationActors } from '../../../../src/machines/auth/registration.actors';
import { fakeApi, refusal } from '../../../support/fake-api';
import { fakeIdentity, IDENTITY_USER } from '../../../support/fake-identity';
import { runActor } from '../../../support/run-actor';

const providers = [{ id: 3, name: 'Glow Studio' }];

function setup() {
  const fake = fakeApi();
  const { identity, calls } = fakeIdentity();
  return { fake, signIns: calls, actors: createRegistrationActors(fake.client, identity) };
}

describe('registration actors', () => {
  it('checks the invite by its encoded code and the email', async () => {
    const { fake, actors } = setup();
    const check = { email: 'new@glow.test', providers, expiresAt: '2026-03-08T00:00:00.000Z' };
    fake.on('GET /provider/invite/INV%2F1', check);

    await expect(runActor(actors.checkInvite, { code: 'INV/1', email: 'new@glow.test' })).resolves.toEqual(
      check,
    );
    expect(fake.calls).toEqual([
      {
        method: 'GET',
        path: '/provider/invite/INV%2F1',
        query: { email: 'new@glow.test' },
        idempotent: false,
      },
    ]);
  });

  it('registers with the invite, then signs in with the new account', async () => {
    const { fake, signIns, actors } = setup();
    fake.on('POST /provider/invite/user', { providers });
    const input = { email: 'new@glow.test', password: 'long enough', code: 'INV-1' };

    await expect(runActor(actors.register, input)).resolves.toEqual({ providers });
    await expect(runActor(actors.signIn, { email: input.email, password: input.password })).resolves.toEqual(
      IDENTITY_USER,
    );
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/provider/invite/user', body: input, idempotent: false },
    ]);
    expect(signIns).toEqual(['signIn new@glow.test long enough']);
  });

  it('passes a refused invite on with its code', async () => {
    const { fake, actors } = setup();
    fake.on('GET /provider/invite/OLD', refusal(404, API_ERROR_CODES.inviteInvalid, 'invalid'));

    await expect(runActor(actors.checkInvite, { code: 'OLD', email: 'a@b.test' })).rejects.toMatchObject({
      status: 404,
      code: API_ERROR_CODES.inviteInvalid,
    });
  });
});
