import { Box, Heading } from '@chakra-ui/react';

/** An empty screen with only its heading (01 §2: /overview, /notifications and /settings). */
export function Placeholder({ title }: { title: string }) {
  return (
    <Box as="section" p="8" aria-labelledby="placeholder-heading">
      <Heading as="h1" id="placeholder-heading" size="lg">
        {title}
      </Heading>
    </Box>
  );
}
