/**
 * A provider's connection settings (spec 02 §2 "Location settings and credentials (non-manual providers)",
 * §3, §7, §8): reads the credentials the provider connects with, and saves a changed connection that one of
 * the onboarding's flows made — MINDBODY's credentials form (which verifies and saves the credentials
 * itself), the Boulevard connection (its business id, then the business's provider id as the provider's
 * externalId) or Square's authorisation (new tokens saved as credentials the provider then points at).
 * Every write is versioned; a refusal keeps the connection that was made so Change starts from it.
 *
 *   loading ─done─► ready ─change─► changing ─cancel─► ready
 *      └─error─► loadFailed ─retry─► loading
 *   ready, changing ─made [the provider's own credentials, saved]─► ready ('Saved connection settings.')
 *                   ─made─► applying ─done─► ready ('Saved connection settings.')
 *                                     ─error [record/stale]─► stale (shared: Reload reads them again) ─► ready
 *                                     ─error─► ready ('Failed to create/update credentials…')
 */
import { assign, emit, enqueueActions, setup } from 'xstate';
import type { Credentials } from '../../api/contract/onboarding';
import type { Provider } from '../../api/contract/provider';
import type { ConnectedStrategy } from '../../api/contract/strategies';
import { CONNECTION_SETTINGS_MESSAGES, PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { notice, type Notice, type NoticeParams, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { toStale, staleStates, type StaleSaveEvent } from '../shared/record-editor';

/** What the provider record holds of its connection (the rest is the manage view's). */
export type ProviderConnection = Pick<Provider, 'id' | 'version' | 'externalId'>;

/** A connection one of the onboarding's flows made. */
export type ConnectionOutcome =
  | { kind: 'credentials'; credentials: Credentials }
  | { kind: 'boulevard'; businessId: string; externalId: string }
  | { kind: 'square'; credentialsId: number };

export interface ConnectionSettingsInput {
  strategy: ConnectedStrategy;
  provider: ProviderConnection;
}

export interface ConnectionSettingsContext extends ConnectionSettingsInput {
  /** The credentials the provider connects with (secrets masked); null when it has none. */
  credentials: Credentials | null;
  /** A connection made but not saved (refused): Change starts from it. */
  pending: ConnectionOutcome | null;
}

export type ConnectionSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'connection.change' }
  | { type: 'connection.cancel' }
  | { type: 'connection.made'; outcome: ConnectionOutcome }
  /** The manage view saved the provider: its version (and externalId) as they are now. */
  | { type: 'provider.updated'; provider: ProviderConnection }
  | StaleSaveEvent;

export interface LoadedConnection {
  credentials: Credentials | null;
  provider: ProviderConnection;
}

export interface ApplyConnectionInput {
  provider: ProviderConnection;
  credentials: Credentials | null;
  outcome: ConnectionOutcome;
}

export interface AppliedConnection {
  credentials: Credentials;
  /** The provider when it was written (a new externalId or credentials), else null. */
  provider: Provider | null;
}

export type ConnectionSettingsEmitted = Notice | { type: 'provider.saved'; provider: Provider };

type MadeEvent = Extract<ConnectionSettingsEvent, { type: 'connection.made' }>;
const loadedOf = (event: unknown) => (event as { output: LoadedConnection }).output;

export const connectionSettingsMachine = setup({
  types: {
    input: {} as ConnectionSettingsInput,
    context: {} as ConnectionSettingsContext,
    events: {} as ConnectionSettingsEvent,
    emitted: {} as ConnectionSettingsEmitted,
  },
  actors: {
    loadConnection: placeholder<LoadedConnection, { providerId: number }>('loadConnection'),
    applyConnection: placeholder<AppliedConnection, ApplyConnectionInput>('applyConnection'),
  },
  guards: {
    /** MINDBODY saved the credentials the provider already points at: nothing is left to write. */
    isSavedAlready: ({ context, event }) => {
      const { outcome } = event as MadeEvent;
      return outcome.kind === 'credentials' && outcome.credentials.id === context.credentials?.id;
    },
    isNewerProvider: ({ context, event }) =>
      event.type === 'provider.updated' && event.provider.version > context.provider.version,
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    takeLoaded: assign(({ event }) => loadedOf(event)),
    takeMade: assign(({ event }) => ({ pending: (event as MadeEvent).outcome })),
    takeSavedCredentials: assign(({ event }) => {
      const { outcome } = event as MadeEvent;
      return { credentials: outcome.kind === 'credentials' ? outcome.credentials : null, pending: null };
    }),
    /** Reload after a stale save: the credentials and the provider's version as they are now. */
    takeReloaded: assign(({ event }) => loadedOf(event)),
    /** The manage view keeps its own drafts: a reload is not announced to it. */
    announceSaved: () => undefined,
  },
}).createMachine({
  id: 'connectionSettings',
  context: ({ input }) => ({ ...input, credentials: null, pending: null }),
  initial: 'loading',
  on: {
    'provider.updated': {
      guard: 'isNewerProvider',
      actions: assign({ provider: ({ event }) => event.provider }),
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadConnection',
        input: ({ context }) => ({ providerId: context.provider.id }),
        onDone: { target: 'ready', actions: 'takeLoaded' },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'settings.retry': 'loading' } },
    ready: {
      on: {
        'connection.change': 'changing',
        'connection.made': [
          {
            guard: 'isSavedAlready',
            actions: ['takeSavedCredentials', notifying('success', CONNECTION_SETTINGS_MESSAGES.saved)],
          },
          { target: 'applying', actions: 'takeMade' },
        ],
      },
    },
    changing: {
      description:
        "One of the onboarding's connection flows runs (Boulevard's business id, Square's Reconnect).",
      on: {
        'connection.cancel': 'ready',
        'connection.made': [
          {
            guard: 'isSavedAlready',
            target: 'ready',
            actions: ['takeSavedCredentials', notifying('success', CONNECTION_SETTINGS_MESSAGES.saved)],
          },
          { target: 'applying', actions: 'takeMade' },
        ],
      },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        src: 'applyConnection',
        input: ({ context }) => ({
          provider: context.provider,
          credentials: context.credentials,
          outcome: context.pending as ConnectionOutcome,
        }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              credentials: event.output.credentials,
              pending: null,
              provider: event.output.provider
                ? {
                    id: event.output.provider.id,
                    version: event.output.provider.version,
                    externalId: event.output.provider.externalId,
                  }
                : context.provider,
            })),
            enqueueActions(({ event, enqueue }) => {
              // The manage view takes the provider's new version, so its next save is not refused as stale.
              const provider = event.output.provider;
              if (provider) enqueue.emit({ type: 'provider.saved' as const, provider });
            }),
            notifying('success', CONNECTION_SETTINGS_MESSAGES.saved),
          ],
        },
        onError: [
          toStale(),
          {
            target: 'ready',
            actions: notifying('error', PROVIDER_MESSAGES.credentialsFailed),
          },
        ],
      },
    },
    ...staleStates({
      reload: {
        actor: 'loadConnection',
        input: ({ context }: { context: ConnectionSettingsContext }) => ({ providerId: context.provider.id }),
      },
      back: 'ready',
    }),
  },
});
