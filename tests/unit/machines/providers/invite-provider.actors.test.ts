import { describe, expect, it } from 'vitest';
import { createInviteProviderActors } from '../../../../src/machines/providers/invite-provider.actors';
import { USER, USER_SUMMARY } from '../../../support/api-records';
import { fakeActors } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const list = (users: (typeof USER_SUMMARY)[]) => ({ users, total: users.length, page: 1, pageSize: 25 });
const setup = () => fakeActors(createInviteProviderActors);

describe('invite provider actors', () => {
  it('creates the invite once (one Idempotency-Key)', async () => {
    const { fake, actors } = setup();
    const invite = {
      code: 'INV-1',
      email: 'new@glow.test',
      providers: [{ id: 3, name: 'Glow Studio' }],
      expiresAt: '2026-03-08T00:00:00.000Z',
      invitePath: '/provider/invite/INV-1?email=new%40glow.test',
      delivery: 'logged',
    };
    fake.on('POST /provider/invite', invite);
    const input = { email: 'new@glow.test', providerIdArray: [3] };

    await expect(runActor(actors.createInvite, input)).resolves.toEqual(invite);
    expect(fake.calls).toEqual([{ method: 'POST', path: '/provider/invite', body: input, idempotent: true }]);
  });

  it('finds the sign-in account with exactly that email, in any case, among the search results', async () => {
    const { fake, actors } = setup();
    fake.on(
      'GET /user',
      list([
        { ...USER_SUMMARY, id: 1, firebaseUid: null },
        { ...USER_SUMMARY, id: 2, firebaseUid: 'uid-2', email: 'ada@example.com.au' },
        { ...USER_SUMMARY, id: 3, firebaseUid: 'uid-3', email: 'ADA@example.com', role: 'PROVIDER' },
      ]),
    );

    await expect(runActor(actors.findAccount, { email: 'Ada@Example.com' })).resolves.toEqual({
      firebaseUid: 'uid-3',
      email: 'ADA@example.com',
      name: 'Ada Lovelace',
      role: 'PROVIDER',
    });
    expect(fake.calls).toEqual([
      {
        method: 'GET',
        path: '/user',
        query: { search: 'Ada@Example.com', pageSize: 25 },
        idempotent: false,
      },
    ]);
  });

  it('finds no account when only people without sign-in, or other emails, match', async () => {
    const { fake, actors } = setup();
    fake.on('GET /user', list([{ ...USER_SUMMARY, firebaseUid: null }]), list([]));

    await expect(runActor(actors.findAccount, { email: 'ada@example.com' })).resolves.toBeNull();
    await expect(runActor(actors.findAccount, { email: 'ada@example.com' })).resolves.toBeNull();
    expect(fake.routes()).toEqual(['GET /user', 'GET /user']);
  });

  it('gives the account the Provider role, keeping its details and adding the providers to its own', async () => {
    const { fake, actors } = setup();
    const holder = { ...USER, role: 'PROVIDER' as const, providers: [{ id: 5, name: 'Calm Spa' }] };
    fake.on('GET /user/uid-21', USER, holder).on('PUT /user/uid-21', { ...holder, version: 4 });

    for (let turn = 0; turn < 2; turn += 1)
      await expect(
        runActor(actors.grantProviderRole, { firebaseUid: 'uid-21', providerIds: [3, 5] }),
      ).resolves.toBeUndefined();

    expect(fake.routes()).toEqual([
      'GET /user/uid-21',
      'PUT /user/uid-21',
      'GET /user/uid-21',
      'PUT /user/uid-21',
    ]);
    const [first, second] = [fake.calls[1]?.body, fake.calls[3]?.body];
    expect(first).toMatchObject({
      email: 'ada@example.com',
      firebaseUid: 'uid-21',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '555-0101',
      birthdate: '1990-12-10',
      role: 'PROVIDER',
      providers: [3, 5],
      version: 3,
    });
    expect(first).not.toHaveProperty('password');
    expect(second).toMatchObject({ role: 'PROVIDER', providers: [5, 3] });
  });
});
