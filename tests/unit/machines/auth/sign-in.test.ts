import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { IdentityUser } from '../../../../src/api/auth/identity';
import { signInMachine, type SignInEmitted } from '../../../../src/machines/auth/sign-in.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const user = (role: unknown): IdentityUser => ({
  uid: 'u1',
  email: 'admin@upkeep.test',
  idToken: 'token',
  role,
  expiresAt: 0,
});

function run(outcome: { user?: IdentityUser; error?: { code: string; message: string } }) {
  const calls: { email: string; password: string }[] = [];
  let signedOut = 0;
  const actor = createActor(
    signInMachine.provide({
      actors: {
        signIn: fromPromise(async ({ input }: { input: { email: string; password: string } }) => {
          calls.push(input);
          if (outcome.error) throw outcome.error;
          return outcome.user!;
        }),
        signOut: fromPromise(async () => {
          signedOut += 1;
        }),
      },
    }),
  );
  const emitted: SignInEmitted[] = [];
  actor.on('notify', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted, signedOut: () => signedOut };
}

describe('sign-in machine', () => {
  it('strips whitespace from the email and signs an admin in', async () => {
    const { actor, calls } = run({ user: user('admin') });
    actor.send({ type: 'email.change', value: ' admin@upkeep.test ' });
    actor.send({ type: 'password.change', value: 'upkeep-admin' });
    actor.send({ type: 'credentials.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([{ email: 'admin@upkeep.test', password: 'upkeep-admin' }]);
    expect(done.output).toEqual({ user: user('admin') });
  });

  it('has no client-side required check: an empty form is submitted to the identity service', async () => {
    const { actor, calls, emitted } = run({ error: { code: 'auth/invalid-email', message: 'x' } });
    actor.send({ type: 'credentials.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(calls).toEqual([{ email: '', password: '' }]);
    expect(emitted).toEqual([
      { type: 'notify', level: 'error', message: 'Invalid email provided.', duration: 2000, log: false },
    ]);
  });

  it('maps the newer invalid-credential code onto the wrong-password text and keeps what was typed', async () => {
    const { actor, emitted } = run({ error: { code: 'auth/invalid-credential', message: 'Firebase: …' } });
    actor.send({ type: 'email.change', value: 'admin@upkeep.test' });
    actor.send({ type: 'password.change', value: 'nope' });
    actor.send({ type: 'credentials.submit' });
    const snapshot = await waitFor(actor, (s) => s.context.failure !== null);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({ email: 'admin@upkeep.test', password: 'nope' });
    expect(emitted[0]?.message).toBe('Password does not match the one in our records.');
  });

  it('shows an unknown error raw and marks it to be logged', async () => {
    const { actor, emitted } = run({
      error: { code: 'auth/network-request-failed', message: 'Network down' },
    });
    actor.send({ type: 'credentials.submit' });
    await waitFor(actor, (s) => s.context.failure !== null);
    expect(emitted).toEqual([
      { type: 'notify', level: 'error', message: 'Network down', duration: 2000, log: true },
    ]);
  });

  it('signs any other role straight back out and rejects it with Unauthorized.', async () => {
    const { actor, emitted, signedOut } = run({ user: user('user') });
    actor.send({ type: 'credentials.submit' });
    const snapshot = await waitFor(actor, (s) => s.context.failure !== null);
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context.failure).toEqual({
      code: 'auth/authorization-denied',
      message: 'Unauthorized.',
      logged: false,
    });
    expect(signedOut()).toBe(1);
    expect(emitted.map((e) => e.message)).toEqual(['Unauthorized.']);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(signInMachine, {
      events: {
        'email.change': [{ type: 'email.change', value: 'admin@upkeep.test' }],
        'password.change': [{ type: 'password.change', value: 'secret' }],
        'credentials.submit': [{ type: 'credentials.submit' }],
      },
      outputs: { signIn: [user('admin'), user('user')] },
      errors: { signIn: [{ code: 'auth/wrong-password', message: 'x' }], signOut: [new Error('offline')] },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
