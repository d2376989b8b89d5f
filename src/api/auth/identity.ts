/**
 * The identity service (Firebase Auth): sign in, reset, sign out, refresh. The emulator is used when
 * configured; a real project is only configuration. Errors come out as IdentityError with the service's code.
 */
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
import type { TokenClaims } from '../../domain/auth/session';

export interface IdentityConfig {
  apiKey: string;
  projectId: string;
  authDomain?: string | undefined;
  emulatorUrl?: string | undefined;
}

/** A signed-in user: the ID token and its claims (uid, email, the `role` claim as issued, expiry in ms). */
export type IdentityUser = TokenClaims & { idToken: string };

export class IdentityError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

export interface Identity {
  signIn(email: string, password: string): Promise<IdentityUser>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /** The user the identity service still holds (after a reload), or null. */
  restore(): Promise<IdentityUser | null>;
  /** A fresh token for the current user; `force` asks the service for a new one. */
  refresh(force: boolean): Promise<IdentityUser>;
}

function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : 'unknown';
  const message = error instanceof Error ? error.message : String(error);
  return new IdentityError(code, message);
}

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

export function createFirebaseIdentity(config: IdentityConfig): Identity {
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
