import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { Appointment } from '../../../../src/api/contract/appointment';
import type { UserCredit } from '../../../../src/api/contract/credit';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import { INVITE_CODE_EXISTS, type User, type UserUpdate } from '../../../../src/api/contract/user';
import { USER_FORM_ERRORS, validateUserForm } from '../../../../src/domain/users/users';
import {
  userDrawerMachine,
  type UserDrawerEmitted,
} from '../../../../src/machines/users/user-drawer.machine';
import { userDrawerView } from '../../../../src/machines/users/user-drawer.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const user: User = {
  id: 7,
  firebaseUid: 'uid-7',
  displayName: 'Jordan Lee',
  firstName: 'Jordan',
  lastName: 'Lee',
  email: 'jordan.lee@example.com',
  phone: '+13105550101',
  birthdate: '1990-04-12',
  photoURL: null,
  inviteCode: 'JORDAN10',
  availablePoints: 120,
  role: 'USER',
  isDeleted: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  version: 1,
  providers: [],
  customClaims: null,
};

const credit = {
  id: 3,
  title: 'Welcome Credit',
  description: null,
  totalInCents: 2_500,
  version: 1,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const userCredit = (id: number): UserCredit => ({
  id,
  creditId: 3,
  credit,
  spentInCents: 1_000,
  createdAt: '2025-01-02T00:00:00.000Z',
});
/** A credit nothing was spent of: its removal can be undone. */
const unspent = (id: number): UserCredit => ({ ...userCredit(id), spentInCents: 0 });
const appointment: Appointment = {
  id: 1,
  groupId: 'g1',
  status: 'COMPLETED',
  startDate: '2025-01-03T18:00:00.000Z',
  endDate: '2025-01-03T19:00:00.000Z',
  name: null,
  serviceItemDisplayName: 'HydraFacial',
  serviceItem: { id: 1, name: 'HydraFacial' },
  bundle: null,
  provider: { id: 1, name: 'Glow Studio' },
  location: { id: 1, timezone: 'America/Los_Angeles' },
};

interface Outcomes {
  load?: User | Error;
  save?: User | Error;
  remove?: Error;
  appointments?: Appointment[] | Error;
  credits?: UserCredit[] | Error;
  add?: UserCredit | Error;
  removeCredit?: Error;
}

function start(outcomes: Outcomes = {}) {
  const saved: { firebaseUid: string; update: UserUpdate }[] = [];
  const deleted: string[] = [];
  const added: { firebaseUid: string; creditId: number }[] = [];
  const settle = <T>(value: T | Error | undefined, fallback: T): Promise<T> =>
    value instanceof Error ? Promise.reject(value) : Promise.resolve(value ?? fallback);
  const actor = createActor(
    userDrawerMachine.provide({
      actors: {
        loadUser: fromPromise(() => settle(outcomes.load, user)),
        saveUser: fromPromise(async ({ input }: { input: { firebaseUid: string; update: UserUpdate } }) => {
          saved.push(input);
          return settle(outcomes.save, { ...user, ...(input.update as Partial<User>) });
        }),
        deleteUser: fromPromise(async ({ input }: { input: { firebaseUid: string } }) => {
          deleted.push(input.firebaseUid);
          if (outcomes.remove) throw outcomes.remove;
        }),
        loadAppointments: fromPromise(() => settle(outcomes.appointments, [appointment])),
        loadCredits: fromPromise(() => settle(outcomes.credits, [userCredit(1)])),
        addCredit: fromPromise(({ input }: { input: { firebaseUid: string; creditId: number } }) => {
          added.push(input);
          return settle(outcomes.add, userCredit(2));
        }),
        removeCredit: fromPromise(({ input }: { input: { firebaseUid: string; userCreditId: number } }) =>
          outcomes.removeCredit ? Promise.reject(outcomes.removeCredit) : Promise.resolve(input.userCreditId),
        ),
      },
    }),
    { input: { firebaseUid: 'uid-7' } },
  );
  const emitted: UserDrawerEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const messages = () => emitted.flatMap((event) => (event.type === 'notify' ? [event.message] : []));
  const notices = () => emitted.filter((event) => event.type === 'notify');
  return { actor, saved, deleted, added, emitted, messages, notices };
}

type Snapshot = SnapshotFrom<typeof userDrawerMachine>;
const settled = (s: Snapshot) =>
  s.matches({ ready: { bookings: 'loaded', credits: 'listed', account: 'editing' } });

/** Removes one credit, confirmed, and waits until the list holds `left` credits again. */
async function removeCredit(actor: ReturnType<typeof start>['actor'], userCreditId: number, left: number) {
  actor.send({ type: 'credit.remove', userCreditId });
  actor.send({ type: 'remove.confirm' });
  await waitFor(
    actor,
    (s) => s.context.credits.length === left && s.matches({ ready: { credits: 'listed' } }),
  );
}

describe('user drawer machine', () => {
  it('loads the user, bookings and credits; the form starts from the user', async () => {
    const { actor } = start();
    expect(userDrawerView(actor.getSnapshot()).loading).toBe(true);
    const snapshot = await waitFor(actor, settled);
    const view = userDrawerView(snapshot);
    expect(view.form).toMatchObject({
      fullName: 'Jordan Lee',
      inviteCode: 'JORDAN10',
      availablePoints: '120',
    });
    expect(view.bookings.list).toEqual([appointment]);
    expect(view.credits.list).toEqual([userCredit(1)]);
    expect(view.editable).toBe(true);
  });

  it("a failed load says 'Error fetching user' and can be retried", async () => {
    const outcomes: Outcomes = { load: new Error('offline') };
    const { actor, messages } = start(outcomes);
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(messages()).toEqual(['Error fetching user']);
    delete outcomes.load;
    actor.send({ type: 'user.retry' });
    await waitFor(actor, settled);
  });

  it("saves with the save rules applied and says 'Saved user'", async () => {
    const { actor, saved, messages, emitted } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'field.change', field: 'fullName', value: 'Mary Ann Smith' });
    actor.send({ type: 'field.change', field: 'inviteCode', value: 'mary5' });
    actor.send({ type: 'field.change', field: 'phone', value: ' ' });
    expect(userDrawerView(actor.getSnapshot()).extraNameWords).toEqual(['Smith']);
    actor.send({ type: 'user.save' });
    expect(userDrawerView(actor.getSnapshot()).saving).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { account: 'editing' } }));
    expect(saved).toEqual([
      {
        firebaseUid: 'uid-7',
        update: {
          email: 'jordan.lee@example.com',
          firebaseUid: 'uid-7',
          displayName: 'Mary Ann Smith',
          firstName: 'Mary',
          lastName: 'Ann',
          birthdate: '1990-04-12',
          inviteCode: 'MARY5',
          availablePoints: 120,
          role: 'USER',
          // The version the drawer read: a newer one in the database answers 409 record/stale.
          version: user.version,
        },
      },
    ]);
    expect(messages()).toEqual(['Saved user']);
    expect(emitted).toContainEqual({ type: 'user.changed', firebaseUid: 'uid-7' });
  });

  it('does not send an invalid form; it shows the field errors', async () => {
    const { actor, saved } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'field.change', field: 'email', value: '' });
    actor.send({ type: 'role.change', role: 'PROVIDER' });
    actor.send({ type: 'user.save' });
    const { context } = actor.getSnapshot();
    expect(context.errors).toEqual({
      email: USER_FORM_ERRORS.emailRequired,
      providerIds: USER_FORM_ERRORS.providers,
    });
    expect(saved).toEqual([]);
    actor.send({ type: 'providers.change', providerIds: [2, 2, 4] });
    expect(actor.getSnapshot().context.errors.providerIds).toBeUndefined();
    expect(actor.getSnapshot().context.form?.providerIds).toEqual([2, 4]);
    actor.send({ type: 'field.change', field: 'email', value: 'new@example.com' });
    expect(validateUserForm(actor.getSnapshot().context.form!)).toEqual({});
  });

  it('a taken invite code is shown on its field, the form keeps what was typed', async () => {
    const { actor, messages } = start({
      save: new ApiRequestError(
        409,
        INVITE_CODE_EXISTS,
        'inviteCode: the invite code SOFIA15 is already taken by another user',
      ),
    });
    await waitFor(actor, settled);
    actor.send({ type: 'field.change', field: 'inviteCode', value: 'sofia15' });
    actor.send({ type: 'user.save' });
    const snapshot = await waitFor(actor, (s) => s.context.errors.inviteCode !== undefined);
    expect(snapshot.context.errors.inviteCode).toMatch(/SOFIA15 is already taken/);
    expect(snapshot.context.form?.inviteCode).toBe('sofia15');
    expect(messages()).toEqual(['Error saving user']);
    actor.send({ type: 'field.change', field: 'inviteCode', value: 'other' });
    expect(actor.getSnapshot().context.errors.inviteCode).toBeUndefined();
  });

  it('a taken email is shown on the email field; other failures under the form', async () => {
    const taken = start({
      save: new ApiRequestError(409, 'user/email-exists', 'email: another account already uses this email'),
    });
    await waitFor(taken.actor, settled);
    taken.actor.send({ type: 'user.save' });
    await waitFor(taken.actor, (s) => s.context.errors.email !== undefined);
    const other = start({
      save: new ApiRequestError(409, 'user/own-role', 'You cannot change your own role'),
    });
    await waitFor(other.actor, settled);
    other.actor.send({ type: 'user.save' });
    const snapshot = await waitFor(other.actor, (s) => s.context.saveError !== null);
    expect(snapshot.context.saveError).toBe('You cannot change your own role');
    expect(other.messages()).toEqual(['Error saving user']);
  });

  it('deletes only after a confirmation', async () => {
    const { actor, deleted, messages } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'user.delete' });
    expect(userDrawerView(actor.getSnapshot()).confirmingDelete).toBe(true);
    expect(deleted).toEqual([]);
    actor.send({ type: 'delete.cancel' });
    expect(userDrawerView(actor.getSnapshot()).editable).toBe(true);
    actor.send({ type: 'user.delete' });
    actor.send({ type: 'delete.confirm' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ deleted: true });
    expect(deleted).toEqual(['uid-7']);
    expect(messages()).toEqual(['Deleted user']);
  });

  it("a failed delete says 'Error deleting user' and keeps the drawer", async () => {
    const { actor, messages } = start({ remove: new Error('nope') });
    await waitFor(actor, settled);
    actor.send({ type: 'user.delete' });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => messages().length > 0 && s.matches({ ready: { account: 'editing' } }));
    expect(messages()).toEqual(['Error deleting user']);
  });

  it('adds a credit from the list and removes one', async () => {
    const { actor } = start();
    await waitFor(actor, settled);
    actor.send({ type: 'credit.add', creditId: 3 });
    expect(userDrawerView(actor.getSnapshot()).credits.busy).toBe(true);
    await waitFor(
      actor,
      (s) => s.context.credits.length === 2 && s.matches({ ready: { credits: 'listed' } }),
    );
    actor.send({ type: 'credit.remove', userCreditId: 1 });
    // Taking a credit away asks first; Cancel keeps it.
    expect(userDrawerView(actor.getSnapshot()).credits.confirmingRemove).toEqual(userCredit(1));
    actor.send({ type: 'remove.cancel' });
    expect(userDrawerView(actor.getSnapshot()).credits.confirmingRemove).toBeNull();
    expect(actor.getSnapshot().context.credits).toHaveLength(2);
    actor.send({ type: 'credit.remove', userCreditId: 1 });
    actor.send({ type: 'remove.confirm' });
    const snapshot = await waitFor(actor, (s) => s.context.credits.length === 1);
    expect(snapshot.context.credits.map((uc) => uc.id)).toEqual([2]);
    await waitFor(actor, (s) => s.matches({ ready: { credits: 'listed' } }));
  });

  it('says what failed for bookings and credits, with the catalogue messages', async () => {
    const bad = start({ appointments: new Error('x'), credits: new Error('y') });
    await waitFor(bad.actor, (s) => s.matches({ ready: { bookings: 'failed', credits: 'failed' } }));
    expect(bad.messages().sort()).toEqual(['Error fetching appointments', 'Error fetching user credits']);

    const changes = start({ add: new Error('x'), removeCredit: new Error('y') });
    await waitFor(changes.actor, settled);
    changes.actor.send({ type: 'credit.add', creditId: 3 });
    await waitFor(changes.actor, () => changes.messages().length === 1);
    await waitFor(changes.actor, (s) => s.matches({ ready: { credits: 'listed' } }));
    changes.actor.send({ type: 'credit.remove', userCreditId: 1 });
    changes.actor.send({ type: 'remove.confirm' });
    await waitFor(changes.actor, () => changes.messages().length === 2);
    expect(changes.messages()).toEqual([
      'Could not create user credit.',
      'There was an error removing user credit.',
    ]);
    expect(changes.actor.getSnapshot().context.credits).toEqual([userCredit(1)]);
  });

  it("a removed credit nothing was spent of comes back by its toast's Undo", async () => {
    const { actor, added, notices } = start({ credits: [unspent(1), userCredit(5)], add: unspent(9) });
    await waitFor(actor, settled);
    await removeCredit(actor, 1, 1);
    expect(notices()).toEqual([
      {
        type: 'notify',
        level: 'success',
        message: 'Removed credit.',
        undo: { type: 'credit.undo', userCreditId: 1 },
      },
    ]);
    // Only the credit just removed can be given back.
    actor.send({ type: 'credit.undo', userCreditId: 5 });
    expect(actor.getSnapshot().matches({ ready: { credits: 'listed' } })).toBe(true);
    actor.send({ type: 'credit.undo', userCreditId: 1 });
    expect(userDrawerView(actor.getSnapshot()).credits.busy).toBe(true);
    expect(userDrawerView(actor.getSnapshot()).credits.canChange).toBe(false);
    const back = await waitFor(actor, (s) => s.matches({ ready: { credits: 'listed' } }));
    // The same credit of the list, given again: the new grant is listed where a reload puts it (last).
    expect(added).toEqual([{ firebaseUid: 'uid-7', creditId: 3 }]);
    expect(back.context.credits.map((held) => held.id)).toEqual([5, 9]);
    expect(notices().at(-1)).toEqual({ type: 'notify', level: 'success', message: 'Gave the credit back.' });
    // Given back once: the old toast's Undo does nothing more.
    actor.send({ type: 'credit.undo', userCreditId: 1 });
    expect(actor.getSnapshot().matches({ ready: { credits: 'listed' } })).toBe(true);
    expect(added).toHaveLength(1);
  });

  it('a partly spent credit is not restorable as it was: its toast offers no Undo', async () => {
    const { actor, added, notices } = start({ credits: [unspent(1), userCredit(5)] });
    await waitFor(actor, settled);
    await removeCredit(actor, 1, 1);
    await removeCredit(actor, 5, 0);
    expect(notices().at(-1)).toEqual({ type: 'notify', level: 'success', message: 'Removed credit.' });
    // The unspent credit's older toast no longer gives it back: a later removal came after it.
    actor.send({ type: 'credit.undo', userCreditId: 1 });
    actor.send({ type: 'credit.undo', userCreditId: 5 });
    expect(actor.getSnapshot().matches({ ready: { credits: 'listed' } })).toBe(true);
    expect(added).toEqual([]);
    // A credit no longer listed cannot be removed again.
    actor.send({ type: 'credit.remove', userCreditId: 5 });
    expect(actor.getSnapshot().matches({ ready: { credits: 'listed' } })).toBe(true);
  });

  it('a failed Undo says why and keeps the removed credit to try again', async () => {
    const outcomes: Outcomes = {
      credits: [unspent(1)],
      add: new ApiRequestError(500, 'server/internal', 'The server is down for a moment'),
    };
    const { actor, added, notices } = start(outcomes);
    await waitFor(actor, settled);
    await removeCredit(actor, 1, 0);
    actor.send({ type: 'credit.undo', userCreditId: 1 });
    await waitFor(actor, () => notices().length === 2);
    expect(notices().at(-1)).toEqual({
      type: 'notify',
      level: 'error',
      message: 'Could not give the credit back: The server is down for a moment',
      undo: { type: 'credit.undo', userCreditId: 1 },
    });
    // Deleted from the credit list meanwhile: said in plain words.
    outcomes.add = new ApiRequestError(
      404,
      API_ERROR_CODES.creditNotFound,
      'No credit with id 3',
      'creditId',
    );
    await waitFor(actor, (s) => s.matches({ ready: { credits: 'listed' } }));
    actor.send({ type: 'credit.undo', userCreditId: 1 });
    await waitFor(actor, () => notices().length === 3);
    expect(notices().at(-1)?.message).toBe(
      'Could not give the credit back: it is no longer in the credit list.',
    );
    delete outcomes.add;
    await waitFor(actor, (s) => s.matches({ ready: { credits: 'listed' } }));
    actor.send({ type: 'credit.undo', userCreditId: 1 });
    const back = await waitFor(actor, (s) => s.context.credits.length === 1);
    expect(back.context.credits.map((held) => held.id)).toEqual([2]);
    expect(added).toHaveLength(3);
    expect(notices().at(-1)?.message).toBe('Gave the credit back.');
  });

  it('sends the version read; a stale save keeps the typed form, and Reload puts it on the fresh user', async () => {
    const fresh: User = { ...user, phone: '+13105550111', version: user.version + 1 };
    let loads = 0;
    const saves: UserUpdate[] = [];
    const actor = createActor(
      userDrawerMachine.provide({
        actors: {
          loadUser: fromPromise(async () => (loads++ === 0 ? user : fresh)),
          saveUser: fromPromise(
            async ({ input }: { input: { firebaseUid: string; update: UserUpdate } }): Promise<User> => {
              saves.push(input.update);
              throw new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');
            },
          ),
          loadAppointments: fromPromise(async () => [appointment]),
          loadCredits: fromPromise(async () => [userCredit(1)]),
        },
      }),
      { input: { firebaseUid: 'uid-7' } },
    );
    actor.start();
    await waitFor(actor, settled);
    actor.send({ type: 'field.change', field: 'fullName', value: 'Typed Name' });
    expect(userDrawerView(actor.getSnapshot()).dirty).toBe(true);
    actor.send({ type: 'user.save' });
    const stale = await waitFor(actor, (s) => userDrawerView(s).stale);
    expect(saves[0]?.version).toBe(user.version);
    expect(userDrawerView(stale).staleMessage).toBe(RECORD_STALE_MESSAGE);
    expect(userDrawerView(stale).editable).toBe(false);
    actor.send({ type: 'stale.dismiss' });
    expect(userDrawerView(actor.getSnapshot()).editable).toBe(true);
    actor.send({ type: 'user.save' });
    await waitFor(actor, (s) => userDrawerView(s).stale);
    actor.send({ type: 'stale.reload' });
    const reloaded = await waitFor(actor, (s) => userDrawerView(s).editable && s.context.user === fresh);
    expect(reloaded.context.form).toMatchObject({ fullName: 'Typed Name', phone: '+13105550111' });
    expect(userDrawerView(reloaded).dirty).toBe(true);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(userDrawerMachine, {
      input: { firebaseUid: 'uid-7' },
      events: {
        'field.change': [
          { type: 'field.change', field: 'email', value: '' },
          { type: 'field.change', field: 'email', value: 'ok@example.com' },
        ],
        'role.change': [{ type: 'role.change', role: 'ADMIN' }],
        'providers.change': [{ type: 'providers.change', providerIds: [1] }],
        'user.save': [{ type: 'user.save' }],
        'user.delete': [{ type: 'user.delete' }],
        'delete.confirm': [{ type: 'delete.confirm' }],
        'delete.cancel': [{ type: 'delete.cancel' }],
        'user.retry': [{ type: 'user.retry' }],
        'bookings.retry': [{ type: 'bookings.retry' }],
        'credits.retry': [{ type: 'credits.retry' }],
        'credit.add': [{ type: 'credit.add', creditId: 3 }],
        'credit.remove': [{ type: 'credit.remove', userCreditId: 1 }],
        'remove.confirm': [{ type: 'remove.confirm' }],
        'remove.cancel': [{ type: 'remove.cancel' }],
        'credit.undo': [{ type: 'credit.undo', userCreditId: 1 }],
        'stale.reload': [{ type: 'stale.reload' }],
        'stale.dismiss': [{ type: 'stale.dismiss' }],
      },
      outputs: {
        loadUser: [user],
        saveUser: [user],
        loadAppointments: [[appointment]],
        loadCredits: [[unspent(1)]],
        addCredit: [userCredit(2)],
        removeCredit: [1],
      },
      errors: {
        saveUser: [
          new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version'),
          new ApiRequestError(409, INVITE_CODE_EXISTS, 'invite code taken'),
          new ApiRequestError(409, 'user/email-exists', 'email taken'),
          new ApiRequestError(500, 'server/internal', 'boom'),
        ],
      },
      // What changes behaviour: where each region is and whether the form is valid; not the lists' contents.
      serializeState: (snapshot) =>
        JSON.stringify({
          value: snapshot.value,
          status: snapshot.status,
          valid: snapshot.context.form
            ? Object.keys(validateUserForm(snapshot.context.form)).length === 0
            : null,
          undoable: snapshot.context.undoableCredit !== null,
        }),
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
