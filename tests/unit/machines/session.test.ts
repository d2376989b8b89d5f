import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { IdentityUser } from '../../../src/api/identity';
import { SESSION_EXPIRED_NOTICE, sessionMachine } from '../../../src/machines/session.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../support/model';

const user = (role: unknown, idToken = 't1'): IdentityUser => ({
  uid: 'u1',
  email: 'a@upkeep.test',
  idToken,
  role,
  expiresAt: 0,
});

function start(options: { restored: IdentityUser | null; refresh?: () => Promise<IdentityUser> }) {
  const clock = new SimulatedClock();
  let signOuts = 0;
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise(async () => options.restored),
        refresh: fromPromise(async () => (options.refresh ?? (async () => user('admin', 't2')))()),
        signOut: fromPromise(async () => {
          signOuts += 1;
        }),
      },
    }),
    { clock },
  );
  const ended: string[] = [];
  actor.on('session.ended', (event) => ended.push(event.reason));
  actor.start();
  return { actor, clock, ended, signOuts: () => signOuts };
}

describe('session machine', () => {
  it('restores an admin from the identity service', async () => {
    const { actor } = start({ restored: user('admin') });
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(snapshot.context).toMatchObject({ isAdmin: true, viewAsProvider: false });
  });

  it('does not restore a role that may not use the console', async () => {
    const { actor } = start({ restored: user('user') });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.user).toBeNull();
  });

  it('refreshes the token every 5 minutes (300000 ms)', async () => {
    const { actor, clock } = start({ restored: user('admin') });
    await waitFor(actor, (s) => s.matches('signedIn'));
    clock.increment(299_999);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    clock.increment(1);
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn') && s.context.user?.idToken === 't2');
    expect(snapshot.context.user?.idToken).toBe('t2');
  });

  it('signs the user out with a notice when a refresh fails', async () => {
    const { actor, clock, ended } = start({
      restored: user('provider'),
      refresh: () => Promise.reject(new Error('token revoked')),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    clock.increment(300_000);
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context).toEqual({
      user: null,
      isAdmin: false,
      viewAsProvider: false,
      notice: SESSION_EXPIRED_NOTICE,
    });
    expect(ended).toEqual(['refreshFailed']);
  });

  it('lets only an admin view as provider, and back', async () => {
    const admin = start({ restored: user('admin') });
    await waitFor(admin.actor, (s) => s.matches('signedIn'));
    admin.actor.send({ type: 'session.toggleViewAsProvider' });
    expect(admin.actor.getSnapshot().context.viewAsProvider).toBe(true);
    admin.actor.send({ type: 'session.toggleViewAsProvider' });
    expect(admin.actor.getSnapshot().context.viewAsProvider).toBe(false);

    const provider = start({ restored: user('provider') });
    await waitFor(provider.actor, (s) => s.matches('signedIn'));
    provider.actor.send({ type: 'session.toggleViewAsProvider' });
    expect(provider.actor.getSnapshot().context.viewAsProvider).toBe(false);
  });

  it('logout signs out of the identity service and resets the user state', async () => {
    const { actor, ended, signOuts } = start({ restored: null });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signedIn', user: user('admin') });
    actor.send({ type: 'session.toggleViewAsProvider' });
    actor.send({ type: 'session.logout' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context).toEqual({ user: null, isAdmin: false, viewAsProvider: false, notice: null });
    expect(signOuts()).toBe(1);
    expect(ended).toEqual(['logout']);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(sessionMachine, {
      events: {
        'session.signedIn': [
          { type: 'session.signedIn', user: user('admin') },
          { type: 'session.signedIn', user: user('user') },
        ],
        'session.logout': [{ type: 'session.logout' }],
        'session.toggleViewAsProvider': [{ type: 'session.toggleViewAsProvider' }],
      },
      outputs: {
        restore: [user('admin'), user('provider'), null],
        refresh: [user('admin', 't2'), user('user')],
      },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
