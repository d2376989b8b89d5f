/**
 * MINDBODY credentials (spec 02 §2, §4, §5): username, password and site id are required; a submit reads the
 * site's locations with them (wrong credentials: the catalogue's toast, the form stays as typed), then saves
 * them (POST, or a versioned PUT once saved) and the flow ends with the saved credentials and the locations.
 * The wizard's connection step and a provider's settings both run it. Once credentials are saved their
 * password is never shown again: left blank it is kept (the locations are read with the saved one), typed
 * it replaces it.
 *
 *   editing ─submit [missing fields]─► editing (field errors)
 *           ─submit─► verifying ─done─► saving ─done─► connected
 *                        │ error             │ error
 *                        └──► editing ◄──────┘ (toast)
 *   saving ─error [record/stale]─► stale (shared: Reload reads the credentials again, keeping what was typed;
 *                                  Keep editing) ─► editing
 */
import { assign, emit, setup } from 'xstate';
import type { Credentials } from '../../api/contract/onboarding';
import {
  checkMindbodyDraft,
  mindbodyDraftOf,
  type ConnectionLocation,
  type FieldErrors,
  type MindbodyDraft,
  type MindbodyField,
} from '../../domain/connections/connection';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { notice, type Notice, type NoticeParams, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { toStale, rebaseDraft, staleStates, type StaleSaveEvent } from '../shared/record-editor';

export interface MindbodyCredentialsInput {
  draft: MindbodyDraft;
  /** Credentials saved before (earlier in this onboarding, or the provider's): a submit updates them. */
  credentialsId: number | null;
  /** The version they were read at; null when unknown (the save reads it just before writing). */
  version?: number | null;
}

export interface MindbodyCredentialsContext {
  draft: MindbodyDraft;
  /** The draft as the saved credentials hold it: what Reload keeps the typed changes on top of. */
  base: MindbodyDraft;
  credentialsId: number | null;
  version: number | null;
  errors: FieldErrors<MindbodyField>;
  locations: ConnectionLocation[];
  saved: Credentials | null;
}

export type MindbodyCredentialsEvent =
  | { type: 'credentials.change'; patch: Partial<MindbodyDraft> }
  | { type: 'credentials.submit' }
  | StaleSaveEvent;

/** Reading the locations: the typed password, or the saved credentials' own when none is typed. */
export type VerifyMindbodyInput = { strategy: 'MINDBODY'; username: string; siteId: string } & (
  { password: string } | { credentialsId: number }
);

export interface SaveMindbodyInput {
  id: number | null;
  /** The version the credentials were read at (an update); null: read it just before writing. */
  version: number | null;
  /** Without a password when none was typed: the saved one stays. */
  body: { strategy: 'MINDBODY'; username: string; password?: string; siteId: string };
}

export interface MindbodyCredentialsOutput {
  credentialsId: number;
  locations: ConnectionLocation[];
  /** The credentials as saved (secrets masked). */
  credentials: Credentials | null;
}

const passwordOf = (draft: MindbodyDraft) => (draft.password === '' ? {} : { password: draft.password });

const bodyOf = (draft: MindbodyDraft): SaveMindbodyInput['body'] => ({
  strategy: 'MINDBODY',
  username: draft.username.trim(),
  ...passwordOf(draft),
  siteId: draft.siteId.trim(),
});

function verifyInputOf(context: MindbodyCredentialsContext): VerifyMindbodyInput {
  const { username, siteId } = bodyOf(context.draft);
  if (context.draft.password !== '' || context.credentialsId === null) {
    return { strategy: 'MINDBODY', username, siteId, password: context.draft.password };
  }
  return { strategy: 'MINDBODY', username, siteId, credentialsId: context.credentialsId };
}

const checkDraft = (context: MindbodyCredentialsContext) =>
  checkMindbodyDraft(context.draft, { passwordSaved: context.credentialsId !== null });

export const mindbodyCredentialsMachine = setup({
  types: {
    input: {} as MindbodyCredentialsInput,
    context: {} as MindbodyCredentialsContext,
    events: {} as MindbodyCredentialsEvent,
    emitted: {} as Notice,
    output: {} as MindbodyCredentialsOutput,
  },
  actors: {
    fetchLocations: placeholder<ConnectionLocation[], VerifyMindbodyInput>('fetchLocations'),
    saveCredentials: placeholder<Credentials, SaveMindbodyInput>('saveCredentials'),
    reloadCredentials: placeholder<Credentials, { id: number }>('reloadCredentials'),
  },
  guards: {
    hasMissingFields: ({ context }) => Object.keys(checkDraft(context)).length > 0,
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'credentials.change') return {};
      const errors = { ...context.errors };
      for (const key of Object.keys(event.patch) as MindbodyField[]) delete errors[key];
      return { draft: { ...context.draft, ...event.patch }, errors };
    }),
    showMissing: assign(({ context }) => ({ errors: checkDraft(context) })),
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    /** Reload after a stale save: their version now, and what was typed on top of what they hold. */
    takeReloaded: assign(({ context, event }) => {
      const fresh = (event as unknown as { output: Credentials }).output;
      const base = mindbodyDraftOf(fresh);
      return { version: fresh.version, base, draft: rebaseDraft(context.base, context.draft, base) };
    }),
    /** Nothing else follows the credentials before the flow ends. */
    announceSaved: () => undefined,
  },
}).createMachine({
  id: 'mindbodyCredentials',
  context: ({ input }) => ({
    draft: input.draft,
    base: input.draft,
    credentialsId: input.credentialsId,
    version: input.version ?? null,
    errors: {},
    locations: [],
    saved: null,
  }),
  initial: 'editing',
  output: ({ context }) => ({
    credentialsId: context.credentialsId ?? 0,
    locations: context.locations,
    credentials: context.saved,
  }),
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
        input: ({ context }) => verifyInputOf(context),
        onDone: { target: 'saving', actions: assign({ locations: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: notifying('error', PROVIDER_MESSAGES.locationsFailed),
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveCredentials',
        input: ({ context }) => ({
          id: context.credentialsId,
          version: context.version,
          body: bodyOf(context.draft),
        }),
        onDone: {
          target: 'connected',
          actions: assign({
            credentialsId: ({ event }) => event.output.id,
            version: ({ event }) => event.output.version,
            saved: ({ event }) => event.output,
          }),
        },
        onError: [
          toStale(),
          {
            target: 'editing',
            actions: notifying('error', PROVIDER_MESSAGES.credentialsFailed),
          },
        ],
      },
    },
    ...staleStates({
      reload: {
        actor: 'reloadCredentials',
        input: ({ context }: { context: MindbodyCredentialsContext }) => ({ id: context.credentialsId ?? 0 }),
      },
    }),
    connected: { type: 'final' },
  },
});
