/**
 * The record-editor mechanism shared by the editors of one saved record (credits and promo codes today;
 * pricing tiers, providers, locations, commissions and special dates next): a draft with field errors, a save
 * whose failure lands on the field the server named (`error.field`) or above the buttons, and a delete after
 * a confirmation. Each editor keeps its own machine (its events, actors and the spec's wording) and builds it
 * from these pieces, so the charts stay readable and the mechanism is written once.
 *
 * Versioned saves (server/README.md, Concurrency): a save sends the version the record was read at; a 409
 * `record/stale` leads to `stale`, which shows "This record was changed by someone else since you opened
 * it." with Reload (fetch the fresh record, keep what was typed on top of it, take its version) and Keep
 * editing. Nothing typed is lost either way. The save sub-flow, written once (`versionedSaveStates`):
 *
 *   <back> ──save──► saving ──done [creating]──► <created>
 *                      │ └──done──► <back> (saved)        └─error [not stale]──► <back> (refusal shown)
 *                      └─error [record/stale]──► stale ──stale.reload──► reloading ──done──► <back> (rebased draft)
 *                                                  │ ▲                      └─error──► stale
 *                                                  └─stale.dismiss──► <back>
 */
import { type AnyStateNodeConfig } from 'xstate';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../api/contract/error-codes';
import { EDITOR_MESSAGES } from '../../domain/shared/messages';
import { notifying } from './notice';
import { placeSaveFailure, errorCode, errorMessageOrNull } from './errors';

/** What every record editor keeps beside its record. */
export interface RecordEditorState<TDraft, TErrors> {
  draft: TDraft;
  /** The draft as the record was read (or saved, or reloaded): what `draft` is compared with (dirty). */
  base: TDraft;
  errors: TErrors;
  /** A save failure not tied to one field (shown above the buttons). */
  saveError: string | null;
  /** Set once the saved record is deleted. */
  deletedId: number | null;
}

/** The starting state: the record's draft, or the empty one while creating. */
export function startEditing<TRecord, TDraft, TErrors>(
  record: TRecord | null,
  draftFrom: (record: TRecord) => TDraft,
  empty: TDraft,
): RecordEditorState<TDraft, TErrors> {
  const draft = record ? draftFrom(record) : empty;
  return {
    draft,
    base: draft,
    errors: {} as TErrors,
    saveError: null,
    deletedId: null,
  };
}

/** The errors of a draft the rules refuse (none when it passes). */
export function draftErrors<TErrors>(checked: { ok: true } | { ok: false; errors: TErrors }): TErrors {
  return checked.ok ? ({} as TErrors) : checked.errors;
}

/**
 * A refused save: the server's message on the field it named when the form has that field, else the whole
 * message above the buttons. What was typed stays.
 */
export function saveRefused<TErrors>(
  state: { errors: TErrors },
  error: unknown,
  fields: readonly string[],
): { errors: TErrors; saveError: string | null } {
  const placed = placeSaveFailure(error, fields);
  if (placed.field !== null)
    return { errors: { ...state.errors, [placed.field]: placed.message }, saveError: null };
  return { errors: state.errors, saveError: placed.message };
}

/** A refused delete: the server's reason, as it said it. */
export function deleteRefused(error: unknown): string | null {
  return errorMessageOrNull(error);
}

/** The machine's output: the record it created, or the id it deleted. */
export function editorOutput<TRecord>(record: TRecord | null, deletedId: number | null) {
  return deletedId !== null ? { deleted: deletedId } : { created: record as TRecord };
}

/** The message a stale save shows (the API's `record/stale` message, word for word). */
export const STALE_MESSAGE = RECORD_STALE_MESSAGE;

/** Whether a failure is the API's 409 `record/stale`. */
export const isStaleError = (error: unknown) => errorCode(error) === API_ERROR_CODES.recordStale;

/**
 * A save's onError transition for a `record/stale` refusal: to `stale` (`staleStates`), with the editor's
 * own actions when it keeps which row is stale. It goes first, before the editor's other refusals.
 */
