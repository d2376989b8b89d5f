import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  resetPasswordMachine,
  type ResetPasswordEmitted,
} from '../../../../src/machines/auth/reset-password.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

function start(fail?: { code: string; message: string }) {
  const sent: string[] = [];
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        sendReset: fromPromise(async ({ input }: { input: { email: string } }) => {
          if (fail) throw fail;
          sent.push(input.email);
        }),
      },
    }),
    { input: undefined },
  );
  const notices: ResetPasswordEmitted[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, sent, notices };
}

describe('reset password machine', () => {
  it('Reset is not possible while the email is empty (or only whitespace)', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'reset.submit' })).toBe(false);
    actor.send({ type: 'email.change', value: '   ' });
    expect(actor.getSnapshot().can({ type: 'reset.submit' })).toBe(false);
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'email.change', value: 'a@b.co' });
    expect(actor.getSnapshot().can({ type: 'reset.submit' })).toBe(true);
  });

  it('sends the email without whitespace and says so for 5 seconds', async () => {
    const { actor, sent, notices } = start();
    actor.send({ type: 'email.change', value: ' provider@upkeep.test ' });
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const snapshot = await waitFor(actor, (s) => s.matches('sent'));
    expect(snapshot.context.sentTo).toBe('provider@upkeep.test');
    expect(sent).toEqual(['provider@upkeep.test']);
    expect(notices).toEqual([
      { type: 'notify', level: 'success', message: 'Reset password email is sent!', duration: 5000 },
    ]);
  });

  it('a failure shows the error message and keeps the email', async () => {
    const { actor, notices } = start({ code: 'auth/user-not-found', message: 'Firebase: …' });
    actor.send({ type: 'email.change', value: 'nobody@upkeep.test' });
    actor.send({ type: 'reset.submit' });
    const snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(snapshot.context).toMatchObject({ email: 'nobody@upkeep.test', failure: 'User does not exist.' });
    expect(notices.map((n) => [n.level, n.message])).toEqual([['error', 'User does not exist.']]);
  });

  it('an unknown failure shows its own message', async () => {
    const { actor } = start({ code: 'auth/network-request-failed', message: 'Network down' });
    actor.send({ type: 'email.change', value: 'a@b.co' });
    actor.send({ type: 'reset.submit' });
    const snapshot = await waitFor(actor, (s) => s.context.failure !== null);
    expect(snapshot.context.failure).toBe('Network down');
  });

  it('after sending, another address or the same again can be sent', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'email.change', value: 'a@b.co' });
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => s.matches('sent'));
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => s.matches('sent') && sent.length === 2);
    actor.send({ type: 'email.change', value: 'c@d.co' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(resetPasswordMachine, {
      input: undefined,
      events: {
        'email.change': [
          { type: 'email.change', value: 'a@b.co' },
          { type: 'email.change', value: '' },
        ],
        'reset.submit': [{ type: 'reset.submit' }],
      },
      errors: { sendReset: [{ code: 'auth/user-not-found', message: 'x' }] },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
