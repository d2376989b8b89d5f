/**
 * The identity service as the API needs it: verify a Firebase ID token, and make sure an account exists
 * with a role claim (for demo and test accounts). Implemented with firebase-admin; it talks to the Auth
 * emulator when FIREBASE_AUTH_EMULATOR_HOST is set in the process environment (env.ts decides whether that
 * is allowed).
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { CLAIM_ROLES, type ClaimRole } from '../src/domain/auth/roles';
import { VerifiedTokens } from './identity-tokens';

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
  // Account administration (users screen). Optional so test doubles that only verify tokens or seed need not
  // implement them; the firebase-admin implementation has them all, and accountAdmin(identity) requires them.
  /** The account with this uid, or null when there is none. */
  getAccount?(uid: string): Promise<AccountInfo | null>;
  /** Replaces the custom claims; a new `role` takes effect at the user's next token refresh or sign-in. */
  setCustomClaims?(uid: string, claims: Record<string, unknown>): Promise<void>;
  /** Changes email, password or display name; rejects with AccountChangeRejected for unacceptable input. */
  updateAccount?(uid: string, changes: AccountChanges): Promise<void>;
  /** Disables the account and revokes its refresh tokens: it can no longer sign in or refresh. */
  disableAccount?(uid: string): Promise<void>;
  /** Undoes disableAccount (used to compensate when the database change that went with it failed). */
  enableAccount?(uid: string): Promise<void>;
  // Registration with a provider invite (server/providers/invites.routes.ts).
  /** Creates a new account with `{ role }`; rejects with AccountExistsError when the email is taken; → uid. */
  createAccount?(input: NewAccountInput): Promise<string>;
  /** Deletes an account (rolls back a registration whose database write failed). */
  deleteAccount?(uid: string): Promise<void>;
  // Reconciliation (server/identity-sync/reconciler.ts).
  /** One page of accounts (up to 1000); `next` is the token of the following page, if any. */
  listAccounts?(pageToken?: string): Promise<{ accounts: AccountInfo[]; next?: string }>;
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

/** The identity service's error code (`auth/…`, `app/…`) of what a call threw, when it carries one. */
export function identityErrorCode(error: unknown): string | undefined {
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

  const verified = new VerifiedTokens();

  return {
    async verifyIdToken(token) {
      const known = verified.get(token);
      if (known) return known;
      try {
        const decoded = await auth.verifyIdToken(token);
        const role = toRole(decoded['role']);
        const caller: VerifiedToken = {
          uid: decoded.uid,
          ...(decoded.email !== undefined && { email: decoded.email }),
          ...(role !== undefined && { role }),
        };
        verified.set(token, caller, decoded.exp * 1000);
        return caller;
      } catch (error) {
        const code = identityErrorCode(error);
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
          if (identityErrorCode(error) !== 'auth/email-already-exists') throw error;
          return (await auth.getUserByEmail(email)).uid;
        }
      };
      let uid: string;
      try {
        uid = (await auth.getUserByEmail(email)).uid;
      } catch (error) {
        if (identityErrorCode(error) !== 'auth/user-not-found') throw error;
        uid = await createOrFind();
      }
      await auth.setCustomUserClaims(uid, { role });
      return uid;
    },

    async getAccount(uid) {
      try {
        const record = await auth.getUser(uid);
        return {
          uid: record.uid,
          email: record.email ?? null,
          disabled: record.disabled,
          customClaims: { ...record.customClaims },
        };
      } catch (error) {
        if (identityErrorCode(error) === 'auth/user-not-found') return null;
        throw error;
      }
    },

    async setCustomClaims(uid, claims) {
      await auth.setCustomUserClaims(uid, claims);
    },

    async updateAccount(uid, { email, password, displayName }) {
      try {
        await auth.updateUser(uid, {
          ...(email !== undefined && { email }),
          ...(password !== undefined && { password }),
          ...(displayName !== undefined && { displayName }),
        });
      } catch (error) {
        const code = identityErrorCode(error);
        if (code !== undefined && ACCOUNT_INPUT_CODES.has(code)) {
          throw new AccountChangeRejected(code, (error as Error).message, { cause: error });
        }
        throw error;
      }
    },

    async disableAccount(uid) {
      await auth.updateUser(uid, { disabled: true });
      await auth.revokeRefreshTokens(uid);
    },

    async enableAccount(uid) {
      await auth.updateUser(uid, { disabled: false });
    },

    async createAccount({ uid: chosen, email, password, role, displayName, claims, beforeClaims }) {
      let uid: string;
      try {
        uid = (
          await auth.createUser({
            ...(chosen !== undefined && { uid: chosen }),
            email,
            password,
            ...(displayName ? { displayName } : {}),
            emailVerified: false,
          })
        ).uid;
      } catch (error) {
        const code = identityErrorCode(error);
        if (code === 'auth/email-already-exists' || code === 'auth/uid-already-exists')
          throw new AccountExistsError(email, { cause: error });
        throw error;
      }
      await beforeClaims?.();
      try {
        await auth.setCustomUserClaims(uid, { ...claims, role });
      } catch (error) {
        // An account without its role is of no use to anyone: take it back.
        await auth.deleteUser(uid).catch(() => undefined);
        throw error;
      }
      return uid;
    },

    async listAccounts(pageToken) {
      const page = await auth.listUsers(1000, pageToken);
      return {
        accounts: page.users.map((record) => ({
          uid: record.uid,
          email: record.email ?? null,
          disabled: record.disabled,
          customClaims: { ...record.customClaims },
          ...(record.metadata.creationTime && { createdAt: new Date(record.metadata.creationTime) }),
        })),
        ...(page.pageToken !== undefined && { next: page.pageToken }),
      };
    },

    async deleteAccount(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if (identityErrorCode(error) !== 'auth/user-not-found') throw error;
      }
    },
  };
}

