/**
 * The record-editor mechanism shared by the editors of one saved record (credits and promo codes today;
 * pricing tiers, providers, locations, commissions and special dates next): a draft with field errors, a save
 * whose failure lands on the field the server named (`error.field`) or above the buttons, and a delete after
 * a confirmation. Each editor keeps its own machine (its events, actors and the spec's wording) and builds it
 * from these pieces, so the charts stay readable and the mechanism is written once.
 */
import { placeSaveFailure, errorMessageOrNull } from './errors';

/** What every record editor keeps beside its record. */
export interface RecordEditorState<TDraft, TErrors> {
  draft: TDraft;
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
  return {
    draft: record ? draftFrom(record) : empty,
    errors: {} as TErrors,
    saveError: null,
    deletedId: null,
  };
}

/** One field typed: the draft takes the value and the field's error clears. */
export function changeField<TDraft, TErrors>(
  state: { draft: TDraft; errors: TErrors },
  field: keyof TDraft & keyof TErrors,
  value: TDraft[keyof TDraft],
): { draft: TDraft; errors: TErrors } {
  return {
    draft: { ...state.draft, [field]: value },
    errors: { ...state.errors, [field]: undefined },
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
