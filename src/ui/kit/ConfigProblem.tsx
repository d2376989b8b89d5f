import { Box, Heading, List, Text } from '@chakra-ui/react';

/** Shown instead of the console when its configuration is missing or invalid. */
export function ConfigProblem({ problems }: { problems: string[] }) {
  return (
    <Box as="main" p="8" maxW="2xl">
      <Heading as="h1" size="lg" mb="2">
        Upkeep Console is not configured
      </Heading>
      <Text mb="4">Fix these environment variables (see .env.example) and restart:</Text>
      <List.Root>
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
