/**
 * The composition root: one identity client, one API client and one session actor for the app, handed to
 * routes through the router context (tests build their own with other implementations).
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { createApiClient, type ApiClient } from '../api/client';
import { createFirebaseIdentity, type Identity } from '../api/identity';
import type { ClientEnv } from '../config/env';
import { sessionMachine } from '../machines/session.machine';

export interface AppContext {
  env: ClientEnv;
  identity: Identity;
  api: ApiClient;
  session: ActorRefFrom<typeof sessionMachine>;
}

export function createAppContext(env: ClientEnv): AppContext {
  const identity = createFirebaseIdentity({
    apiKey: env.VITE_FIREBASE_API_KEY,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    emulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR_URL,
  });
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise(() => identity.restore()),
        refresh: fromPromise(() => identity.refresh(true)),
        signOut: fromPromise(() => identity.signOut()),
      },
    }),
  );
  const api = createApiClient({
    baseURL: env.VITE_API_URL,
    getToken: async () => {
      const user = session.getSnapshot().context.user;
      if (!user) return null;
      // The identity service hands back its cached token until it is close to expiry.
      return (await identity.refresh(false)).idToken;
    },
  });
  session.start();
  return { env, identity, api, session };
}
