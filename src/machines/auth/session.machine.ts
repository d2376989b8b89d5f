/**
 * Session (01 §4, §6, §9): who is signed in, whether they are an admin, whether an admin views the console
 * as a provider, and which provider's console is shown.
 *
 *   resolving ──restored [usable]──► signedIn.current ──after refreshInterval──► signedIn.refreshing ─┐
 *       │        [expires within 5 min]──────────────────────────────────────► signedIn.refreshing   │
 *       │        [expired / other role] ──► signingOut ──► signedOut            ◄──── done ──────────┘
 *       └──(nothing stored)──► signedOut ──session.signedIn [usable]──► signedIn
 *   signedIn ──session.logout / session.check [expired] / refresh failed──► signingOut ──► signedOut
 *            ──session.rejected (the API refused the token: access changed)──► signingOut
 *
 * Only the admin and provider role claims are signed in, and only with an unexpired token: "now" comes in
 * with the event that needs it (`session.signedIn`, `session.check`, the restore's output). Every way out
 * goes through signingOut, which signs out of the identity service; the composition root then clears the
 * stored state (token, onboarding). A session that ends without the user asking leaves a notice for the
 * sign-in page.
 */
import { assign, emit, setup } from 'xstate';
import { placeholder } from '../shared/placeholder';
import { TOKEN_REFRESH_INTERVAL_MS } from '../../domain/shared/constants';
import { SESSION_NOTICES, VIEW_AS_NOTICES } from '../../domain/shared/first-load-messages';
import { notice, type Notice } from '../shared/notice';
import { isConsoleRole, type ConsoleRole } from '../../domain/auth/roles';
import { isTokenLive, needsRefreshSoon, type RestoredSession } from '../../domain/auth/session';
import type { IdentityUser } from '../../api/auth/identity';

export interface SessionUser extends IdentityUser {
  role: ConsoleRole;
}

export type SessionEndReason =
  'logout' | 'expired' | 'refreshFailed' | 'roleRevoked' | 'rejected' | 'accessChanged';

export interface SessionContext {
  user: SessionUser | null;
  /** Set once a console user is signed in (the spec's session state). */
  authResolved: boolean;
  isAdmin: boolean;
  viewAsProvider: boolean;
  /** The provider whose console is shown: a provider's chosen one, or the one an admin views as. */
  providerId: number | null;
  /** Why the user was signed out without asking, shown on the sign-in page. */
  notice: string | null;
  /** Why the session is ending (while signingOut), reported with `session.ended`. */
  ending: SessionEndReason | null;
}

export type SessionEvent =
  | { type: 'session.signedIn'; user: IdentityUser; now: number }
  | { type: 'session.logout' }
  | { type: 'session.check'; now: number }
  /** The API refused the token (401): the person's role changed, they were deleted, or signed out elsewhere. */
  | { type: 'session.rejected' }
  | { type: 'session.viewAsProvider'; providerId: number | null }
  | { type: 'session.viewAsAdmin' }
  /** An admin-only page is opening: an admin viewing as provider leaves view-as first, with a notice. */
  | { type: 'session.openAdminPage' }
  | { type: 'session.switchProvider'; providerId: number };

export type SessionEmitted = { type: 'session.ended'; reason: SessionEndReason } | Notice;

export { SESSION_NOTICES };

const signedOutContext: SessionContext = {
  user: null,
  authResolved: false,
  isAdmin: false,
  viewAsProvider: false,
  providerId: null,
  notice: null,
  ending: null,
};

/** A user and the time to judge their token by. */
interface TokenCheck {
  user: IdentityUser;
  now: number;
}

const usable = (user: IdentityUser, now: number) =>
  isConsoleRole(user.role) && isTokenLive(user.expiresAt, now);

