import { Badge, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The heading of a category's list that holds local drafts until Save (service items, bundles): the title
 * with the saved count in a badge, and the list's actions beside it.
 */
export function DraftListHeading(props: { id: string; title: ReactNode; count: number; actions: ReactNode }) {
  return (
    <Flex align="center" justify="space-between" gap="3" wrap="wrap">
      <Heading as="h2" id={props.id} size="lg" display="flex" alignItems="center" gap="2">
        {props.title}
        <Badge colorPalette="teal" variant="subtle" aria-hidden="true">
          {props.count}
        </Badge>
      </Heading>
      {props.actions}
    </Flex>
  );
}

/** "3 service items (+1 unsaved)": the saved count in words, and the drafts not saved yet. */
export function draftCountText(count: number, drafts: number, [one, many]: readonly [string, string]) {
  return `${count} ${count === 1 ? one : many}` + (drafts > 0 ? ` (+${drafts} unsaved)` : '');
}
