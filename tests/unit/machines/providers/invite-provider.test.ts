import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { CreatedInvite, CreateInviteInput } from '../../../../src/api/contract/invite';
import { inviteFormErrors } from '../../../../src/domain/providers/invites';
import {
  INVITE_FORM_MESSAGES,
  inviteProviderMachine,
  type ExistingAccount,
  type InviteProviderEmitted,
} from '../../../../src/machines/providers/invite-provider.machine';
import { inviteProviderView } from '../../../../src/machines/providers/invite-provider.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const created: CreatedInvite = {
  code: 'abc',
  email: 'new@upkeep.test',
  providers: [{ id: 1, name: 'Glow Studio' }],
  expiresAt: '2030-01-01T00:00:00.000Z',
  invitePath: '/provider/invite/abc?email=new%40upkeep.test',
  delivery: 'logged',
};

const customer: ExistingAccount = {
  firebaseUid: 'uid-1',
  email: 'new@upkeep.test',
  name: 'Nina New',
  role: 'USER',
};

function start(
  fail?: Error,
  { account = null, grantFails = false }: { account?: ExistingAccount | null; grantFails?: boolean } = {},
) {
  const calls: CreateInviteInput[] = [];
  const grants: { firebaseUid: string; providerIds: number[] }[] = [];
  const actor = createActor(
    inviteProviderMachine.provide({
      actors: {
        createInvite: fromPromise(async ({ input }: { input: CreateInviteInput }) => {
          calls.push(input);
          if (fail) throw fail;
          return created;
        }),
        findAccount: fromPromise(async () => account),
        grantProviderRole: fromPromise(
          async ({ input }: { input: { firebaseUid: string; providerIds: number[] } }) => {
            grants.push(input);
            if (grantFails) throw new Error('boom');
          },
        ),
      },
    }),
  );
  const notices: InviteProviderEmitted[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, calls, grants, notices };
}

describe('invite provider machine', () => {
  it('an incomplete form is not sent and shows what is missing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'invite.submit' });
    const { context } = actor.getSnapshot();
    expect(context.submitted).toBe(true);
    expect(inviteFormErrors(context, INVITE_FORM_MESSAGES)).toEqual({
      email: 'Email required',
      providerIds: 'Choose at least one provider',
    });
    actor.send({ type: 'email.change', value: 'not-an-email' });
    expect(inviteFormErrors(actor.getSnapshot().context, INVITE_FORM_MESSAGES).email).toBe(
      'Enter a valid email address',
    );
    expect(calls).toEqual([]);
  });

  it("sends the email and providers, then says 'Sent invite!' and keeps the link", async () => {
    const { actor, calls, notices } = start();
    actor.send({ type: 'email.change', value: ' new@upkeep.test ' });
    actor.send({ type: 'providers.change', providerIds: [1, 2, 1] });
    actor.send({ type: 'invite.submit' });
    const snapshot = await waitFor(actor, (s) => s.matches('sent'));
    expect(calls).toEqual([{ email: 'new@upkeep.test', providerIdArray: [1, 2] }]);
    expect(snapshot.context.sent).toEqual(created);
    expect(notices).toEqual([{ type: 'notify', level: 'success', message: 'Sent invite!' }]);
    actor.send({ type: 'invite.another' });
    expect(actor.getSnapshot().context).toEqual({
      email: '',
      providerIds: [],
      submitted: false,
      failure: null,
      sent: null,
      existing: null,
      granted: null,
    });
  });

  it("a failure shows the server's message and keeps what was typed", async () => {
    const { actor, notices } = start(new ApiRequestError(404, 'provider/not-found', 'no provider with id 9'));
    actor.send({ type: 'email.change', value: 'new@upkeep.test' });
    actor.send({ type: 'providers.change', providerIds: [9] });
    actor.send({ type: 'invite.submit' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(snapshot.context).toMatchObject({
      email: 'new@upkeep.test',
      providerIds: [9],
      failure: 'no provider with id 9',
    });
    // Said once, on the form: no toast as well.
    expect(notices).toEqual([]);
  });

  it('an email with an account is said so before sending, and the Provider role is given instead', async () => {
    const { actor, calls, grants, notices } = start(undefined, { account: customer });
    actor.send({ type: 'email.change', value: 'New@upkeep.test' });
    actor.send({ type: 'providers.change', providerIds: [1, 2] });
    actor.send({ type: 'invite.submit' });
    const found = await waitFor(actor, (s) => s.matches('accountExists'));
    expect(calls).toEqual([]);
    expect(inviteProviderView(found, 'http://x').existing).toMatchObject({
      message:
        'new@upkeep.test already has an account, so an invite would not work: they cannot register again.',
      canGrant: true,
    });
    actor.send({ type: 'role.grant' });
    const done = await waitFor(actor, (s) => s.matches('granted'));
    expect(grants).toEqual([{ firebaseUid: 'uid-1', providerIds: [1, 2] }]);
    expect(inviteProviderView(done, 'http://x').granted).toBe(
      'new@upkeep.test is now a provider of the chosen providers.',
    );
    // Said once, where the form was (the view's `granted`), not also as a toast.
    expect(notices).toEqual([]);
    actor.send({ type: 'invite.another' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('an admin account is not offered the Provider role; changing the email goes back to the form', async () => {
    const { actor } = start(undefined, { account: { ...customer, role: 'ADMIN' } });
    actor.send({ type: 'email.change', value: 'new@upkeep.test' });
    actor.send({ type: 'providers.change', providerIds: [1] });
    actor.send({ type: 'invite.submit' });
    const found = await waitFor(actor, (s) => s.matches('accountExists'));
    expect(inviteProviderView(found, 'http://x').existing).toMatchObject({ canGrant: false });
    actor.send({ type: 'role.grant' });
    expect(actor.getSnapshot().matches('accountExists')).toBe(true);
    actor.send({ type: 'email.change', value: 'other@upkeep.test' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.existing).toBeNull();
  });

  it('a refused role change keeps the offer and says so', async () => {
    const { actor } = start(undefined, { account: customer, grantFails: true });
    actor.send({ type: 'email.change', value: 'new@upkeep.test' });
    actor.send({ type: 'providers.change', providerIds: [1] });
    actor.send({ type: 'invite.submit' });
    await waitFor(actor, (s) => s.matches('accountExists'));
    actor.send({ type: 'role.grant' });
    const back = await waitFor(actor, (s) => s.matches('accountExists') && s.context.failure !== null);
    expect(inviteProviderView(back, 'http://x').existing?.failure).toBe(
      'The Provider role could not be given. Please try again.',
    );
    actor.send({ type: 'providers.change', providerIds: [2] });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(inviteProviderMachine, {
      events: {
        'email.change': [{ type: 'email.change', value: 'new@upkeep.test' }],
        'providers.change': [{ type: 'providers.change', providerIds: [1] }],
        'invite.submit': [{ type: 'invite.submit' }],
        'invite.another': [{ type: 'invite.another' }],
        'role.grant': [{ type: 'role.grant' }],
      },
      outputs: { createInvite: [created], findAccount: [null, customer] },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
