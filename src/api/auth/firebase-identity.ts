/** The Firebase Auth client behind `Identity` (loaded apart from the first load: see ./identity). */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  initializeAuth,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  type Auth,
  type User,
} from 'firebase/auth';
import {
  IdentityError,
  toIdentityError,
  type Identity,
  type IdentityConfig,
  type IdentityUser,
} from './identity';

async function describe(user: User, force = false): Promise<IdentityUser> {
  const result = await user.getIdTokenResult(force);
  return {
    uid: user.uid,
    email: user.email,
    idToken: result.token,
    role: result.claims['role'],
    expiresAt: Date.parse(result.expirationTime),
  };
}

export function connectFirebase(config: IdentityConfig): Identity {
  const app: FirebaseApp = initializeApp({
    apiKey: config.apiKey,
    projectId: config.projectId,
    authDomain: config.authDomain ?? `${config.projectId}.firebaseapp.com`,
  });
  const auth: Auth = initializeAuth(app, { persistence: browserLocalPersistence });
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });

  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toIdentityError(error);
    }
  };

  return {
    signIn: (email, password) =>
      guard(async () => describe((await signInWithEmailAndPassword(auth, email, password)).user)),
    signOut: () => guard(() => firebaseSignOut(auth)),
    sendPasswordReset: (email) => guard(() => sendPasswordResetEmail(auth, email)),
    restore: () =>
      guard(async () => {
        await auth.authStateReady();
        return auth.currentUser ? describe(auth.currentUser) : null;
      }),
    refresh: (force) =>
      guard(async () => {
        await auth.authStateReady();
        if (!auth.currentUser) throw new IdentityError('auth/no-current-user', 'You are signed out.');
        return describe(auth.currentUser, force);
      }),
  };
}
