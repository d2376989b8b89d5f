import { Text } from '@chakra-ui/react';
import { DialogActions, DialogShell } from './DialogShell';
import { useRef } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for destroying something (the default); teal otherwise. */
  destructive?: boolean;
  /** While the confirmed work runs: both buttons wait and the dialog cannot be dismissed. */
  busy?: boolean;
  busyLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The one yes/no question before something is lost (deleting, leaving with unsaved changes). Cancel has the
 * focus, so Enter or Escape never destroys anything by accident.
 */
export function ConfirmDialog({ destructive = true, busy = false, ...props }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogShell
      role="alertdialog"
      open={props.open}
      title={props.title}
      busy={busy}
      onClose={props.onCancel}
      initialFocusEl={() => cancelRef.current}
      footer={
        <DialogActions
          cancelLabel={props.cancelLabel}
          cancelRef={cancelRef}
          busy={busy}
          onCancel={props.onCancel}
          confirmLabel={props.confirmLabel}
          busyLabel={props.busyLabel ?? 'Deleting'}
          palette={destructive ? 'red' : 'teal'}
          onConfirm={props.onConfirm}
        />
      }
    >
      <Text>{props.message}</Text>
    </DialogShell>
  );
}
