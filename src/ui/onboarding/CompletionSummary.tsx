import { Box, Heading, Link as ChakraLink, List, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, type LinkOptions } from '@tanstack/react-router';
import type { LeftItem, SetUpItem } from '../../domain/onboarding/completion';
import { RetryMessage } from '../kit/RetryMessage';

export interface CompletionSummaryProps {
  state:
    | { status: 'loading' }
    | { status: 'failed'; message: string; onRetry(): void }
    | { status: 'ready'; setUp: SetUpItem[]; left: (LeftItem & { to: LinkOptions })[] };
}

/**
 * The completion screen's summary: what the onboarding set up, and what is left, each thing left with what
 * to do and a link to where it is done.
 */
export function CompletionSummary({ state }: CompletionSummaryProps) {
  if (state.status === 'loading')
    return (
      <Stack direction="row" align="center" gap="2" role="status">
        <Spinner size="sm" />
        <Text>Checking what is set up…</Text>
      </Stack>
    );
  if (state.status === 'failed') return <RetryMessage message={state.message} onRetry={state.onRetry} />;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" w="full">
      <Box as="section" aria-labelledby="completion-set-up">
        <Heading as="h3" size="md" id="completion-set-up" mb="2">
          Set up
        </Heading>
        <List.Root listStyle="none" gap="2">
          {state.setUp.map((item) => (
            <List.Item key={item.id}>
              <Text fontWeight="medium">
                <span aria-hidden="true">✓ </span>
                {item.label}
              </Text>
              <Text fontSize="sm" color="gray.700" wordBreak="break-word">
                {item.detail}
              </Text>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Box as="section" aria-labelledby="completion-left">
        <Heading as="h3" size="md" id="completion-left" mb="2">
          Left to do
        </Heading>
        {state.left.length === 0 ? (
          <Text color="gray.700">Nothing: your profile is complete.</Text>
        ) : (
          <List.Root listStyle="none" gap="3">
            {state.left.map((item) => (
              <List.Item key={item.id}>
                <Text fontWeight="medium">
                  <span aria-hidden="true">○ </span>
                  {item.label}
                </Text>
                <Text fontSize="sm" color="gray.700">
                  {item.missing}.
                </Text>
                <ChakraLink asChild color="teal.700" fontWeight="medium" fontSize="sm">
                  <Link {...item.to}>{item.action}</Link>
                </ChakraLink>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Box>
    </SimpleGrid>
  );
}
