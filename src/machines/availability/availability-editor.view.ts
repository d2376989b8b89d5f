import type { SnapshotFrom } from 'xstate';
import { AVAILABILITY_MESSAGES } from '../../domain/shared/messages';
import { staleView } from '../shared/record-editor';
import type { availabilityEditorMachine } from './availability-editor.machine';
import { pendingSaves } from './availability-editor.rules';

/** What the availability editor shows: its state, the draft, what may be clicked, and unsaved work. */
export function availabilityEditorView(snapshot: SnapshotFrom<typeof availabilityEditorMachine>) {
  const { context } = snapshot;
  const editing = snapshot.matches('editing');
  const pending = pendingSaves(context).length;
  const ready = !snapshot.hasTag('loading') && !snapshot.matches('loadFailed');
  return {
    loading: snapshot.hasTag('loading'),
    loadFailed: snapshot.matches('loadFailed'),
    loadFailedText: AVAILABILITY_MESSAGES.loadFailed,
    emptyText: ready && context.categories.length === 0 ? AVAILABILITY_MESSAGES.noCategories : null,
    categories: context.categories,
    checked: context.draft.checked,
    week: context.draft.week,
    /** Nothing may be changed while a save or a reload runs, or while the stale notice asks. */
    disabled: !editing,
    saving: snapshot.hasTag('saving'),
    canSave: editing && pending > 0,
    /** Slots changed with no category ticked: nothing to save them for. */
    hint: ready && context.draft.checked.length === 0 ? AVAILABILITY_MESSAGES.pickCategory : null,
    dirty: snapshot.status === 'active' && ready && pending > 0,
    saveError: context.saveError,
    ...staleView(snapshot),
  };
}
export type AvailabilityEditorView = ReturnType<typeof availabilityEditorView>;
