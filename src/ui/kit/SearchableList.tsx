import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { RetryMessage } from './RetryMessage';
import { LoadingRows } from './ListStates';

/** What a searchable list shows before and around its items: loading, a failure, nothing at all. */
export interface ListLoadProps {
  loading: boolean;
  /** Why the list could not be loaded, or null. */
  failure: string | null;
  onRetry(): void;
  /** The list's accessible name, e.g. "Credits". */
  listLabel: string;
  /** The search box's label, e.g. "Search credits". */
  searchLabel: string;
  /** Said when there is nothing at all. */
  emptyText: string;
}

/**
 * A list to pick one record from with a search over its words (`textOf`): skeletons while it loads, the
 * failure with Try again, the empty text; a search that matches nothing says so and offers to clear it (so
 * the chosen one is always reachable). `children` draws the items the search leaves.
 */
export function SearchableList<T>(
  props: ListLoadProps & {
    items: readonly T[];
    textOf(item: T): string;
    children(shown: readonly T[]): ReactNode;
  },
) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  if (props.loading) {
    return <LoadingRows label={`Loading ${props.listLabel.toLowerCase()}`} rows={2} height="12" />;
  }
  if (props.failure) {
    return <RetryMessage message={props.failure} onRetry={props.onRetry} />;
  }
  if (props.items.length === 0) return <Text>{props.emptyText}</Text>;
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? props.items.filter((item) => props.textOf(item).toLowerCase().includes(needle))
    : props.items;
  return (
    <Stack gap="2">
      {/* Labelled above the box, as the users list's search is: a placeholder alone leaves once typed in. */}
      <Field.Root maxW="md">
        <Field.Label htmlFor={searchId}>{props.searchLabel}</Field.Label>
        <Input
          id={searchId}
          type="search"
          bg="white"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </Field.Root>
      {shown.length === 0 ? (
        <Stack gap="2" align="flex-start">
          <Text role="status">Nothing matches “{query.trim()}”.</Text>
          <Button size="sm" variant="outline" onClick={() => setQuery('')}>
            Clear search
          </Button>
        </Stack>
      ) : (
        props.children(shown)
      )}
    </Stack>
  );
}
