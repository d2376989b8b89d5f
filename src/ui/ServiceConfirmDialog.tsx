import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useRef } from 'react';

export interface ServiceConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for destroying something. */
  destructive?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question before something is lost (deleting, leaving with unsaved changes). */
export function ServiceConfirmDialog(props: ServiceConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open) props.onCancel();
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
              <Button ref={cancelRef} variant="outline" onClick={props.onCancel}>
                {props.cancelLabel ?? 'Cancel'}
              </Button>
              <Button colorPalette={props.destructive ? 'red' : 'teal'} onClick={props.onConfirm}>
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
