/**
 * The composition root ties the session to the stored state: the token under `idToken`, the view state in
 * the session slice, everything cleared when the session ends (onboarding included), and a reload restores
 * it, never with an expired token.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { Identity, IdentityUser } from '../../../src/api/auth/identity';
import { createPersistence, createSession } from '../../../src/app/context';
import type { KeyValueStorage } from '../../../src/app/storage';
import { STORAGE_KEYS } from '../../../src/domain/shared/persistence';

const HOUR = 3_600_000;
const NOW = 1_750_000_000_000;

function token(payload: Record<string, unknown>) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none' })}.${part(payload)}.`;
}

const adminToken = token({ sub: 'a1', email: 'ada@upkeep.test', role: 'admin', exp: (NOW + HOUR) / 1000 });
const admin: IdentityUser = {
  uid: 'a1',
  email: 'ada@upkeep.test',
  role: 'admin',
  expiresAt: NOW + HOUR,
  idToken: adminToken,
};

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function identity(): Identity & { signOuts: number } {
  const fake = {
    signOuts: 0,
    signIn: async () => admin,
    signOut: async () => {
      fake.signOuts += 1;
    },
    sendPasswordReset: async () => undefined,
    restore: async () => null,
    refresh: async () => admin,
  };
  return fake;
}

function boot(storage: KeyValueStorage, now = NOW) {
  const id = identity();
  const persistence = createPersistence(storage);
  const session = createSession(id, persistence, () => now);
  persistence.start();
  session.start();
  const settled = () =>
    Promise.all([
      waitFor(session, (s) => !s.hasTag('pending')),
      waitFor(persistence, (s) => s.matches('ready')),
    ]);
  return { id, persistence, session, settled };
}

describe('session and stored state', () => {
  it('signing in stores the token as idToken and the view state; a reload restores both', async () => {
    const storage = memoryStorage();
    const first = boot(storage);
    await first.settled();
    first.session.send({ type: 'session.signedIn', user: admin, now: NOW });
    first.session.send({ type: 'session.viewAsProvider', providerId: 3 });
    await first.settled();
    expect(storage.data.get(STORAGE_KEYS.idToken)).toBe(adminToken);
    expect(JSON.parse(storage.data.get(STORAGE_KEYS.state)!)).toEqual({
      version: 1,
      slices: { session: { uid: 'a1', isAdmin: true, viewAsProvider: true, providerId: 3 } },
    });

    const second = boot(storage);
    await second.settled();
    expect(second.session.getSnapshot().context).toMatchObject({
      user: { uid: 'a1', role: 'admin', idToken: adminToken },
      isAdmin: true,
      viewAsProvider: true,
      providerId: 3,
    });
  });

  it('logout clears the token and every slice (aborting onboarding) and signs out', async () => {
    const storage = memoryStorage();
    const app = boot(storage);
    await app.settled();
    app.session.send({ type: 'session.signedIn', user: admin, now: NOW });
    app.persistence.send({
      type: 'slice.update',
      slice: 'onboarding',
      value: { strategy: 'MANUAL', reached: 2, credentials: { username: 'glow', password: 'typed-secret' } },
    });
    await app.settled();
    expect(storage.data.get(STORAGE_KEYS.state)).toContain('"onboarding"');
    expect(storage.data.get(STORAGE_KEYS.state)).not.toContain('typed-secret');

    app.session.send({ type: 'session.logout' });
    await app.settled();
    expect(app.session.getSnapshot().value).toBe('signedOut');
    expect([...storage.data.keys()]).toEqual([]);
    expect(app.id.signOuts).toBe(1);
  });

  it('an expired stored token is not signed in: it is cleared with a notice', async () => {
    const storage = memoryStorage({ [STORAGE_KEYS.idToken]: adminToken });
    const app = boot(storage, NOW + 2 * HOUR);
    await app.settled();
    expect(app.session.getSnapshot().value).toBe('signedOut');
    expect(app.session.getSnapshot().context.notice).toBe('Your session has expired. Please sign in again.');
    await waitFor(app.persistence, (s) => s.matches('ready') && s.context.state.idToken === null);
    expect([...storage.data.keys()]).toEqual([]);
    expect(app.id.signOuts).toBe(1);
  });

  it('unreadable storage starts signed out', async () => {
    const storage = memoryStorage({ [STORAGE_KEYS.idToken]: 'garbage', [STORAGE_KEYS.state]: '{' });
    const app = boot(storage);
    await app.settled();
    expect(app.session.getSnapshot().value).toBe('signedOut');
  });
});
