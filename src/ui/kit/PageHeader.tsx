import { Box, Flex, Heading, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** The page's one h1, in Title Case as the spec writes it. */
  title: string;
  /** Where this page sits: a back link shown above the title (e.g. { to: '/credits', label: 'Credits' }). */
  back?: { to: LinkProps['to']; label: string; search?: LinkProps['search'] };
  /** One short line under the title. */
  description?: ReactNode;
  /** The page's one filled primary action, drawn rightmost. */
  primary?: ReactNode;
  /** Secondary actions (outline or ghost buttons), drawn left of the primary. */
  secondary?: ReactNode;
}

/**
 * The header every console page uses: where you are, the title, and the actions on the right. On a phone the
 * actions wrap under the title instead of squeezing it.
 */
export function PageHeader(props: PageHeaderProps) {
  return (
    <Box as="header" mb="5">
      {props.back ? (
        <ChakraLink asChild fontSize="sm" color="fg.muted" mb="1" display="inline-block">
          <Link to={props.back.to} search={props.back.search}>
            ← {props.back.label}
          </Link>
        </ChakraLink>
      ) : null}
      <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" wrap="wrap">
        <Box minW="0">
          <Heading as="h1" size="xl" overflowWrap="anywhere">
            {props.title}
          </Heading>
          {props.description ? (
            <Text color="fg.muted" fontSize="sm" mt="1">
              {props.description}
            </Text>
          ) : null}
        </Box>
        {props.primary || props.secondary ? (
          <Flex gap="2" wrap="wrap" align="center">
            {props.secondary}
            {props.primary}
          </Flex>
        ) : null}
      </Flex>
    </Box>
  );
}
