/**
 * One saved record's editor, assembled (the credit and promo-code editors): the record-editor mechanism of
 * record-editor.ts bound to the context key an editor keeps its record under, its event names and its
 * actors' names. An editor machine keeps its own types, wording and extra events, and takes the rest from
 * here: its actors' placeholders, guards, named actions, starting context, output and every state.
 *
 *   editing ──<key>.save [valid]──► saving … (versionedSaveStates) ──► created (final) | editing
 *      │ └─<key>.save [invalid]: showErrors        field.change: takeField
 *      └──<key>.delete [saved]──► confirmingDelete ──► deleting ──► deleted (final) | editing
 */
import { assign, emit, type AnyStateNodeConfig, type EventObject } from 'xstate';
import { confirmDeleteStates } from './confirm-delete';
import { notice, notifying, type NoticeParams } from './notice';
import { placeholder } from './placeholder';
import {
  draftErrors,
  editorOutput,
  rebaseDraft,
  saveRefused,
  startEditing,
  versionedSaveStates,
  type RecordEditorState,
  type SaveMessages,
} from './record-editor';

/** What a versioned save receives: the record to update (null to create), its version read, the values. */
export type VersionedSaveInput<TValues> =
  { id: null; version: null; values: TValues } | { id: number; version: number; values: TValues };

/** The names an editor gives its save, reload and delete actors (they stay the editor's own words). */
export interface RecordEditorActorNames {
  save: string;
  reload: string;
  remove: string;
}

/** How one editor keeps its record: the context key, the record's draft and rules, what a save announces. */
export interface RecordEditorSpec<TContext, TRecord, TDraft, TValues, TNames extends RecordEditorActorNames> {
  /** The context key of the saved record (null while creating); also its key in the `saved` event. */
  key: string;
  /** What the record is called in an internal error ("saving an invalid credit"). */
  what: string;
  draftFrom(record: TRecord): TDraft;
  /** The draft of a record not created yet. */
  empty: TDraft;
  /** The rules of the draft as it stands (with what the saved record fixes, e.g. its type). */
  check(context: TContext): { ok: true; value: TValues } | { ok: false; errors: object };
  /** The form fields a refused save can name. */
  fields: readonly string[];
  /** The type of the event emitted with the record as it now is (e.g. 'credit.saved'). */
  saved: string;
  actors: TNames;
  /** The editor's own events that save and ask to delete (e.g. 'credit.save', 'credit.delete'). */
  events: { save: string; remove: string };
}

/** The wording and the editor's own additions to its states (`recordEditorParts(...).states`). */
export interface RecordEditorStatesOptions {
  messages: SaveMessages & { deleted: string; deleteFailed: string };
  /** More of the editor's context to clear when a save starts and when a delete is confirmed. */
  clear?: Record<string, unknown>;
  /** A named action run before the failure notice when a delete fails (e.g. keeping the server's reason). */
  deleteFailed?: string;
  /** The editor's own events while editing (e.g. the promo code's allowed services). */
  editing?: Record<string, unknown>;
}

/**
 * One record editor's mechanism, written once for an editor that keeps its record under `spec.key`: the
 * placeholders of its actors; the guards `isDraftValid`, `isCreating` and `isSaved`; the named actions
 * (`notify`, `takeField`, `showErrors`, `saveFailed`, `takeCreated`, `takeSaved`, `takeReloaded`,
 * `announceSaved`, `markDeleted`); its starting context and output; and `states(...)`: editing, the
 * versioned save, the confirmed delete and the final `created` and `deleted`.
 */
export function recordEditorParts<
  TContext extends RecordEditorState<TDraft, object>,
  TEvent extends EventObject,
  TEmitted extends EventObject,
  TRecord extends { id: number; version: number },
  TDraft extends object,
  TValues,
  const TNames extends RecordEditorActorNames,
