import { Box, Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { NavItem } from '../domain/navigation';

export interface ConsoleShellProps {
  nav: readonly NavItem[];
  userEmail: string | null;
  onLogout(): void;
  children: ReactNode;
}

/** The signed-in layout: the role's sidebar and the screen. */
export function ConsoleShell({ nav, userEmail, onLogout, children }: ConsoleShellProps) {
  return (
    <Flex minH="100vh">
      <Box as="nav" aria-label="Main" w="60" flexShrink={0} bg="gray.900" color="white" p="4">
        <Text fontWeight="bold" fontSize="lg" mb="6">
          Upkeep Console
        </Text>
        <Stack as="ul" gap="1" listStyleType="none">
          {nav.map((item) => (
            <li key={item.to}>
              <Link
                asChild
                display="block"
                px="3"
                py="2"
                rounded="md"
                color="gray.100"
                _hover={{ bg: 'gray.700' }}
                css={{ '&[data-status=active]': { bg: 'teal.700', color: 'white' } }}
              >
                <RouterLink to={item.to}>{item.label}</RouterLink>
              </Link>
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
