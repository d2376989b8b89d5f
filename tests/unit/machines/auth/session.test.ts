import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { IdentityUser } from '../../../../src/api/auth/identity';
import { SESSION_NOTICES, VIEW_AS_NOTICES } from '../../../../src/domain/shared/messages';
import type { RestoredSession } from '../../../../src/domain/auth/session';
import { sessionMachine, type SessionEndReason } from '../../../../src/machines/auth/session.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const NOW = 1_750_000_000_000;
const HOUR = 3_600_000;

const user = (role: unknown, idToken = 't1', expiresAt = NOW + HOUR): IdentityUser => ({
  uid: 'u1',
  email: 'a@upkeep.test',
  idToken,
  role,
  expiresAt,
});

const restored = (
  who: IdentityUser,
  view: Partial<Pick<RestoredSession, 'viewAsProvider' | 'providerId'>> = {},
): RestoredSession => ({ user: who, viewAsProvider: false, providerId: null, now: NOW, ...view });

function start(options: { restored: RestoredSession | null; refresh?: () => Promise<IdentityUser> }) {
  const clock = new SimulatedClock();
  let signOuts = 0;
  let refreshes = 0;
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise(async () => options.restored),
        refresh: fromPromise(async () => {
          refreshes += 1;
          return (options.refresh ?? (async () => user('admin', 't2', NOW + 2 * HOUR)))();
        }),
        signOut: fromPromise(async () => {
          signOuts += 1;
        }),
      },
    }),
    { clock },
  );
  const ended: SessionEndReason[] = [];
  actor.on('session.ended', (event) => ended.push(event.reason));
  actor.start();
  return { actor, clock, ended, signOuts: () => signOuts, refreshes: () => refreshes };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.hasTag('pending') && !s.matches({ signedIn: 'refreshing' }));

