/**
 * MINDBODY credentials (spec 02 §2, §4, §5): username, password and site id are required; a submit reads the
 * site's locations with them (wrong credentials: the catalogue's toast, the form stays as typed), then saves
 * them (POST, or PUT once saved) and the flow advances with the credentials' id and the locations.
 *
 *   editing ─submit [missing fields]─► editing (field errors)
 *           ─submit─► verifying ─done─► saving ─done─► connected
 *                        │ error             │ error
 *                        └──► editing ◄──────┘ (toast)
 */
import { assign, emit, setup } from 'xstate';
import type { Credentials } from '../../api/contract/onboarding';
import {
  checkMindbodyDraft,
  type ConnectionLocation,
  type FieldErrors,
  type MindbodyDraft,
  type MindbodyField,
} from '../../domain/connections/connection';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { notice, type Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';

export interface MindbodyCredentialsInput {
  draft: MindbodyDraft;
  /** Credentials saved earlier in this onboarding: a submit updates them. */
  credentialsId: number | null;
}

export interface MindbodyCredentialsContext extends MindbodyCredentialsInput {
  errors: FieldErrors<MindbodyField>;
  locations: ConnectionLocation[];
}

export type MindbodyCredentialsEvent =
  { type: 'credentials.change'; patch: Partial<MindbodyDraft> } | { type: 'credentials.submit' };

export interface SaveMindbodyInput {
  id: number | null;
  body: { strategy: 'MINDBODY'; username: string; password: string; siteId: string };
}

export interface MindbodyCredentialsOutput {
  credentialsId: number;
  locations: ConnectionLocation[];
}

const bodyOf = (draft: MindbodyDraft): SaveMindbodyInput['body'] => ({
  strategy: 'MINDBODY',
  username: draft.username.trim(),
  password: draft.password,
  siteId: draft.siteId.trim(),
});

export const mindbodyCredentialsMachine = setup({
  types: {
    input: {} as MindbodyCredentialsInput,
    context: {} as MindbodyCredentialsContext,
    events: {} as MindbodyCredentialsEvent,
    emitted: {} as Notice,
    output: {} as MindbodyCredentialsOutput,
  },
  actors: {
    fetchLocations: placeholder<ConnectionLocation[], SaveMindbodyInput['body']>('fetchLocations'),
    saveCredentials: placeholder<Credentials, SaveMindbodyInput>('saveCredentials'),
  },
  guards: {
    hasMissingFields: ({ context }) => Object.keys(checkMindbodyDraft(context.draft)).length > 0,
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'credentials.change') return {};
      const errors = { ...context.errors };
      for (const key of Object.keys(event.patch) as MindbodyField[]) delete errors[key];
      return { draft: { ...context.draft, ...event.patch }, errors };
    }),
    showMissing: assign(({ context }) => ({ errors: checkMindbodyDraft(context.draft) })),
    notifyFailure: emit((_, params: { message: string }) => notice('error', params.message)),
  },
}).createMachine({
  id: 'mindbodyCredentials',
  context: ({ input }) => ({ ...input, errors: {}, locations: [] }),
  initial: 'editing',
  output: ({ context }) => ({ credentialsId: context.credentialsId ?? 0, locations: context.locations }),
  states: {
    editing: {
      on: {
        'credentials.change': { actions: 'change' },
        'credentials.submit': [
          { guard: 'hasMissingFields', actions: 'showMissing' },
          { target: 'verifying' },
        ],
      },
    },
    verifying: {
      description: 'Reads the locations with the typed credentials: wrong ones are refused here.',
      tags: ['busy'],
      invoke: {
        src: 'fetchLocations',
        input: ({ context }) => bodyOf(context.draft),
        onDone: { target: 'saving', actions: assign({ locations: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: { type: 'notifyFailure', params: { message: PROVIDER_MESSAGES.locationsFailed } },
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveCredentials',
        input: ({ context }) => ({ id: context.credentialsId, body: bodyOf(context.draft) }),
        onDone: { target: 'connected', actions: assign({ credentialsId: ({ event }) => event.output.id }) },
        onError: {
          target: 'editing',
          actions: { type: 'notifyFailure', params: { message: PROVIDER_MESSAGES.credentialsFailed } },
        },
      },
    },
    connected: { type: 'final' },
  },
});
