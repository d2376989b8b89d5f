/**
 * Provider creation at step 1 Next (spec 02 §4): credentials first (MINDBODY, SQUARE), then the location,
 * then the provider. A failure undoes what this run created, newest first, and shows the catalogue toast of
 * the step that failed. With saved ids the records are updated instead (and an update is never undone). A
 * second submit while one is in progress is ignored (only `idle` takes it). One run per actor (the wizard
 * invokes one at Next and submits it): it ends `created` or `failed` with the ids still saved.
 * An update sends the version its record was saved at and keeps the one answered. An update refused as
 * stale (someone else saved the record since) says so ("This record was changed by someone else since you
 * opened it.") and forgets that version: what was typed stays, and the next Next saves it over the record
 * as it is then. A rollback delete that fails is never silent: the record stays saved (its id is kept, so the
 * next Next updates it instead of creating another) and a logged notice names what is left.
 *
 *   idle ─submit─► savingCredentials ─► savingLocation ─► savingProvider ─► created
 *                     │ error              │ error           │ error
 *                     ▼                    ▼                 ▼
 *                  failed ◄─ deletingCredentials ◄─ deletingLocation
 *                    ▲ (a delete failed: reportingLeftBehind says what is left)
 */
import { assign, emit, setup } from 'xstate';
import type { Credentials } from '../../api/contract/onboarding';
import type { Location, Provider } from '../../api/contract/provider';
import {
  credentialsInputOf,
  locationInputOf,
  providerInputOf,
  type CredentialsDraft,
  type ProfileDraft,
  type SavedIds,
} from '../../domain/onboarding/profile';
import { strategyUsesCredentials, type OnboardingStrategy } from '../../domain/onboarding/strategies';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import type { Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { isStaleError, STALE_MESSAGE } from '../shared/record-editor';

export interface ProviderCreationInput {
  strategy: OnboardingStrategy;
  profile: ProfileDraft;
  credentials: CredentialsDraft;
  ids: SavedIds;
}

export interface ProviderCreationContext extends ProviderCreationInput {
  /** What this run created (not updated): only these are deleted when a later step fails. */
  created: { credentials: boolean; location: boolean };
  failure: 'credentials' | 'location' | 'provider' | null;
  /** The failure was a stale update. */
  stale: boolean;
  /** What the rollback could not delete: still saved, its id kept for the next run. */
  leftBehind: ('location' | 'credentials')[];
}

export type SaveCredentialsInput = {
  id: number | null;
  body: ReturnType<typeof credentialsInputOf>;
};
/** `version`: the record's version as saved (null: read it first); unused when creating (no id). */
export type SaveLocationInput = {
  id: number | null;
  version: number | null;
  body: ReturnType<typeof locationInputOf>;
};
export type SaveProviderInput = {
  id: number | null;
  version: number | null;
  body: ReturnType<typeof providerInputOf>;
};

/** Only `idle` takes it, so a second submit while one is in progress is ignored. */
export type ProviderCreationEvent = { type: 'creation.submit' };

/** `created`: the provider exists (ids of all three); otherwise the ids still saved after the rollback. */
export interface ProviderCreationOutput {
  created: boolean;
  ids: SavedIds;
}

const FAILURE_MESSAGES = {
  credentials: PROVIDER_MESSAGES.credentialsFailed,
  location: PROVIDER_MESSAGES.locationFailed,
  provider: PROVIDER_MESSAGES.providerFailed,
} as const;

export const providerCreationMachine = setup({
  types: {
    input: {} as ProviderCreationInput,
    context: {} as ProviderCreationContext,
    emitted: {} as Notice,
    events: {} as ProviderCreationEvent,
    output: {} as ProviderCreationOutput,
  },
  actors: {
    saveCredentials: placeholder<Credentials, SaveCredentialsInput>('saveCredentials'),
    saveLocation: placeholder<Location, SaveLocationInput>('saveLocation'),
    saveProvider: placeholder<Provider, SaveProviderInput>('saveProvider'),
    deleteLocation: placeholder<unknown, { id: number }>('deleteLocation'),
    deleteCredentials: placeholder<unknown, { id: number }>('deleteCredentials'),
  },
  guards: {
    usesCredentials: ({ context }) => strategyUsesCredentials(context.strategy),
    createdLocation: ({ context }) => context.created.location && context.ids.locationId !== null,
    createdCredentials: ({ context }) => context.created.credentials && context.ids.credentialsId !== null,
    leftSomething: ({ context }) => context.leftBehind.length > 0,
  },
  actions: {
    failAt: assign(({ context, event }, params: { step: 'credentials' | 'location' | 'provider' }) => {
      const stale = isStaleError((event as { error?: unknown }).error);
      const forget =
        stale && params.step !== 'credentials' ? { [`${params.step}Version`]: null } : ({} as object);
      return { failure: params.step, stale, ids: { ...context.ids, ...forget } };
    }),
    notifyFailure: emit(({ context }) => ({
      type: 'notify' as const,
      level: 'error' as const,
      message: context.stale
        ? STALE_MESSAGE
        : context.failure
          ? FAILURE_MESSAGES[context.failure]
          : PROVIDER_MESSAGES.providerFailed,
    })),
    forgetLocation: assign(({ context }) => ({
      ids: { ...context.ids, locationId: null },
      created: { ...context.created, location: false },
    })),
    forgetCredentials: assign(({ context }) => ({
      ids: { ...context.ids, credentialsId: null },
      created: { ...context.created, credentials: false },
    })),
    keepLocation: assign(({ context }) => ({
      created: { ...context.created, location: false },
      leftBehind: [...context.leftBehind, 'location' as const],
    })),
    keepCredentials: assign(({ context }) => ({
      created: { ...context.created, credentials: false },
      leftBehind: [...context.leftBehind, 'credentials' as const],
    })),
    notifyLeftBehind: emit(({ context }) => ({
      type: 'notify' as const,
      level: 'error' as const,
      log: true,
      message: PROVIDER_MESSAGES.rollbackLeftBehind(
        context.leftBehind.map((record) =>
          record === 'location' ? 'new location' : 'new scheduling credentials',
        ),
      ),
    })),
  },
}).createMachine({
  id: 'providerCreation',
  context: ({ input }) => ({
    ...input,
    created: { credentials: false, location: false },
    failure: null,
    stale: false,
    leftBehind: [],
  }),
  initial: 'idle',
  output: ({ context }) => ({ created: context.failure === null, ids: context.ids }),
  states: {
    idle: {
      description: 'Waits for the submit; credentials first for the strategies that store them.',
      on: {
        'creation.submit': [
          { guard: 'usesCredentials', target: 'savingCredentials' },
          { target: 'savingLocation' },
        ],
      },
    },
    savingCredentials: {
      tags: ['busy'],
      invoke: {
        src: 'saveCredentials',
        input: ({ context }) => ({
          id: context.ids.credentialsId,
          body: credentialsInputOf(context.strategy, context.credentials),
        }),
        onDone: {
          target: 'savingLocation',
          actions: assign(({ context, event }) => ({
            ids: { ...context.ids, credentialsId: event.output.id },
            created: { ...context.created, credentials: context.ids.credentialsId === null },
          })),
        },
        onError: {
          target: 'failed',
          actions: [{ type: 'failAt', params: { step: 'credentials' } }, 'notifyFailure'],
        },
      },
    },
    savingLocation: {
      tags: ['busy'],
      invoke: {
        src: 'saveLocation',
        input: ({ context }) => ({
          id: context.ids.locationId,
          version: context.ids.locationVersion ?? null,
          body: locationInputOf(context.profile),
        }),
        onDone: {
          target: 'savingProvider',
          actions: assign(({ context, event }) => ({
            ids: { ...context.ids, locationId: event.output.id, locationVersion: event.output.version },
            created: { ...context.created, location: context.ids.locationId === null },
          })),
        },
        onError: {
          target: 'compensatingLocationFailure',
          actions: [{ type: 'failAt', params: { step: 'location' } }, 'notifyFailure'],
        },
      },
    },
    compensatingLocationFailure: {
      description: 'The location failed: only credentials this run created are left to delete.',
      tags: ['busy'],
      always: [
        { guard: 'createdCredentials', target: 'deletingCredentials' },
        { target: 'reportingLeftBehind' },
      ],
    },
    savingProvider: {
      tags: ['busy'],
      invoke: {
        src: 'saveProvider',
        input: ({ context }) => ({
          id: context.ids.providerId,
          version: context.ids.providerVersion ?? null,
          body: providerInputOf(context.strategy, context.profile, context.ids),
        }),
        onDone: {
          target: 'created',
          actions: assign(({ context, event }) => ({
            ids: { ...context.ids, providerId: event.output.id, providerVersion: event.output.version },
          })),
        },
        onError: {
          target: 'compensatingProviderFailure',
          actions: [{ type: 'failAt', params: { step: 'provider' } }, 'notifyFailure'],
        },
      },
    },
    compensatingProviderFailure: {
      description: 'The provider failed: undo the location, then the credentials, that this run created.',
      tags: ['busy'],
      always: [
        { guard: 'createdLocation', target: 'deletingLocation' },
        { guard: 'createdCredentials', target: 'deletingCredentials' },
        { target: 'failed' },
      ],
    },
    deletingLocation: {
      tags: ['busy'],
      invoke: {
        src: 'deleteLocation',
        input: ({ context }) => ({ id: context.ids.locationId ?? 0 }),
        onDone: { target: 'compensatingLocationFailure', actions: 'forgetLocation' },
        onError: { target: 'compensatingLocationFailure', actions: 'keepLocation' },
      },
    },
    deletingCredentials: {
      tags: ['busy'],
      invoke: {
        src: 'deleteCredentials',
        input: ({ context }) => ({ id: context.ids.credentialsId ?? 0 }),
        onDone: { target: 'reportingLeftBehind', actions: 'forgetCredentials' },
        onError: { target: 'reportingLeftBehind', actions: 'keepCredentials' },
      },
    },
    reportingLeftBehind: {
      description: 'The rollback is over: says what it could not delete, if anything.',
      tags: ['busy'],
      always: [
        { guard: 'leftSomething', target: 'failed', actions: 'notifyLeftBehind' },
        { target: 'failed' },
      ],
    },
    failed: { type: 'final', description: 'The parent starts a new run for the next submit.' },
    created: { type: 'final' },
  },
});
