/**
 * The identity service (Firebase Auth): sign in, reset, sign out, refresh. The emulator is used when
 * configured; a real project is only configuration. Errors come out as IdentityError with the service's code.
 *
 * The Firebase client (./firebase-identity) is fetched as soon as the identity is made but not with the first
 * load: /login paints without it, and every call waits for it.
 */
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

export function toIdentityError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : 'unknown';
  const message = error instanceof Error ? error.message : String(error);
  return new IdentityError(code, message);
}

export function createFirebaseIdentity(config: IdentityConfig): Identity {
  let client: Promise<Identity> | undefined;
  const load = () =>
    (client ??= import('./firebase-identity').then(
      (module) => module.connectFirebase(config),
      (error: unknown) => {
        client = undefined; // a failed fetch is tried again by the next call
        throw toIdentityError(error);
      },
    ));
  load().catch(() => undefined);
  return {
    signIn: async (email, password) => (await load()).signIn(email, password),
    signOut: async () => (await load()).signOut(),
    sendPasswordReset: async (email) => (await load()).sendPasswordReset(email),
    restore: async () => (await load()).restore(),
    refresh: async (force) => (await load()).refresh(force),
  };
}
