import { Box, Button, Flex } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';
import { PageShell } from './PageShell';

export interface ListDetailLayoutProps {
  title: string;
  /** Where "Create New" goes. */
  createTo: LinkProps['to'];
  /** Accessible name of the list pane. */
  listLabel: string;
  /** The list's width beside the details (from xl up; above them, full width, before). */
  listWidth: string;
  list: ReactNode;
  /** Id of the heading inside the details pane. */
  detailsLabelledBy: string;
  children: ReactNode;
}

/** A screen that picks one record from a list and edits it beside the list (credits, promo codes). */
export function ListDetailLayout(props: ListDetailLayoutProps) {
  return (
    <PageShell>
      <PageHeader
        title={props.title}
        primary={
          <Button asChild colorPalette="teal">
            <Link to={props.createTo}>Create New</Link>
          </Button>
        }
      />
      {/* The list (a table) stands above the details until the screen has room for both side by side. */}
      <Flex gap="6" align="flex-start" wrap={{ base: 'wrap', xl: 'nowrap' }}>
        <Box as="nav" aria-label={props.listLabel} w={{ base: 'full', xl: props.listWidth }} flexShrink={0}>
          {props.list}
        </Box>
        <Box
          as="section"
          aria-labelledby={props.detailsLabelledBy}
          flex="1"
          bg="white"
          p="5"
          rounded="md"
          borderWidth="1px"
        >
          {props.children}
        </Box>
      </Flex>
    </PageShell>
  );
}
