/**
 * The identity service as the API needs it: verify a Firebase ID token, and make sure an account exists
 * with a role claim (for demo and test accounts). Implemented with firebase-admin; it talks to the Auth
 * emulator when FIREBASE_AUTH_EMULATOR_HOST is set in the process environment (env.ts decides whether that
 * is allowed).
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { CLAIM_ROLES, type ClaimRole } from '../src/domain/roles';

export interface VerifiedToken {
  uid: string;
  email?: string;
  /** From the `role` custom claim; undefined when absent or not a known role. */
  role?: ClaimRole;
}

export interface AccountInput {
  email: string;
  password: string;
  role: ClaimRole;
  displayName: string;
}

export interface Identity {
  /** Resolves the token's identity; rejects with InvalidTokenError when the token is not acceptable. */
  verifyIdToken(token: string): Promise<VerifiedToken>;
  /** Creates the account if missing (an existing one keeps its password), always sets `{ role }`; → uid. */
  ensureAccount(input: AccountInput): Promise<string>;
}

/** The token was rejected (malformed, expired, revoked, wrong project, user gone): the caller's fault. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
  constructor(
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`Invalid ID token: ${reason}`, options);
  }
}

// Every other failure (network, misconfiguration) is ours and must not be reported as "bad token".
const REJECTED_TOKEN_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-id-token',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function toRole(value: unknown): ClaimRole | undefined {
  return CLAIM_ROLES.find((role) => role === value);
}

export function createFirebaseIdentity({ projectId }: { projectId: string }): Identity {
  // A named app per project, so tests and the server can hold several without clashing on "[DEFAULT]".
  const name = `upkeep-${projectId}`;
  const app: App = getApps().find((existing) => existing.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);

  return {
    async verifyIdToken(token) {
      try {
        const decoded = await auth.verifyIdToken(token);
        const role = toRole(decoded['role']);
        return {
          uid: decoded.uid,
          ...(decoded.email !== undefined && { email: decoded.email }),
          ...(role !== undefined && { role }),
        };
      } catch (error) {
        const code = errorCode(error);
        if (code !== undefined && REJECTED_TOKEN_CODES.has(code)) {
          throw new InvalidTokenError(code.replace('auth/', ''), { cause: error });
        }
        throw error;
      }
    },

    async ensureAccount({ email, password, role, displayName }) {
      // Another process may create the same account between our lookup and our create.
      const createOrFind = async () => {
        try {
          return (await auth.createUser({ email, password, displayName, emailVerified: true })).uid;
        } catch (error) {
          if (errorCode(error) !== 'auth/email-already-exists') throw error;
          return (await auth.getUserByEmail(email)).uid;
        }
      };
      let uid: string;
      try {
        uid = (await auth.getUserByEmail(email)).uid;
      } catch (error) {
        if (errorCode(error) !== 'auth/user-not-found') throw error;
        uid = await createOrFind();
      }
      await auth.setCustomUserClaims(uid, { role });
      return uid;
    },
  };
}
