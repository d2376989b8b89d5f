import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Box as="main" p="8">
      <Heading as="h1" size="lg" mb="2">
        Page not found
      </Heading>
      <Text mb="4">There is no page at this address.</Text>
      <Link asChild color="teal.700">
        <RouterLink to="/">Go to the console</RouterLink>
      </Link>
    </Box>
  );
}
