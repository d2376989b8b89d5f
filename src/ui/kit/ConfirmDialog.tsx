import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
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
    <Dialog.Root
      role="alertdialog"
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open && !busy) props.onCancel();
      }}
      initialFocusEl={() => cancelRef.current}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{props.message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" disabled={busy} onClick={props.onCancel}>
                {props.cancelLabel ?? 'Cancel'}
              </Button>
              <Button
                colorPalette={destructive ? 'red' : 'teal'}
                loading={busy}
                loadingText={props.busyLabel ?? 'Deleting'}
                onClick={props.onConfirm}
              >
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