/** The restore's output once `nothingRestored` has been ruled out. */
const restored = (output: RestoredSession | null) => output as RestoredSession;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  actors: {
    restore: placeholder<RestoredSession | null>('restore'),
    refresh: placeholder<IdentityUser>('refresh'),
    signOut: placeholder<void>('signOut'),
  },
  guards: {
    nothingRestored: (_, params: { restored: RestoredSession | null }) => params.restored === null,
    hasConsoleRole: (_, params: { user: IdentityUser }) => isConsoleRole(params.user.role),
    lacksConsoleRole: (_, params: TokenCheck) => !isConsoleRole(params.user.role),
    isExpiredToken: (_, params: TokenCheck) => !isTokenLive(params.user.expiresAt, params.now),
    expiresSoon: (_, params: TokenCheck) => needsRefreshSoon(params.user.expiresAt, params.now),
    isUsable: (_, params: TokenCheck) => usable(params.user, params.now),
    isUsableButExpiresSoon: (_, params: TokenCheck) =>
      usable(params.user, params.now) && needsRefreshSoon(params.user.expiresAt, params.now),
    isViewingAsProvider: ({ context }) => context.isAdmin && context.viewAsProvider,
    isExpired: ({ context }, params: { now: number }) =>
      !context.user || !isTokenLive(context.user.expiresAt, params.now),
    isAdmin: ({ context }) => context.isAdmin,
  },
  delays: {
    refreshInterval: TOKEN_REFRESH_INTERVAL_MS,
  },
  actions: {
    signInUser: assign(
      (_, params: { user: IdentityUser; viewAsProvider?: boolean; providerId?: number | null }) => ({
        user: params.user as SessionUser,
        authResolved: true,
        isAdmin: params.user.role === 'admin',
        viewAsProvider: params.user.role === 'admin' && (params.viewAsProvider ?? false),
        providerId: params.providerId ?? null,
        notice: null,
        ending: null,
      }),
    ),
    renewUser: assign(({ context }, params: { user: IdentityUser }) => {
      const isAdmin = params.user.role === 'admin';
      return {
        user: params.user as SessionUser,
        isAdmin,
        viewAsProvider: isAdmin && context.viewAsProvider,
      };
    }),
    endSession: assign((_, params: { reason: SessionEndReason; notice: string | null }) => ({
      ending: params.reason,
      notice: params.notice,
    })),
    reset: assign(({ context }) => ({ ...signedOutContext, notice: context.notice })),
    noticeLeftViewAs: emit(() => notice('info', VIEW_AS_NOTICES.leftForAdminPage)),
    reportEnded: emit(({ context }) => ({
      type: 'session.ended' as const,
      reason: context.ending ?? 'logout',
    })),
  },
}).createMachine({
  id: 'session',
  context: signedOutContext,
  initial: 'resolving',
  states: {
    resolving: {
      description: 'Reads the stored token and view state from before a reload.',
      tags: ['pending'],
      invoke: {
        src: 'restore',
        onDone: [
          {
            guard: { type: 'nothingRestored', params: ({ event }) => ({ restored: event.output }) },
            target: 'signedOut',
          },
          {
            guard: { type: 'lacksConsoleRole', params: ({ event }) => restored(event.output) },
            target: 'signingOut',
            actions: { type: 'endSession', params: { reason: 'rejected', notice: null } },
          },
          {
            guard: { type: 'isExpiredToken', params: ({ event }) => restored(event.output) },
            target: 'signingOut',
            actions: { type: 'endSession', params: { reason: 'expired', notice: SESSION_NOTICES.expired } },
          },
          {
            guard: { type: 'expiresSoon', params: ({ event }) => restored(event.output) },
            target: 'signedIn.refreshing',
            actions: { type: 'signInUser', params: ({ event }) => restored(event.output) },
          },
          {
            target: 'signedIn',
            actions: { type: 'signInUser', params: ({ event }) => restored(event.output) },
          },
        ],
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      on: {
        'session.signedIn': [
          {
            guard: { type: 'isUsableButExpiresSoon', params: ({ event }) => event },
            target: 'signedIn.refreshing',
            actions: { type: 'signInUser', params: ({ event }) => event },
          },
          {
            guard: { type: 'isUsable', params: ({ event }) => event },
            target: 'signedIn',
            actions: { type: 'signInUser', params: ({ event }) => event },
          },
        ],
      },
    },
    signedIn: {
      tags: ['authenticated'],
      initial: 'current',
      on: {
        'session.signedIn': [
          {
            description: 'Someone signed in again on the sign-in page: the new user replaces the old.',
            guard: { type: 'isUsableButExpiresSoon', params: ({ event }) => event },
            target: '.refreshing',
            reenter: true,
            actions: { type: 'signInUser', params: ({ event }) => event },
          },
          {
            guard: { type: 'isUsable', params: ({ event }) => event },
            target: 'signedIn',
            reenter: true,
            actions: { type: 'signInUser', params: ({ event }) => event },
          },
        ],
        'session.logout': {
          target: 'signingOut',
          actions: { type: 'endSession', params: { reason: 'logout', notice: null } },
        },
        'session.check': {
          guard: { type: 'isExpired', params: ({ event }) => ({ now: event.now }) },
          target: 'signingOut',
          actions: {
            type: 'endSession',
            params: { reason: 'expired', notice: SESSION_NOTICES.expired },
          },
        },
        'session.rejected': {
          target: 'signingOut',
          actions: {
            type: 'endSession',
            params: { reason: 'accessChanged', notice: SESSION_NOTICES.accessChanged },
          },
        },
        'session.viewAsProvider': {
          guard: 'isAdmin',
          actions: assign({
            viewAsProvider: true,
            providerId: ({ event, context }) => event.providerId ?? context.providerId,
          }),
        },
        'session.viewAsAdmin': {
          actions: assign({ viewAsProvider: false }),
        },
        'session.openAdminPage': {
          guard: 'isViewingAsProvider',
          actions: [assign({ viewAsProvider: false }), 'noticeLeftViewAs'],
        },
        'session.switchProvider': {
          actions: assign({ providerId: ({ event }) => event.providerId }),
        },
      },
      states: {
        current: {
          after: { refreshInterval: { target: 'refreshing' } },
        },
        refreshing: {
          description: 'A new ID token every refresh interval; a refresh that fails ends the session.',
          invoke: {
            src: 'refresh',
            onDone: [
              {
                guard: { type: 'hasConsoleRole', params: ({ event }) => ({ user: event.output }) },
                target: 'current',
                actions: { type: 'renewUser', params: ({ event }) => ({ user: event.output }) },
              },
              {
                target: '#session.signingOut',
                actions: {
                  type: 'endSession',
                  params: { reason: 'roleRevoked', notice: SESSION_NOTICES.roleRevoked },
                },
              },
            ],
            onError: {
              target: '#session.signingOut',
              actions: {
                type: 'endSession',
                params: { reason: 'refreshFailed', notice: SESSION_NOTICES.refreshFailed },
              },
            },
          },
        },
      },
    },
    signingOut: {
      description: 'Signs out of the identity service; the stored token and onboarding go with the session.',
      tags: ['pending'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['reportEnded', 'reset'] },
        onError: { target: 'signedOut', actions: ['reportEnded', 'reset'] },
      },
    },
  },
});
