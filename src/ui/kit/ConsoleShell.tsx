import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  IconButton,
  Image,
  Link,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import {
  isCurrentEntry,
  navCount,
  navGroups,
  type ExternalNavItem,
  type NavItem,
} from '../../domain/shell/navigation';
import './later-recipes';
import { NavIcon } from './NavIcon';
import { PHONE_BAR } from './phone-bar';
import { AccountButton, PhoneBarTitle } from './PhoneBarParts';

export interface ConsoleShellProps {
  nav: readonly NavItem[];
  userEmail: string | null;
  /** Set while an admin views the console as a provider: a banner on every page with a way back. */
  viewingAs?: { providerName: string; onExit(): void } | null;
  loggingOut?: boolean;
  onLogout(): void;
  /** Follows an external admin entry (its link carries a one-time code the page asks for on the click). */
  onOpenExternal?(item: ExternalNavItem): void;
  /** A count beside an entry, by its address (the admin's unread notifications on /notifications). */
  counts?: Readonly<Record<string, number>>;
  children: ReactNode;
}

/** The id of the screen's region: the skip link's target. */
export const MAIN_ID = 'main-content';

const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  // A finger-sized row, and the same text size in the sidebar and the phone's drawer as Log Out.
  minH: '10',
  fontSize: 'md',
  rounded: 'md',
  color: 'gray.200',
  _hover: { bg: 'whiteAlpha.100', color: 'white' },
} as const;

/** The view-as banner's height on a wide screen. */
const VIEW_AS_HEIGHT = '52px';

/** Below this width the sidebar is a drawer behind a menu button. */
const WIDE = 'md';

interface SidebarProps extends Omit<ConsoleShellProps, 'children' | 'viewingAs'> {
  /** Called after a route link is followed (the phone drawer closes on navigation). */
  onNavigate?(): void;
}

function Sidebar({ nav, userEmail, loggingOut, onLogout, onNavigate, onOpenExternal, counts }: SidebarProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Flex direction="column" minH="full" gap="5">
      <Flex align="center" gap="2" px="3">
        <Box boxSize="7" rounded="md" bg="teal.500" display="grid" placeItems="center" aria-hidden>
          <Text fontWeight="bold" fontSize="sm" color="white">
            U
          </Text>
        </Box>
        <Text fontWeight="bold" fontSize="md" whiteSpace="nowrap">
          Upkeep Console
        </Text>
      </Flex>
      {navGroups(nav).map((group, index) => (
        <Box key={group.heading ?? index}>
          {group.heading && (
            <Text
              px="3"
              mb="1"
              fontSize="xs"
              fontWeight="semibold"
              letterSpacing="wider"
              textTransform="uppercase"
              color="gray.400"
              aria-hidden
            >
              {group.heading}
            </Text>
          )}
          <Stack as="ul" gap="0.5" listStyleType="none" aria-label={group.heading ?? undefined}>
            {group.items.map((item) => (
              <li key={item.label}>
                <NavEntry
                  item={item}
                  pathname={pathname}
                  count={item.kind === 'route' ? counts?.[item.to] : undefined}
                  onNavigate={onNavigate}
                  onOpenExternal={onOpenExternal}
                />
              </li>
            ))}
          </Stack>
        </Box>
      ))}
      <Box mt="auto" pt="4" borderTopWidth="1px" borderColor="whiteAlpha.200">
        {userEmail && (
          <Text px="3" mb="2" fontSize="sm" color="gray.400" overflowWrap="anywhere">
            Signed in as {userEmail}
          </Text>
        )}
        <Stack as="ul" listStyleType="none">
          <li>
            <Button
              {...itemStyle}
              variant="ghost"
              w="full"
              justifyContent="flex-start"
              h="auto"
              fontWeight="normal"
              loading={loggingOut}
              loadingText="Logging out"
              onClick={onLogout}
            >
              <NavIcon name="logout" />
              Log Out
            </Button>
          </li>
        </Stack>
      </Box>
    </Flex>
  );
}

function NavEntry({
  item,
  pathname,
  count,
  onNavigate,
  onOpenExternal,
}: {
  item: NavItem;
  pathname: string;
  count?: number | undefined;
  onNavigate?: (() => void) | undefined;
  onOpenExternal?: ((item: ExternalNavItem) => void) | undefined;
}) {
  if (item.kind === 'external')
    return (
      <Link
        {...itemStyle}
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          if (!onOpenExternal) return;
          event.preventDefault();
          onOpenExternal(item);
        }}
      >
        {item.icon && <NavIcon name={item.icon} />}
        {item.label}
        <Text as="span" srOnly>
          (opens the admin site in a new tab)
        </Text>
      </Link>
    );
  const current = isCurrentEntry(item, pathname);
  const badge = navCount(item.label, count);
  return (
    <Link
      asChild
      {...itemStyle}
      css={{
        '&[data-current=true]': { bg: 'teal.700', color: 'white', fontWeight: 'medium' },
      }}
    >
      <RouterLink
        to={item.to}
        onClick={onNavigate}
        data-current={current}
        aria-current={current ? 'page' : undefined}
        // The router marks a link as the page at any address under its own; only at its very own address
        // here, so the shell's rule decides the rest (payouts sits under /provider/onboarding but is lit
        // under Providers).
        activeOptions={{ exact: true }}
        aria-label={badge?.name}
      >
        {item.imageURL ? (
          <Image src={item.imageURL} alt="" boxSize="5" rounded="full" objectFit="cover" bg="white" />
        ) : (
          item.icon && <NavIcon name={item.icon} />
        )}
        {item.label}
        {badge && (
          <Box
            as="span"
            aria-hidden
            ms="auto"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            h="5"
            minW="6"
            px="1.5"
            rounded="full"
            bg="teal.400"
            color="gray.900"
            fontSize="xs"
            fontWeight="bold"
            lineHeight="1"
          >
            {badge.shown}
          </Box>
        )}
      </RouterLink>
    </Link>
  );
}

