import { Box, Heading, Text } from '@chakra-ui/react';

/** A section of the manage view that a later change fills: its heading and one muted line. */
export function LaterSection({ id, title, line }: { id: string; title: string; line: string }) {
  return (
    <Box as="section" aria-labelledby={`${id}-heading`}>
      <Heading as="h2" size="md" id={`${id}-heading`}>
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {line}
      </Text>
    </Box>
  );
}
