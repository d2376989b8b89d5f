import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import { submitWith } from './FormParts';

export interface DialogShellProps {
  open: boolean;
  title: ReactNode;
  /** While the dialog's work runs it cannot be dismissed. */
  busy: boolean;
  onClose(): void;
  /** 'alertdialog' for a question before something is lost: a card in the middle, on a phone too. */
  role?: 'alertdialog';
  /** What has the focus when it opens (e.g. the button that keeps things as they are). */
  initialFocusEl?: () => HTMLElement | null;
  /** Its width from `md` up; below `md` a dialog that is not a question fills the screen. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The buttons at the bottom; a dialog without them (a list to choose from) has a ✕ in its corner. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The one dialog frame: the title in the header, the body (which scrolls on its own when long), and the
 * actions in the footer at the bottom. A question is a card in the middle of the screen; any other dialog
 * fills a phone's screen, its actions at the bottom edge, clear of the toasts at the top. Escape and the
 * backdrop close it unless busy.
 */
export function DialogShell(props: DialogShellProps) {
  const question = props.role === 'alertdialog';
  const width = props.size ?? 'md';
  const optional = {
    ...(props.role ? { role: props.role } : {}),
    ...(props.initialFocusEl ? { initialFocusEl: props.initialFocusEl } : {}),
  };
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open && !props.busy) props.onClose();
      }}
      placement="center"
      scrollBehavior="inside"
      size={question ? width : { base: 'full', md: width }}
      {...optional}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...(question ? { mx: '4' } : {})}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{props.children}</Dialog.Body>
            {props.footer ? (
              <Dialog.Footer>{props.footer}</Dialog.Footer>
            ) : (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="md" aria-label="Close" />
              </Dialog.CloseTrigger>
            )}
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

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  size?: DialogShellProps['size'];
  /** While the save runs: the dialog cannot be dismissed, Cancel waits and the confirm button shows `busyLabel`. */
  busy: boolean;
  onClose(): void;
  confirmLabel: ReactNode;
  busyLabel: string;
  disabled?: boolean;
  /** The body's form id: the confirm button and Enter in a field submit it. Without it the body is not a form. */
  form?: string;
  onSubmit(): void;
  children: ReactNode;
}

/** A dialog that saves what is typed or chosen in it: `DialogShell` with Cancel and the one confirm button. */
export function FormDialog(props: FormDialogProps) {
  const { form, onSubmit, confirmLabel, busyLabel, disabled, children, ...shell } = props;
  const submits = form ? { form } : { onConfirm: onSubmit };
  const actions = { confirmLabel, busyLabel, disabled, ...submits };
  return (
    <DialogShell
      {...shell}
      footer={<DialogActions busy={shell.busy} onCancel={shell.onClose} {...actions} />}
    >
      {form ? (
        <form id={form} noValidate onSubmit={submitWith(onSubmit)}>
          {children}
        </form>
      ) : (
        children
      )}
    </DialogShell>
  );
}
