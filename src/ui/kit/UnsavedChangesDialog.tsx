import { EDITOR_MESSAGES } from '../../domain/shared/messages';
import { ConfirmDialog } from './ConfirmDialog';

export interface UnsavedChangesDialogProps {
  open: boolean;
  /** Leave and lose the unsaved changes. */
  onDiscard(): void;
  /** Stay with the changes. */
  onStay(): void;
  /** A screen's own wording, when it has one. */
  message?: string;
}

/** The one question before unsaved work is lost (leaving, closing, choosing another record). Stay has the focus. */
export function UnsavedChangesDialog(props: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      open={props.open}
      title={EDITOR_MESSAGES.discardTitle}
      message={props.message ?? EDITOR_MESSAGES.discardMessage}
      confirmLabel={EDITOR_MESSAGES.discard}
      cancelLabel="Stay"
      onConfirm={props.onDiscard}
      onCancel={props.onStay}
    />
  );
}