>(spec: RecordEditorSpec<TContext, TRecord, TDraft, TValues, TNames>) {
  type Args = { context: TContext; event: unknown };
  const recordOf = (context: TContext) =>
    (context as unknown as Record<string, TRecord | null>)[spec.key] ?? null;
  const outputOf = (event: unknown) => (event as { output: TRecord }).output;
  const take = (update: (args: Args) => object) =>
    assign<TContext, TEvent, undefined, TEvent, never>((args) => update(args) as never);
  const recordId = ({ context }: { context: TContext }) => ({ id: (recordOf(context) as TRecord).id });
  const { actors } = spec;
  return {
    actors: {
      [actors.save]: placeholder<TRecord, VersionedSaveInput<TValues>>(actors.save),
      [actors.reload]: placeholder<TRecord, { id: number }>(actors.reload),
      [actors.remove]: placeholder<void, { id: number }>(actors.remove),
    } as Record<TNames['save'], ReturnType<typeof placeholder<TRecord, VersionedSaveInput<TValues>>>> &
      Record<TNames['reload'], ReturnType<typeof placeholder<TRecord, { id: number }>>> &
      Record<TNames['remove'], ReturnType<typeof placeholder<void, { id: number }>>>,
    guards: {
      isDraftValid: ({ context }: { context: TContext }) => spec.check(context).ok,
      isCreating: ({ context }: { context: TContext }) => recordOf(context) === null,
      isSaved: ({ context }: { context: TContext }) => recordOf(context) !== null,
    },
    actions: {
      notify: emit<TContext, TEvent, NoticeParams, TEvent, TEmitted>(
        (_, params) => notice(params.level, params.message) as unknown as TEmitted,
      ),
      /** One field typed (`field.change`): the draft takes the value and the field's error clears. */
      takeField: take(({ context, event }) => {
        const { field, value } = event as { field: string; value: unknown };
        return {
          draft: { ...context.draft, [field]: value },
          errors: { ...context.errors, [field]: undefined },
        };
      }),
      showErrors: take(({ context }) => ({ errors: draftErrors(spec.check(context)) })),
      saveFailed: assign<TContext, TEvent, { error: unknown }, TEvent, never>(
        ({ context }, params) => saveRefused(context, params.error, spec.fields) as never,
      ),
      takeCreated: take(({ event }) => ({ [spec.key]: outputOf(event) })),
      takeSaved: take(({ event }) => {
        const record = outputOf(event);
        const draft = spec.draftFrom(record);
        return { [spec.key]: record, draft, base: draft };
      }),
      takeReloaded: take(({ context, event }) => {
        const record = outputOf(event);
        const base = spec.draftFrom(record);
        const draft = rebaseDraft(context.base, context.draft, base);
        return { [spec.key]: record, base, draft, saveError: null };
      }),
      announceSaved: emit<TContext, TEvent, undefined, TEvent, TEmitted>(
        ({ context }) => ({ type: spec.saved, [spec.key]: recordOf(context) }) as unknown as TEmitted,
      ),
      markDeleted: take(({ context }) => ({ deletedId: recordOf(context)?.id ?? null })),
    },
    /** The starting context: the record (null while creating) under its key, its draft, nothing else yet. */
    start: (record: TRecord | null) => ({
      [spec.key]: record,
      ...startEditing<TRecord, TDraft, TContext['errors']>(record, spec.draftFrom, spec.empty),
    }),
    output: ({ context }: { context: TContext }) => editorOutput(recordOf(context), context.deletedId),
    states: (options: RecordEditorStatesOptions) => {
      const { messages } = options;
      const clear = { saveError: null, ...options.clear };
      return {
        editing: {
          on: {
            'field.change': { actions: 'takeField' },
            ...options.editing,
            [spec.events.save]: [
              { guard: 'isDraftValid', target: 'saving', actions: assign({ errors: {}, ...clear }) },
              { actions: 'showErrors' },
            ],
            [spec.events.remove]: { guard: 'isSaved', target: 'confirmingDelete' },
          },
        } as AnyStateNodeConfig,
        ...versionedSaveStates({
          save: {
            actor: actors.save,
            input: ({ context }: { context: TContext }): VersionedSaveInput<TValues> => {
              const checked = spec.check(context);
              if (!checked.ok) throw new Error(`saving an invalid ${spec.what}`);
              const record = recordOf(context);
              return record
                ? { id: record.id, version: record.version, values: checked.value }
                : { id: null, version: null, values: checked.value };
            },
          },
          reload: { actor: actors.reload, input: recordId },
          back: 'editing',
          created: 'created',
          messages,
        }),
        ...confirmDeleteStates({
          actor: actors.remove,
          input: recordId,
          back: 'editing',
          confirmActions: options.clear ? assign(clear) : undefined,
          onDone: { target: 'deleted', actions: ['markDeleted', notifying('success', messages.deleted)] },
          onError: {
            target: 'editing',
            actions: options.deleteFailed
              ? [options.deleteFailed, notifying('error', messages.deleteFailed)]
              : notifying('error', messages.deleteFailed),
          },
        }),
        created: { type: 'final' },
        deleted: { type: 'final' },
      } satisfies Record<string, AnyStateNodeConfig>;
    },
  };
}
