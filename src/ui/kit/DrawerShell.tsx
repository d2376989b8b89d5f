import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * Every drawer's frame: it opens from the end (filling a phone's screen), closes with its ✕, Escape or a click
 * outside (`onClose`), and holds a header (its `Drawer.Title`: the one title style, as a dialog's), a body and,
 * at the bottom, its actions. What sits beside the drawer (its confirmation dialogs) goes in `beside`. The
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
  /** The drawer's actions, in its footer at the bottom (in view however far the body is scrolled). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Drawer.Root
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open) props.onClose();
      }}
      placement="end"
      // Its width from `md` up; on a phone it fills the screen.
      size={{ base: 'full', md: props.size }}
      {...(props.keepOnFocusOutside ? { onFocusOutside: (event: Event) => event.preventDefault() } : {})}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content aria-busy={props.busy || undefined}>
            <Drawer.Header>{props.header}</Drawer.Header>
            <Drawer.Body>{props.children}</Drawer.Body>
            {props.footer && (
              <Drawer.Footer borderTopWidth="1px" justifyContent="stretch">
                {props.footer}
              </Drawer.Footer>
            )}
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
