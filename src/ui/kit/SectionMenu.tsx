import { Box, Button, Flex } from '@chakra-ui/react';

export interface PageSection {
  /** The id of the section's heading (where the menu leads). */
  id: string;
  label: string;
}

/**
 * "On this page": a long record page's sections as one row of links under its title (scrolling sideways on a
 * phone), each bringing its section into view under the sticky header.
 */
export function SectionMenu({ sections }: { sections: readonly PageSection[] }) {
  if (sections.length < 2) return null;
  return (
    <Box as="nav" aria-label="On this page" mt="3" overflowX="auto" mx={{ base: '-4', md: '0' }}>
      <Flex as="ul" gap="1" listStyleType="none" px={{ base: '4', md: '0' }} w="max-content">
        {sections.map((section) => (
          <li key={section.id}>
            <Button
              size="xs"
              variant="ghost"
              color="fg.muted"
              _hover={{ color: 'teal.800', bg: 'teal.50' }}
              onClick={() => {
                const heading = document.getElementById(section.id);
                if (!heading) return;
                heading.scrollIntoView({ block: 'start' });
                heading.setAttribute('tabindex', '-1');
                heading.focus({ preventScroll: true });
              }}
            >
              {section.label}
            </Button>
          </li>
        ))}
      </Flex>
    </Box>
  );
}