/**
 * The signed-in layout: the role's sidebar (01 §2) and the screen. On a wide screen the sidebar sits on
 * the left; on a phone it is a drawer behind the Menu button in a top bar, closing on navigation and Esc.
 */
export function ConsoleShell({ children, viewingAs, ...sidebar }: ConsoleShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <>
      <Link
        href={`#${MAIN_ID}`}
        position="absolute"
        top="2"
        left="2"
        zIndex="max"
        bg="white"
        color="teal.800"
        px="3"
        py="2"
        rounded="md"
        transform="translateY(-200%)"
        _focusVisible={{ transform: 'none' }}
      >
        Skip to content
      </Link>
      <Flex minH="100vh" direction={{ base: 'column', [WIDE]: 'row' }}>
        <Box
          as="nav"
          aria-label="Main"
          display={{ base: 'none', [WIDE]: 'block' }}
          w="60"
          flexShrink={0}
          bg="gray.900"
          color="white"
          px="3"
          py="5"
          // Stays in place while the page scrolls; a menu taller than the window scrolls on its own.
          position="sticky"
          top="0"
          h="100vh"
          overflowY="auto"
        >
          <Sidebar {...sidebar} />
        </Box>
        <Flex
          as="header"
          display={{ base: 'flex', [WIDE]: 'none' }}
          align="center"
          gap="3"
          bg="gray.900"
          color="white"
          px={PHONE_BAR.paddingX}
          h={PHONE_BAR.height}
          flexShrink={0}
          // Stays at the top as the page scrolls: the Menu is always at hand, and toasts sit over the bar.
          position="sticky"
          top="0"
          zIndex="sticky"
        >
          <Drawer.Root
            placement="start"
            lazyMount
            unmountOnExit
            open={menuOpen}
            onOpenChange={(e) => setMenuOpen(e.open)}
          >
            <Drawer.Trigger asChild>
              <IconButton
                aria-label="Menu"
                variant="outline"
                size="md"
                color="white"
                borderColor="gray.500"
                _hover={{ bg: 'gray.700' }}
              >
                <NavIcon name="menu" />
              </IconButton>
            </Drawer.Trigger>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content bg="gray.900" color="white" maxW="72">
                  <Drawer.Body as="nav" aria-label="Main" p="4">
                    <Drawer.Title srOnly>Menu</Drawer.Title>
                    <Sidebar {...sidebar} onNavigate={() => setMenuOpen(false)} />
                  </Drawer.Body>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton
                      size="md"
                      color="white"
                      _hover={{ bg: 'gray.700' }}
                      aria-label="Close menu"
                    />
                  </Drawer.CloseTrigger>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
          <PhoneBarTitle nav={sidebar.nav} />
          <AccountButton
            userEmail={sidebar.userEmail}
            loggingOut={sidebar.loggingOut}
            onLogout={sidebar.onLogout}
          />
        </Flex>
        <Flex
          direction="column"
          flex="1"
          minW="0"
          bg="gray.50"
          // A sticky page header sits under the view-as banner, which is this tall on a wide screen.
          css={{ '--view-as-height': viewingAs ? VIEW_AS_HEIGHT : '0px' }}
        >
          {viewingAs && <ViewAsBanner {...viewingAs} />}
          <Box as="main" id={MAIN_ID} tabIndex={-1} flex="1" minW="0" _focus={{ outline: 'none' }}>
            {children}
          </Box>
        </Flex>
      </Flex>
    </>
  );
}

/** "Viewing as {provider} — Exit": on every page while an admin views the console as a provider. */
function ViewAsBanner({ providerName, onExit }: { providerName: string; onExit(): void }) {
  return (
    <Flex
      role="region"
      aria-label="View as provider"
      align="center"
      justify="space-between"
      wrap="wrap"
      gap="2"
      px={{ base: '3', md: '6' }}
      py={{ base: '2', [WIDE]: '0' }}
      // On a wide screen exactly VIEW_AS_HEIGHT tall: a sticky page header sits right under it.
      h={{ base: 'auto', [WIDE]: VIEW_AS_HEIGHT }}
      bg="orange.100"
      color="orange.950"
      borderBottomWidth="2px"
      borderColor="orange.400"
      position="sticky"
      // Under the phone's sticky top bar; at the very top beside the sidebar.
      top={{ base: PHONE_BAR.height, [WIDE]: '0' }}
      zIndex="banner"
    >
      <Text fontWeight="semibold">Viewing as {providerName}</Text>
      <Button size="sm" variant="outline" colorPalette="orange" bg="white" onClick={onExit}>
        Exit
        <Text as="span" srOnly>
          view as provider
        </Text>
      </Button>
    </Flex>
  );
}
