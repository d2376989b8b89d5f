import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Every drawer's frame: it opens from the end, closes with its ✕, Escape or a click outside (`onClose`), and
 * holds a header and a body. What sits beside the drawer (its confirmation dialogs) goes in `beside`. The
 * appointment drawer and the user drawer.
 */
export function DrawerShell(props: {
  open: boolean;
  onClose(): void;
  size: 'md' | 'lg';
  /** The header's content: at least a `Drawer.Title`. */
  header: ReactNode;
  /** The body is being read (announced as busy). */
  busy?: boolean | undefined;
  /**
   * Keep the drawer open when the focus leaves it: a drawer replaced by the next record's must not close on the
   * focus the old one gives back.
   */
  keepOnFocusOutside?: boolean;
  beside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Drawer.Root
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open) props.onClose();
      }}
      placement="end"
      size={props.size}
      {...(props.keepOnFocusOutside ? { onFocusOutside: (event: Event) => event.preventDefault() } : {})}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content aria-busy={props.busy || undefined}>
            <Drawer.Header>{props.header}</Drawer.Header>
            <Drawer.Body>{props.children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="md" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
      {props.beside}
    </Drawer.Root>
  );
}
