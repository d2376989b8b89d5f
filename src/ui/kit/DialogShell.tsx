import { Button, Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';

export interface DialogShellProps {
  open: boolean;
  title: ReactNode;
  /** While the dialog's work runs it cannot be dismissed. */
  busy: boolean;
  onClose(): void;
  /** 'alertdialog' for a question before something is lost. */
  role?: 'alertdialog';
  /** What has the focus when it opens (e.g. the button that keeps things as they are). */
  initialFocusEl?: () => HTMLElement | null;
  size?: DialogRootProps['size'];
  scrollBehavior?: DialogRootProps['scrollBehavior'];
  /** Margin around the dialog on a narrow screen. */
  mx?: string;
  footer: ReactNode;
  children: ReactNode;
}

/** The one dialog frame: title, body and footer buttons, centred; Escape and the backdrop close it unless busy. */
export function DialogShell(props: DialogShellProps) {
  const optional = {
    ...(props.role ? { role: props.role } : {}),
    ...(props.initialFocusEl ? { initialFocusEl: props.initialFocusEl } : {}),
    ...(props.size ? { size: props.size } : {}),
    ...(props.scrollBehavior ? { scrollBehavior: props.scrollBehavior } : {}),
  };
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open && !props.busy) props.onClose();
      }}
      placement="center"
      {...optional}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...(props.mx ? { mx: props.mx } : {})}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            <Dialog.Footer>{props.footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface DialogActionsProps {
  cancelLabel?: string;
  cancelRef?: Ref<HTMLButtonElement>;
  /** While the work runs: Cancel waits and the confirm button shows `busyLabel`. */
  busy: boolean;
  onCancel(): void;
  confirmLabel: ReactNode;
  busyLabel: string;
  /** Red for destroying something; teal otherwise. */
  palette?: 'teal' | 'red';
  disabled?: boolean;
  /** The form the confirm button submits (instead of `onConfirm`). */
  form?: string;
  onConfirm?: () => void;
}

/** A dialog's footer: Cancel (or its own label), then the one action. */
export function DialogActions({ cancelRef, ...props }: DialogActionsProps) {
  return (
    <>
      <Button ref={cancelRef} variant="outline" disabled={props.busy} onClick={props.onCancel}>
        {props.cancelLabel ?? 'Cancel'}
      </Button>
      <Button
        {...(props.form ? { type: 'submit' as const, form: props.form } : {})}
        colorPalette={props.palette ?? 'teal'}
        disabled={props.disabled}
        loading={props.busy}
        loadingText={props.busyLabel}
        onClick={props.onConfirm}
      >
        {props.confirmLabel}
      </Button>
    </>
  );
}
