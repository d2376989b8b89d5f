import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../../src/api/client';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import type { UserCredit } from '../../../../src/api/contract/credit';
import type { UserUpdate } from '../../../../src/api/contract/user';
import { USER_FORM_ERRORS } from '../../../../src/domain/users/users';
import { createUserDrawerActors } from '../../../../src/machines/users/user-drawer.actors';
import { BOOKING, CREDIT, deleted, USER } from '../../../support/api-records';
import { fakeActors, refusal } from '../../../support/fake-api';
import { runActor } from '../../../support/run-actor';

const uid = 'uid/21';
const path = '/user/uid%2F21';
const update: UserUpdate = { email: 'ada@example.com', inviteCode: ' ada10 ', version: 3 };
const userCredit: UserCredit = {
  id: 70,
  creditId: 3,
  credit: CREDIT,
  spentInCents: 0,
  createdAt: '2026-01-02T00:00:00.000Z',
};
const { serviceItems: _items, user: _user, ...appointment } = BOOKING;

const setup = () => fakeActors(createUserDrawerActors);

describe('user drawer actors', () => {
  it('reads the user, its bookings and its credits by the encoded firebase uid', async () => {
    const { fake, actors } = setup();
    fake
      .on(`GET ${path}`, USER)
      .on('GET /user/appointments', [appointment])
      .on(`GET ${path}/credits`, [userCredit]);

    await expect(runActor(actors.loadUser, { firebaseUid: uid })).resolves.toEqual(USER);
    await expect(runActor(actors.loadAppointments, { firebaseUid: uid })).resolves.toEqual([
      { ...appointment, location: { id: 7, timezone: 'America/Los_Angeles' } },
    ]);
    await expect(runActor(actors.loadCredits, { firebaseUid: uid })).resolves.toEqual([userCredit]);
    expect(fake.calls).toEqual([
      { method: 'GET', path, idempotent: false },
      { method: 'GET', path: '/user/appointments', query: { firebaseUid: uid }, idempotent: false },
      { method: 'GET', path: `${path}/credits`, idempotent: false },
    ]);
  });

  it('saves the update as given, with its version', async () => {
    const { fake, actors } = setup();
    fake.on(`PUT ${path}`, { ...USER, version: 4 });

    const saved = await runActor(actors.saveUser, { firebaseUid: uid, update });

    expect(saved.version).toBe(4);
    expect(fake.calls).toEqual([{ method: 'PUT', path, body: update, idempotent: false }]);
  });

  it('turns a taken invite code into a sentence on the invite code field, naming the code', async () => {
    const { fake, actors } = setup();
    fake.on(
      `PUT ${path}`,
      refusal(
        409,
        API_ERROR_CODES.userInviteCodeExists,
        'inviteCode: the invite code ADA10 is already taken',
      ),
    );

    const error = await runActor(actors.saveUser, { firebaseUid: uid, update }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 409,
      code: API_ERROR_CODES.userInviteCodeExists,
      message: USER_FORM_ERRORS.inviteCodeTaken('ADA10'),
      field: 'inviteCode',
    });
  });

  it('turns a taken email into a sentence on the email field', async () => {
    const { fake, actors } = setup();
    fake.on(`PUT ${path}`, refusal(409, API_ERROR_CODES.userEmailExists, 'email exists in firebase'));

    await expect(runActor(actors.saveUser, { firebaseUid: uid, update })).rejects.toMatchObject({
      code: API_ERROR_CODES.userEmailExists,
      message: USER_FORM_ERRORS.emailTaken,
      field: 'email',
    });
  });

  it('passes any other refusal on untouched', async () => {
    const { fake, actors } = setup();
    fake.on(`PUT ${path}`, refusal(409, API_ERROR_CODES.recordStale, 'changed', 'version'));

    await expect(runActor(actors.saveUser, { firebaseUid: uid, update })).rejects.toMatchObject({
      code: API_ERROR_CODES.recordStale,
      message: 'changed',
      field: 'version',
    });
  });

  it('deletes the user, answering nothing', async () => {
    const { fake, actors } = setup();
    fake.on(`DELETE ${path}`, { firebaseUid: uid, deleted: true });

    await expect(runActor(actors.deleteUser, { firebaseUid: uid })).resolves.toBeUndefined();
    expect(fake.routes()).toEqual([`DELETE ${path}`]);
  });

  it('grants a credit once (one Idempotency-Key) and removes one, answering its id', async () => {
    const { fake, actors } = setup();
    fake.on(`POST ${path}/credits`, userCredit).on(`DELETE ${path}/credits/70`, deleted(70));

    await expect(runActor(actors.addCredit, { firebaseUid: uid, creditId: 3 })).resolves.toEqual(userCredit);
    await expect(runActor(actors.removeCredit, { firebaseUid: uid, userCreditId: 70 })).resolves.toBe(70);
    expect(fake.calls).toEqual([
      { method: 'POST', path: `${path}/credits`, body: { creditId: 3 }, idempotent: true },
      { method: 'DELETE', path: `${path}/credits/70`, idempotent: false },
    ]);
  });
});