export function toStale<const TActions = undefined>(actions?: TActions) {
  return {
    guard: ({ event }: { event: { error: unknown } }) => isStaleError(event.error),
    target: 'stale' as const,
    ...(actions === undefined ? {} : { actions }),
  } as { guard: ({ event }: { event: { error: unknown } }) => boolean; target: 'stale'; actions?: TActions };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether the draft holds anything not saved: it differs from the record as read. */
export function isDraftDirty<TDraft>(state: { draft: TDraft; base: TDraft }): boolean {
  return !same(state.draft, state.base);
}

/**
 * Reload after a stale save: the fresh record's draft, with every field the person changed (their draft
 * differs from the record as they read it) on top. What they typed stays; what they left alone shows what
 * the other person saved.
 */
export function rebaseDraft<TDraft extends object>(base: TDraft, draft: TDraft, fresh: TDraft): TDraft {
  const rebased = { ...fresh };
  for (const key of Object.keys(draft) as (keyof TDraft)[]) {
    if (!same(draft[key], base[key])) rebased[key] = draft[key];
  }
  return rebased;
}

/** The events of the stale state: Reload, or keep editing (the draft stays as typed). */
export type StaleSaveEvent = { type: 'stale.reload' } | { type: 'stale.dismiss' };

/** The notices of a save, in the spec's words for each editor. */
export interface SaveMessages {
  created: string;
  saved: string;
  createFailed: string;
  updateFailed: string;
}

export interface VersionedSaveOptions<TSaveInput, TReloadInput> {
  /** The actor that saves (creates when there is no record yet); its input carries the version read. */
  save: { actor: string; input: TSaveInput };
  /** The actor that fetches the fresh record after a stale save. */
  reload: { actor: string; input: TReloadInput };
  /** Where the editor is (saves start from, and return to, this state). */
  back: string;
  /** The final state after creating a record. */
  created: string;
  messages: SaveMessages;
}

/**
 * `stale` and `reloading` alone, for an editor whose save has its own refusals (the user drawer): its save's
 * onError sends a `record/stale` to `stale` (`toStale`). The machine provides `notify`, `takeReloaded`
 * and `announceSaved`, as for `versionedSaveStates`. `back` is where the editor is (`editing` unless named);
 * a reload that fails says `EDITOR_MESSAGES.reloadFailed`, the same in every editor.
 */
export function staleStates<TReloadInput>(options: {
  reload: { actor: string; input: TReloadInput };
  back?: string;
}): Record<'stale' | 'reloading', AnyStateNodeConfig> {
  const back = options.back ?? 'editing';
  return {
    stale: {
      description: 'Someone else saved the record since it was opened; the draft stays as typed.',
      tags: ['stale'],
      on: { 'stale.reload': 'reloading', 'stale.dismiss': back },
    },
    reloading: {
      tags: ['stale', 'reloading'],
      invoke: {
        src: options.reload.actor,
        input: options.reload.input,
        onDone: { target: back, actions: ['takeReloaded', 'announceSaved'] },
        onError: {
          target: 'stale',
          actions: notifying('error', EDITOR_MESSAGES.reloadFailed),
        },
      } as AnyStateNodeConfig['invoke'],
    },
  };
}

/**
 * The save sub-flow of a record editor (see the chart above). The machine provides, by name: the guard
 * `isCreating`; the actions `notify` (NoticeParams), `takeCreated` and `takeSaved` (the saved record and its
 * draft become the editor's, `base` included), `saveFailed` ({ error }: `saveRefused`), `takeReloaded` (the
 * fresh record, its draft as `base`, and `rebaseDraft` of what was typed) and `announceSaved` (emits the
 * record as it now is, so lists follow a save or a reload).
 */
export function versionedSaveStates<TSaveInput, TReloadInput>(
  options: VersionedSaveOptions<TSaveInput, TReloadInput>,
): Record<'saving' | 'stale' | 'reloading', AnyStateNodeConfig> {
  const { messages } = options;
  const refused = (message: string) => [
    { type: 'saveFailed', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    notifying('error', message),
  ];
  return {
    saving: {
      tags: ['saving'],
      invoke: {
        src: options.save.actor,
        input: options.save.input,
        onDone: [
          {
            guard: 'isCreating',
            target: options.created,
            actions: ['takeCreated', notifying('success', messages.created)],
          },
          {
            target: options.back,
            actions: ['takeSaved', 'announceSaved', notifying('success', messages.saved)],
          },
        ],
        onError: [
          // A new record has no version to be stale against: its failures are create failures.
          { guard: 'isCreating', target: options.back, actions: refused(messages.createFailed) },
          toStale(),
          { target: options.back, actions: refused(messages.updateFailed) },
        ],
      } as AnyStateNodeConfig['invoke'],
    },
    ...staleStates(options),
  };
}

/** The stale notice's part of a view: whether it shows, whether Reload is running, and its message. */
export function staleView(snapshot: { hasTag(tag: string): boolean }) {
  return {
    stale: snapshot.hasTag('stale'),
    reloading: snapshot.hasTag('reloading'),
    staleMessage: STALE_MESSAGE,
  };
}

/** What a screen shows of any record editor: unsaved work (for the guard) and the stale notice. */
export function recordEditorView(snapshot: {
  status: string;
  context: { draft: unknown; base: unknown };
  hasTag(tag: string): boolean;
}) {
  return {
    dirty: snapshot.status === 'active' && isDraftDirty(snapshot.context),
    ...staleView(snapshot),
  };
}
