import { Box, Button, Flex, Image, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { NavItem } from '../domain/navigation';

export interface ConsoleShellProps {
  nav: readonly NavItem[];
  userEmail: string | null;
  /** A line under the title, e.g. which provider an admin is viewing as. */
  caption?: string | null;
  loggingOut?: boolean;
  onLogout(): void;
  children: ReactNode;
}

const itemStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  rounded: 'md',
  color: 'gray.100',
  _hover: { bg: 'gray.700' },
} as const;

/** The signed-in layout: the role's sidebar (01 §2) and the screen. */
export function ConsoleShell({ nav, userEmail, caption, loggingOut, onLogout, children }: ConsoleShellProps) {
  return (
    <Flex minH="100vh">
      <Box as="nav" aria-label="Main" w="60" flexShrink={0} bg="gray.900" color="white" p="4">
        <Text fontWeight="bold" fontSize="lg" mb={caption ? '1' : '6'}>
          Upkeep Console
        </Text>
        {caption && (
          <Text fontSize="sm" color="gray.300" mb="6">
            {caption}
          </Text>
        )}
        <Stack as="ul" gap="1" listStyleType="none">
          {nav.map((item) => (
            <li key={item.label}>
              {item.kind === 'route' ? (
                <Link
                  asChild
                  {...itemStyle}
                  css={{ '&[data-status=active]': { bg: 'teal.700', color: 'white' } }}
                >
                  <RouterLink to={item.to}>
                    {item.imageURL && (
                      <Image
                        src={item.imageURL}
                        alt=""
                        boxSize="6"
                        rounded="full"
                        objectFit="cover"
                        bg="white"
                      />
                    )}
                    {item.label}
                  </RouterLink>
                </Link>
              ) : (
                <Link {...itemStyle} href={item.href} target="_blank" rel="noopener noreferrer">
                  {item.label}
                  <Text as="span" srOnly>
                    (opens the admin site in a new tab)
                  </Text>
                </Link>
              )}
            </li>
          ))}
          <li>
            <Button
              variant="ghost"
              color="gray.100"
              _hover={{ bg: 'gray.700' }}
              w="full"
              justifyContent="flex-start"
              px="3"
              py="2"
              h="auto"
              fontSize="md"
              fontWeight="normal"
              loading={loggingOut}
              loadingText="Logging out"
              onClick={onLogout}
            >
              Log Out
            </Button>
          </li>
        </Stack>
        {userEmail && (
          <Text mt="6" fontSize="sm" color="gray.300">
            Signed in as {userEmail}
          </Text>
        )}
      </Box>
      <Box as="main" flex="1" minW="0" bg="gray.50">
        {children}
      </Box>
    </Flex>
  );
}
