import { Box, Flex, Heading, Text, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface RecordSectionProps extends Omit<BoxProps, 'title'> {
  /** The id of the section's heading: the page's `SectionMenu` leads to it. */
  headingId: string;
  title: ReactNode;
  /** How what is changed here is saved, in one plain line ("Saved with Save, with Manage Location."). */
  saves?: ReactNode;
  /** A line on what the section is, under the title (or under the save line). */
  description?: ReactNode;
  /** The section's own actions, at the end of its title row. */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * One section of a long record page (a provider's manage view and profile): a white card with its title, the
 * line saying how it saves, and its fields. Every section of a record reads the same, so the page reads as a
 * column of cards, not one long form.
 */
export function RecordSection({
  headingId,
  title,
  saves,
  description,
  actions,
  children,
  ...rest
}: RecordSectionProps) {
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p={{ base: '4', md: '6' }}
      minW="0"
      {...rest}
    >
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="4">
        <Box minW="0">
          <Heading as="h2" size="md" id={headingId} scrollMarginTop={{ base: '4', md: '6' }}>
            {title}
          </Heading>
          {saves ? (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {saves}
            </Text>
          ) : null}
          {description ? (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {description}
            </Text>
          ) : null}
        </Box>
        {actions}
      </Flex>
      {children}
    </Box>
  );
}
