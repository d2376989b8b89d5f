/**
 * Session (01 §4): who is signed in, whether they are an admin, and whether an admin views the console
 * as a provider.
 *
 *   resolving ──restored [console role]──► signedIn ──after refreshInterval──► refreshing ──► signedIn
 *       └──(nobody / other role / error)──► signedOut ◄──error (notice)──┘
 *   signedOut ──session.signedIn──► signedIn ──session.logout──► signingOut ──► signedOut
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { TOKEN_REFRESH_INTERVAL_MS } from '../domain/constants';
import { isConsoleRole, type ConsoleRole } from '../domain/roles';
import type { IdentityUser } from '../api/identity';

export interface SessionUser extends IdentityUser {
  role: ConsoleRole;
}

export interface SessionContext {
  user: SessionUser | null;
  isAdmin: boolean;
  viewAsProvider: boolean;
  /** Why the user was signed out without asking (a failed refresh), shown on the sign-in page. */
  notice: string | null;
}

export type SessionEvent =
  | { type: 'session.signedIn'; user: IdentityUser }
  | { type: 'session.logout' }
  | { type: 'session.toggleViewAsProvider' };

export type SessionEmitted = { type: 'session.ended'; reason: 'logout' | 'refreshFailed' };

export const SESSION_EXPIRED_NOTICE = 'Your session has expired. Please sign in again.';

const signedOutContext: SessionContext = { user: null, isAdmin: false, viewAsProvider: false, notice: null };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    restore: fromPromise<IdentityUser | null>(() =>
      Promise.reject(new Error('restore is provided by the app')),
    ),
    refresh: fromPromise<IdentityUser>(() => Promise.reject(new Error('refresh is provided by the app'))),
    signOut: fromPromise<void>(() => Promise.reject(new Error('signOut is provided by the app'))),
  },
  guards: {
    hasConsoleRole: (_, params: { user: IdentityUser | null }) => isConsoleRole(params.user?.role),
    isAdmin: ({ context }) => context.isAdmin,
  },
  delays: {
    refreshInterval: TOKEN_REFRESH_INTERVAL_MS,
  },
  actions: {
    signInUser: assign((_, params: { user: IdentityUser }) => ({
      user: params.user as SessionUser,
      isAdmin: params.user.role === 'admin',
      notice: null,
    })),
    reset: assign(() => signedOutContext),
  },
}).createMachine({
  id: 'session',
  context: signedOutContext,
  initial: 'resolving',
  states: {
    resolving: {
      description: 'Asks the identity service who is still signed in from before a reload.',
      invoke: {
        src: 'restore',
        onDone: [
          {
            guard: { type: 'hasConsoleRole', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn',
            actions: { type: 'signInUser', params: ({ event }) => ({ user: event.output as IdentityUser }) },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      on: {
        'session.signedIn': {
          guard: { type: 'hasConsoleRole', params: ({ event }) => ({ user: event.user }) },
          target: 'signedIn',
          actions: { type: 'signInUser', params: ({ event }) => ({ user: event.user }) },
        },
      },
    },
    signedIn: {
      after: { refreshInterval: { target: 'refreshing' } },
      on: {
        'session.logout': { target: 'signingOut' },
        'session.toggleViewAsProvider': {
          guard: 'isAdmin',
          actions: assign({ viewAsProvider: ({ context }) => !context.viewAsProvider }),
        },
      },
    },
    refreshing: {
      description: 'A new ID token every refresh interval; a refresh that fails ends the session.',
      invoke: {
        src: 'refresh',
        onDone: [
          {
            guard: { type: 'hasConsoleRole', params: ({ event }) => ({ user: event.output }) },
            target: 'signedIn',
            actions: assign({ user: ({ event }) => event.output as SessionUser }),
          },
          { target: 'signingOut' },
        ],
        onError: {
          target: 'signedOut',
          actions: [
            'reset',
            assign({ notice: SESSION_EXPIRED_NOTICE }),
            emit({ type: 'session.ended', reason: 'refreshFailed' } as const),
          ],
        },
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        onDone: {
          target: 'signedOut',
          actions: ['reset', emit({ type: 'session.ended', reason: 'logout' } as const)],
        },
        onError: {
          target: 'signedOut',
          actions: ['reset', emit({ type: 'session.ended', reason: 'logout' } as const)],
        },
      },
    },
  },
});