describe('session machine', () => {
  it('restores an admin with their view state from the stored token', async () => {
    const { actor } = start({ restored: restored(user('admin'), { viewAsProvider: true, providerId: 7 }) });
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(snapshot.context).toMatchObject({
      authResolved: true,
      isAdmin: true,
      viewAsProvider: true,
      providerId: 7,
      notice: null,
    });
  });

  it('never restores a provider as viewing as provider (only admins can)', async () => {
    const { actor } = start({
      restored: restored(user('provider'), { viewAsProvider: true, providerId: 3 }),
    });
    const snapshot = await waitFor(actor, (s) => s.matches('signedIn'));
    expect(snapshot.context).toMatchObject({ isAdmin: false, viewAsProvider: false, providerId: 3 });
  });

  it('is signed out when nothing was stored, without signing out of the identity service', async () => {
    const { actor, signOuts, ended } = start({ restored: null });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.user).toBeNull();
    expect(signOuts()).toBe(0);
    expect(ended).toEqual([]);
  });

  it('never treats an expired stored token as signed in: it is cleared with a notice', async () => {
    const { actor, signOuts, ended } = start({ restored: restored(user('admin', 't1', NOW - 1)) });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context).toMatchObject({
      user: null,
      authResolved: false,
      notice: SESSION_NOTICES.expired,
    });
    expect(signOuts()).toBe(1);
    expect(ended).toEqual(['expired']);
  });

  it('a token expiring exactly now counts as expired', async () => {
    const { actor } = start({ restored: restored(user('admin', 't1', NOW)) });
    await waitFor(actor, (s) => s.matches('signedOut'));
  });

  it('clears a stored token of a role that may not use the console, silently', async () => {
    const { actor, signOuts, ended } = start({ restored: restored(user('user')) });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context).toMatchObject({ user: null, notice: null });
    expect(signOuts()).toBe(1);
    expect(ended).toEqual(['rejected']);
  });

  it('refreshes at once when the restored token expires within 5 minutes', async () => {
    const { actor, refreshes } = start({ restored: restored(user('admin', 't1', NOW + 300_000)) });
    const snapshot = await waitFor(actor, (s) => s.matches({ signedIn: 'current' }));
    expect(snapshot.context.user?.idToken).toBe('t2');
    expect(refreshes()).toBe(1);
  });

  it('does not refresh at once when the token has more than 5 minutes left', async () => {
    const { actor, refreshes } = start({ restored: restored(user('admin', 't1', NOW + 300_001)) });
    const snapshot = await waitFor(actor, (s) => s.matches({ signedIn: 'current' }));
    expect(snapshot.context.user?.idToken).toBe('t1');
    expect(refreshes()).toBe(0);
  });

  it('at sign-in: accepts admin and provider with a live token, refreshing one that expires soon', async () => {
    const { actor, refreshes } = start({ restored: null });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signedIn', user: user('provider', 't1', NOW + 60_000), now: NOW });
    expect(actor.getSnapshot().matches({ signedIn: 'refreshing' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ signedIn: 'current' }));
    expect(refreshes()).toBe(1);
  });

  it('at sign-in: ignores another role or an expired token', async () => {
    const { actor } = start({ restored: null });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signedIn', user: user('user'), now: NOW });
    actor.send({ type: 'session.signedIn', user: user('admin', 't1', NOW - 1), now: NOW });
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('refreshes the token every 5 minutes (300000 ms) on the simulated clock', async () => {
    const { actor, clock, refreshes } = start({ restored: restored(user('admin')) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    clock.increment(299_999);
    expect(refreshes()).toBe(0);
    clock.increment(1);
    const snapshot = await waitFor(
      actor,
      (s) => s.matches({ signedIn: 'current' }) && s.context.user?.idToken === 't2',
    );
    expect(snapshot.context.isAdmin).toBe(true);
    expect(refreshes()).toBe(1);
    clock.increment(300_000);
    await waitFor(actor, () => refreshes() === 2);
  });

  it('a refresh that fails signs the user out with a clear notice, and they can sign back in', async () => {
    const { actor, clock, ended, signOuts } = start({
      restored: restored(user('provider')),
      refresh: () => Promise.reject(new Error('token revoked')),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    clock.increment(300_000);
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context).toEqual({
      user: null,
      authResolved: false,
      isAdmin: false,
      viewAsProvider: false,
      providerId: null,
      notice: SESSION_NOTICES.refreshFailed,
      ending: null,
    });
    expect(ended).toEqual(['refreshFailed']);
    expect(signOuts()).toBe(1);

    actor.send({ type: 'session.signedIn', user: user('provider'), now: NOW });
    expect(actor.getSnapshot().context).toMatchObject({ authResolved: true, notice: null });
  });

  it('a refresh that comes back with another role ends the session', async () => {
    const { actor, clock, ended } = start({
      restored: restored(user('admin')),
      refresh: async () => user('user', 't2'),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    clock.increment(300_000);
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.notice).toBe(SESSION_NOTICES.roleRevoked);
    expect(ended).toEqual(['roleRevoked']);
  });

  it('a refresh that demotes an admin to provider ends viewing as provider', async () => {
    const { actor, clock } = start({
      restored: restored(user('admin'), { viewAsProvider: true }),
      refresh: async () => user('provider', 't2'),
    });
    await waitFor(actor, (s) => s.matches('signedIn'));
    clock.increment(300_000);
    const snapshot = await waitFor(actor, (s) => s.context.user?.idToken === 't2');
    expect(snapshot.context).toMatchObject({ isAdmin: false, viewAsProvider: false });
  });

  it('session.check signs out a token that has expired since (e.g. the computer slept)', async () => {
    const { actor, ended } = start({ restored: restored(user('admin')) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.check', now: NOW + HOUR - 1 });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    actor.send({ type: 'session.check', now: NOW + HOUR });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context.notice).toBe(SESSION_NOTICES.expired);
    expect(ended).toEqual(['expired']);
  });

  it('session.rejected (the API refused the token) signs out with a notice to sign in again', async () => {
    const { actor, ended, signOuts } = start({ restored: restored(user('admin'), { viewAsProvider: true }) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.rejected' });
    const snapshot = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(snapshot.context).toMatchObject({ user: null, viewAsProvider: false });
    expect(snapshot.context.notice).toBe(SESSION_NOTICES.accessChanged);
    expect(ended).toEqual(['accessChanged']);
    expect(signOuts()).toBe(1);
    // Signed out already: a late refusal of another request changes nothing.
    actor.send({ type: 'session.rejected' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(ended).toEqual(['accessChanged']);
  });

  it('signing in again while signed in replaces the user and resets the view', async () => {
    const { actor } = start({ restored: restored(user('admin'), { viewAsProvider: true, providerId: 2 }) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.signedIn', user: { ...user('provider', 't9'), uid: 'u2' }, now: NOW });
    expect(actor.getSnapshot().context).toMatchObject({
      user: { uid: 'u2', idToken: 't9' },
      isAdmin: false,
      viewAsProvider: false,
      providerId: null,
    });
    actor.send({ type: 'session.signedIn', user: user('user', 't10'), now: NOW });
    expect(actor.getSnapshot().context.user?.idToken).toBe('t9');
  });

  it('leaves view-as with a notice when an admin-only page opens, and only then', async () => {
    const { actor } = start({ restored: restored(user('admin'), { viewAsProvider: true, providerId: 2 }) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    const notices: string[] = [];
    actor.on('notify', (event) => notices.push(`${event.level}: ${event.message}`));
    actor.send({ type: 'session.openAdminPage' });
    expect(actor.getSnapshot().context).toMatchObject({ viewAsProvider: false, providerId: 2 });
    expect(notices).toEqual([`info: ${VIEW_AS_NOTICES.leftForAdminPage}`]);
    actor.send({ type: 'session.openAdminPage' });
    expect(notices).toHaveLength(1);

    const provider = start({ restored: restored(user('provider')) });
    await waitFor(provider.actor, (s) => s.matches('signedIn'));
    provider.actor.on('notify', () => notices.push('provider'));
    provider.actor.send({ type: 'session.openAdminPage' });
    expect(notices).toHaveLength(1);
  });

  it('lets only an admin view as provider, and back', async () => {
    const admin = start({ restored: restored(user('admin')) });
    await waitFor(admin.actor, (s) => s.matches('signedIn'));
    admin.actor.send({ type: 'session.viewAsProvider', providerId: 4 });
    expect(admin.actor.getSnapshot().context).toMatchObject({ viewAsProvider: true, providerId: 4 });
    admin.actor.send({ type: 'session.viewAsProvider', providerId: null });
    expect(admin.actor.getSnapshot().context).toMatchObject({ viewAsProvider: true, providerId: 4 });
    admin.actor.send({ type: 'session.viewAsAdmin' });
    expect(admin.actor.getSnapshot().context).toMatchObject({ viewAsProvider: false, providerId: 4 });

    const provider = start({ restored: restored(user('provider')) });
    await waitFor(provider.actor, (s) => s.matches('signedIn'));
    provider.actor.send({ type: 'session.viewAsProvider', providerId: 4 });
    expect(provider.actor.getSnapshot().context).toMatchObject({ viewAsProvider: false, providerId: null });
  });

  it('a provider switches between their providers', async () => {
    const { actor } = start({ restored: restored(user('provider')) });
    await waitFor(actor, (s) => s.matches('signedIn'));
    actor.send({ type: 'session.switchProvider', providerId: 9 });
    expect(actor.getSnapshot().context.providerId).toBe(9);
  });

  it('logout signs out of the identity service and resets the user state', async () => {
    const { actor, ended, signOuts } = start({ restored: null });
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'session.signedIn', user: user('admin'), now: NOW });
    actor.send({ type: 'session.viewAsProvider', providerId: 2 });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.context).toEqual({
      user: null,
      authResolved: false,
      isAdmin: false,
      viewAsProvider: false,
      providerId: null,
      notice: null,
      ending: null,
    });
    expect(signOuts()).toBe(1);
    expect(ended).toEqual(['logout']);
  });

  it('walks every state and transition', async () => {
    const live = user('admin');
    const report = await coverMachine(sessionMachine, {
      events: {
        'session.signedIn': [
          { type: 'session.signedIn', user: user('admin'), now: NOW },
          { type: 'session.signedIn', user: user('provider', 't1', NOW + 1000), now: NOW },
          { type: 'session.signedIn', user: user('user'), now: NOW },
        ],
        'session.logout': [{ type: 'session.logout' }],
        'session.rejected': [{ type: 'session.rejected' }],
        'session.check': [
          { type: 'session.check', now: NOW },
          { type: 'session.check', now: NOW + HOUR },
        ],
        'session.viewAsProvider': [{ type: 'session.viewAsProvider', providerId: 1 }],
        'session.viewAsAdmin': [{ type: 'session.viewAsAdmin' }],
        'session.openAdminPage': [{ type: 'session.openAdminPage' }],
        'session.switchProvider': [{ type: 'session.switchProvider', providerId: 2 }],
      },
      outputs: {
        restore: [
          null,
          restored(live),
          restored(user('provider', 't1', NOW + 1000)),
          restored(user('admin', 't1', NOW - 1)),
          restored(user('user')),
        ],
        refresh: [user('admin', 't2'), user('user')],
      },
      // Tokens and the provider shown do not change what the chart can do next; viewing as provider does
      // (an admin page then leaves it).
      serializeState: (snapshot) =>
        JSON.stringify([
          snapshot.value,
          snapshot.context.isAdmin,
          snapshot.context.viewAsProvider,
          snapshot.context.user?.role ?? null,
          snapshot.context.user?.expiresAt ?? null,
        ]),
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
