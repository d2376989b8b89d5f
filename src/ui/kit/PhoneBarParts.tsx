import { Button, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useRouterState } from '@tanstack/react-router';
import { pageNameOf } from '../../domain/auth/page-names';
import { currentEntryLabel, type NavItem } from '../../domain/shell/navigation';
import { NavIcon } from './NavIcon';

/**
 * The phone's top bar beside its Menu button (ConsoleShell): where you are, and who is signed in. Toasts sit
 * over the title (PHONE_BAR), never over either button.
 */

/**
 * The phone bar's middle: the lit menu entry's label (else the page's name), cut short with an ellipsis rather
 * than overflowing.
 */
export function PhoneBarTitle({ nav }: { nav: readonly NavItem[] }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Text flex="1" minW="0" fontWeight="semibold" fontSize="md" truncate data-phone-bar-title="">
      {currentEntryLabel(nav, pathname, pageNameOf(pathname))}
    </Text>
  );
}

/** The phone bar's end: who is signed in, and Log Out, in a popover under the account's initial. */
export function AccountButton(props: {
  userEmail: string | null;
  loggingOut?: boolean | undefined;
  onLogout(): void;
}) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <IconButton
          aria-label="Account"
          variant="solid"
          size="md"
          rounded="full"
          bg="teal.600"
          color="white"
          fontWeight="bold"
          _hover={{ bg: 'teal.700' }}
        >
          {(props.userEmail?.[0] ?? '?').toUpperCase()}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="72">
            <Popover.Body>
              <Stack gap="3">
                {props.userEmail && (
                  <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                    Signed in as {props.userEmail}
                  </Text>
                )}
                <Button
                  variant="outline"
                  minH="10"
                  loading={props.loggingOut}
                  loadingText="Logging out"
                  onClick={props.onLogout}
                >
                  <NavIcon name="logout" />
                  Log Out
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
