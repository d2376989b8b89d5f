/**
 * The composition root: one identity client, one API client, one persistence actor and one session actor
 * for the app, handed to routes through the router context (tests build their own with other
 * implementations).
 *
 * The session and the stored state are tied together here: every change of the session's token or view
 * state is written through the persistence machine (the token under `idToken`), and the end of a session
 * clears the whole stored state, which also aborts any onboarding in progress.
 */
import { createNoticeInbox, type NoticeInbox } from './notice-inbox';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { createApiClient, type ApiClient } from '../api/client';
import { recordAuditEvent } from '../api/audit/audit-events';
import { createFirebaseIdentity, IdentityError, type Identity } from '../api/auth/identity';
import type { ClientEnv } from '../config/env';
import { restoreSession, SESSION_SLICE, toStoredSession } from '../domain/auth/session';
import { persistenceMachine } from '../machines/auth/persistence.machine';
import { STORED_SLICE_READERS } from '../domain/shared/stored-slices';
import { sessionMachine } from '../machines/auth/session.machine';
import { browserStorage, readStoredState, writeStoredState, type KeyValueStorage } from './storage';
import { reportSessionEvents, viewingAsOf } from './session-audit';

export interface AppContext {
  env: ClientEnv;
  identity: Identity;
  api: ApiClient;
  session: ActorRefFrom<typeof sessionMachine>;
  persistence: ActorRefFrom<typeof persistenceMachine>;
  /** The session's notices, kept until the console frame shows them. */
  sessionNotices: NoticeInbox;
}

export function createPersistence(storage: KeyValueStorage) {
  const persistence = createActor(
    persistenceMachine.provide({
      actors: {
        load: fromPromise(async () => readStoredState(storage)),
        save: fromPromise(async ({ input }) => writeStoredState(storage, input)),
      },
    }),
    { input: { readers: STORED_SLICE_READERS } },
  );
  persistence.on('persistence.failed', (event) =>
    console.warn(
      `Stored state could not be ${event.operation === 'load' ? 'read' : 'written'}:`,
      event.message,
    ),
  );
  return persistence;
}

export function createSession(
  identity: Identity,
  persistence: ActorRefFrom<typeof persistenceMachine>,
  now: () => number = Date.now,
) {
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise(async () => {
          const ready = await waitFor(persistence, (s) => !s.hasTag('pending'));
          const { idToken, slices } = ready.context.state;
          return restoreSession(idToken, slices[SESSION_SLICE], now());
        }),
        refresh: fromPromise(async () => {
          const current = session.getSnapshot().context.user;
          const fresh = await identity.refresh(true);
          // The identity service may hold someone else after a sign-in in another tab.
          if (current && fresh.uid !== current.uid)
            throw new IdentityError('auth/user-mismatch', 'Another account is signed in.');
          return fresh;
        }),
        signOut: fromPromise(() => identity.signOut()),
      },
    }),
  );

  let storedToken: string | null | undefined;
  let storedSlice: string | undefined;
  session.subscribe((snapshot) => {
    // Until the stored state has been read back, there is nothing new to write.
    if (snapshot.matches('resolving')) return;
    const token = snapshot.context.user?.idToken ?? null;
    if (token !== storedToken) {
      storedToken = token;
      persistence.send({ type: 'token.update', idToken: token });
    }
    const slice = toStoredSession(snapshot.context);
    const text = JSON.stringify(slice);
    if (text !== storedSlice) {
      storedSlice = text;
      persistence.send({ type: 'slice.update', slice: SESSION_SLICE, value: slice });
    }
  });
  session.on('session.ended', () => {
    storedToken = null;
    storedSlice = JSON.stringify(null);
    persistence.send({ type: 'state.clear' });
  });
  return session;
}

export function createAppContext(env: ClientEnv): AppContext {
  const identity = createFirebaseIdentity({
    apiKey: env.VITE_FIREBASE_API_KEY,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    emulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR_URL,
  });
  const persistence = createPersistence(browserStorage());
  const session = createSession(identity, persistence);
  const sessionNotices = createNoticeInbox(session);
  // The session keeps its token fresh (every 5 minutes); calls carry the current one.
  const api = createApiClient({
    baseURL: env.VITE_API_URL,
    getToken: async () => session.getSnapshot().context.user?.idToken ?? null,
    // The API refused the token (the person's access changed): end the session, back to sign-in.
    onUnauthenticated: () => session.send({ type: 'session.rejected' }),
    getViewingAs: () => viewingAsOf(session.getSnapshot()),
  });
  persistence.start();
  session.start();
  reportSessionEvents(session, recordAuditEvent(api));
  return { env, identity, api, session, persistence, sessionNotices };
}
