/**
 * What the console reports to the audit trail as the session changes: a sign-in (not a reload that
 * restores one), an admin starting and stopping viewing as a provider, and the provider every request then
 * names in X-Viewing-As. A report that fails is dropped.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuditClientEvent } from '../../../src/api/audit/audit-events';
import type { IdentityUser } from '../../../src/api/auth/identity';
import { reportSessionEvents, viewingAsOf } from '../../../src/app/session-audit';
import type { RestoredSession } from '../../../src/domain/auth/session';
import { sessionMachine } from '../../../src/machines/auth/session.machine';

const HOUR = 3_600_000;
const NOW = 1_750_000_000_000;

const user = (uid: string, role: string): IdentityUser => ({
  uid,
  email: `${uid}@upkeep.test`,
  role,
  expiresAt: NOW + HOUR,
  idToken: `token-${uid}`,
});
const admin = user('a1', 'admin');

function start(restored: RestoredSession | null = null, fail = false) {
  let signOuts = 0;
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise(async () => restored),
        refresh: fromPromise(async () => admin),
        signOut: fromPromise(async () => {
          signOuts += 1;
        }),
      },
    }),
  );
  const reported: AuditClientEvent[] = [];
  reportSessionEvents(session, async (event) => {
    reported.push(event);
    if (fail) throw new Error('offline');
  });
  session.start();
  const settled = () => waitFor(session, (s) => !s.hasTag('pending'));
  return {
    session,
    reported,
    settled,
    signOuts: () => signOuts,
    viewingAs: () => viewingAsOf(session.getSnapshot()),
  };
}

describe('session events in the audit trail', () => {
  it('a sign-in is reported once; viewing as a provider is reported when it starts and ends', async () => {
    const { session, reported, settled, viewingAs } = start();
    await settled();
    session.send({ type: 'session.signedIn', user: admin, now: NOW });
    expect(reported).toEqual([{ kind: 'sign-in' }]);
    expect(viewingAs()).toBeNull();
    session.send({ type: 'session.viewAsProvider', providerId: 3 });
    expect(viewingAs()).toBe(3);
    session.send({ type: 'session.switchProvider', providerId: 3 });
    session.send({ type: 'session.viewAsProvider', providerId: 5 });
    expect(viewingAs()).toBe(5);
    session.send({ type: 'session.openAdminPage' });
    expect(viewingAs()).toBeNull();
    expect(reported).toEqual([
      { kind: 'sign-in' },
      { kind: 'view-as-start', providerId: 3 },
      { kind: 'view-as-end', providerId: 3 },
      { kind: 'view-as-start', providerId: 5 },
      { kind: 'view-as-end', providerId: 5 },
    ]);
  });

  it('a reload that restores the session (viewing as a provider) reports nothing; leaving view-as does', async () => {
    const { session, reported, settled, viewingAs } = start({
      user: admin,
      viewAsProvider: true,
      providerId: 7,
      now: NOW,
    });
    await settled();
    expect(viewingAs()).toBe(7);
    expect(reported).toEqual([]);
    session.send({ type: 'session.viewAsAdmin' });
    expect(reported).toEqual([{ kind: 'view-as-end', providerId: 7 }]);
  });

  it('a provider signing in is reported; a provider is never viewing as one', async () => {
    const { session, reported, settled, viewingAs } = start();
    await settled();
    session.send({ type: 'session.signedIn', user: user('p1', 'provider'), now: NOW });
    session.send({ type: 'session.switchProvider', providerId: 2 });
    expect(viewingAs()).toBeNull();
    expect(reported).toEqual([{ kind: 'sign-in' }]);
  });

  it('signing in as someone else while signed in is a sign-in; a failed report changes nothing', async () => {
    const { session, reported, settled, signOuts } = start(null, true);
    await settled();
    session.send({ type: 'session.signedIn', user: admin, now: NOW });
    session.send({ type: 'session.signedIn', user: user('a2', 'admin'), now: NOW });
    await Promise.resolve();
    expect(reported).toEqual([{ kind: 'sign-in' }, { kind: 'sign-in' }]);
    expect(session.getSnapshot().matches('signedIn')).toBe(true);
    session.send({ type: 'session.logout' });
    await settled();
    expect(signOuts()).toBe(1);
    expect(reported).toHaveLength(2);
  });
});
