import { Box, Heading, Text } from '@chakra-ui/react';

/** A route whose screen a later slice fills: the route and its guard are real, the screen says so. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <Box as="section" p="8">
      <Heading as="h1" size="lg" mb="2">
        {title}
      </Heading>
      <Text color="gray.600">This screen is not built yet.</Text>
    </Box>
  );
}
