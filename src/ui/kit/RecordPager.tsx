import { Flex, IconButton, Text } from '@chakra-ui/react';

export interface RecordPagerProps {
  /** What the records are, singular: "provider" names the buttons "Previous provider" and "Next provider". */
  noun: string;
  /** 1-based place among the list's matches, and how many there are. */
  position: number;
  total: number;
  /** Null when there is nothing that way. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}

/**
 * Previous and next for a record opened from a list (in the list's order, with its filters), and where the
 * record sits: "3 of 25". A page's header carries it beside its actions.
 */
export function RecordPager({ noun, position, total, onPrevious, onNext }: RecordPagerProps) {
  return (
    <Flex as="nav" aria-label={`Browse ${noun}s`} align="center" gap="1">
      <IconButton
        variant="outline"
        aria-label={`Previous ${noun}`}
        disabled={!onPrevious}
        onClick={() => onPrevious?.()}
      >
        <span aria-hidden="true">‹</span>
      </IconButton>
      <Text fontSize="sm" color="fg.muted" px="1" whiteSpace="nowrap" aria-live="polite">
        {position} of {total}
      </Text>
      <IconButton variant="outline" aria-label={`Next ${noun}`} disabled={!onNext} onClick={() => onNext?.()}>
        <span aria-hidden="true">›</span>
      </IconButton>
    </Flex>
  );
}