export interface AccountInfo {
  uid: string;
  email: string | null;
  disabled: boolean;
  customClaims: Record<string, unknown>;
  /** When the account was created, when the identity service says. */
  createdAt?: Date;
}

export interface AccountChanges {
  email?: string;
  password?: string;
  /** null removes it. */
  displayName?: string | null;
}

/** The identity service refused a change because of its input (e.g. the email belongs to another account). */
export class AccountChangeRejected extends Error {
  override name = 'AccountChangeRejected';
  constructor(
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const ACCOUNT_INPUT_CODES = new Set([
  'auth/email-already-exists',
  'auth/invalid-email',
  'auth/invalid-password',
  'auth/invalid-display-name',
]);

export type AccountAdmin = Required<
  Pick<Identity, 'getAccount' | 'setCustomClaims' | 'updateAccount' | 'disableAccount' | 'enableAccount'>
>;

/** The methods an identity service may leave out (test doubles that only verify tokens or seed). */
type OptionalMethod = { [K in keyof Identity]-?: undefined extends Identity[K] ? K : never }[keyof Identity];

/**
 * The named optional methods of an identity service, bound to it; throws when the service lacks one, saying
 * what it then cannot do (`purpose`) and the first and last names asked for.
 */
export function identityMethods<K extends OptionalMethod>(
  identity: Identity,
  names: readonly [K, ...K[]],
  purpose: string,
): Required<Pick<Identity, K>> {
  const methods: Partial<Record<K, unknown>> = {};
  for (const name of names) {
    const method = identity[name] as ((...args: never[]) => unknown) | undefined;
    if (!method) {
      throw new Error(`This identity service cannot ${purpose} (${names[0]} … ${names[names.length - 1]})`);
    }
    methods[name] = method.bind(identity);
  }
  return methods as Required<Pick<Identity, K>>;
}

/** The account-changing methods of an identity service; throws when an implementation lacks them. */
export const accountAdmin = (identity: Identity): AccountAdmin =>
  identityMethods(
    identity,
    ['getAccount', 'setCustomClaims', 'updateAccount', 'disableAccount', 'enableAccount'],
    'administer accounts',
  );

export interface NewAccountInput {
  /** The uid to create the account under (a create intent chose it); the service picks one otherwise. */
  uid?: string;
  email: string;
  password: string;
  role: ClaimRole;
  displayName?: string | null;
  /** Custom claims besides `role`. */
  claims?: Record<string, unknown>;
  /** Test-only (FAULT_PAUSE_AT): runs after the account is created, before its claims are set. */
  beforeClaims?: () => Promise<void>;
}

/** createAccount: an account with this email (or the chosen uid) already exists. */
export class AccountExistsError extends Error {
  override name = 'AccountExistsError';
  constructor(email: string, options?: ErrorOptions) {
    super(`An account already exists for ${email}`, options);
  }
}
