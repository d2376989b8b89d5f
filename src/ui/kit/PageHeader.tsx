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
  /**
   * A long record page: the header stays at the top while the page scrolls (on a wide screen), and on a phone
   * the primary action sits in a bar at the bottom of the screen, so Save is always in reach.
   */
  sticky?: boolean;
  /** Under the title: the page's own navigation (a record page's `SectionMenu`). */
  children?: ReactNode;
}

/**
 * The header every console page uses: where you are, the title, and the actions on the right. On a phone the
 * actions wrap under the title instead of squeezing it.
 */
export function PageHeader(props: PageHeaderProps) {
  const { sticky } = props;
  return (
    <Box
      as="header"
      mb="5"
      {...(sticky
        ? {
            'data-sticky-header': '',
            position: { base: 'static', md: 'sticky' },
            top: 'var(--view-as-height, 0px)',
            zIndex: 'docked',
            bg: 'gray.50',
            // Reaches the page's edges, so what scrolls under it is hidden.
            mx: { md: '-6' },
            px: { md: '6' },
            mt: { md: '-6' },
            pt: { md: '6' },
            pb: { md: '3' },
            borderBottomWidth: { md: '1px' },
            borderColor: 'gray.200',
          }
        : {})}
    >
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
            {sticky ? <Box display={{ base: 'none', md: 'contents' }}>{props.primary}</Box> : props.primary}
          </Flex>
        ) : null}
      </Flex>
      {props.children}
      {sticky && props.primary ? (
        <Flex
          data-phone-action-bar=""
          display={{ base: 'flex', md: 'none' }}
          position="fixed"
          insetX="0"
          bottom="0"
          zIndex="docked"
          justify="flex-end"
          gap="2"
          px="4"
          py="3"
          bg="white"
          borderTopWidth="1px"
          borderColor="gray.200"
          boxShadow="0 -2px 8px rgba(0, 0, 0, 0.06)"
        >
          {props.primary}
        </Flex>
      ) : null}
    </Box>
  );
}
