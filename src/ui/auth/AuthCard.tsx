import { Box, Card, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The centred card of the public pages (sign in, reset password, create your account). */
export function AuthCard({
  id,
  title,
  caption,
  children,
}: {
  id: string;
  title: string;
  caption?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box as="main" minH="100vh" display="grid" placeItems="center" bg="gray.50" px="4" py="8">
      <Card.Root as="section" maxW="sm" w="full" aria-labelledby={id}>
        <Card.Header>
          <Heading as="h1" id={id} size="xl">
            {title}
          </Heading>
          {caption && <Text color="gray.600">{caption}</Text>}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Box>
  );
}
