import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { CreatedInvite, CreateInviteInput } from '../../../../src/api/contract/invite';
import { inviteFormErrors } from '../../../../src/domain/providers/invites';
import {
  INVITE_FORM_MESSAGES,
  inviteProviderMachine,
  type InviteProviderEmitted,
} from '../../../../src/machines/providers/invite-provider.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const created: CreatedInvite = {
  code: 'abc',
  email: 'new@upkeep.test',
  providers: [{ id: 1, name: 'Glow Studio' }],
  expiresAt: '2030-01-01T00:00:00.000Z',
  invitePath: '/provider/invite/abc?email=new%40upkeep.test',
  delivery: 'logged',
};

function start(fail?: Error) {
  const calls: CreateInviteInput[] = [];
  const actor = createActor(
    inviteProviderMachine.provide({
      actors: {
        createInvite: fromPromise(async ({ input }: { input: CreateInviteInput }) => {
          calls.push(input);
          if (fail) throw fail;
          return created;
        }),
      },
    }),
  );
  const notices: InviteProviderEmitted[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, calls, notices };
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
    expect(notices.map((n) => n.level)).toEqual(['error']);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(inviteProviderMachine, {
      events: {
        'email.change': [{ type: 'email.change', value: 'new@upkeep.test' }],
        'providers.change': [{ type: 'providers.change', providerIds: [1] }],
        'invite.submit': [{ type: 'invite.submit' }],
        'invite.another': [{ type: 'invite.another' }],
      },
      outputs: { createInvite: [created] },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
