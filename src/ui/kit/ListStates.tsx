import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { RetryMessage } from './RetryMessage';

/**
 * A list read from the API, in the one order of its states: the read failed (`RetryMessage`, Try again),
 * it is loading (skeleton rows, announced as busy), it is empty (`empty`), or its rows (`children`). The
 * History trail, the Notifications inbox and the appointments workspace.
 */
export function ListStates(props: {
  /** The list's view: the failure's message (null while none) and whether the first page is loading. */
  view: { error: string | null; loading: boolean };
  onRetry(): void;
  /** What the skeleton announces ("Loading history"). */
  loadingLabel: string;
  skeleton: { rows: number; height: string };
  /** Set when the list is read and has no rows: what to show instead (`EmptyList`, or a node of its own). */
  empty: ReactNode | null;
  children: ReactNode;
}) {
  if (props.view.error) return <RetryMessage message={props.view.error} onRetry={props.onRetry} />;
  if (props.view.loading) {
    return (
      <Stack role="status" aria-busy="true" aria-label={props.loadingLabel}>
        {Array.from({ length: props.skeleton.rows }, (_, i) => (
          <Skeleton key={i} h={props.skeleton.height} />
        ))}
      </Stack>
    );
  }
  if (props.empty) return <>{props.empty}</>;
  return <>{props.children}</>;
}

/** A filtered list with no rows: its message, and Clear filters when some filter is set. */
export function EmptyList(props: { message: string; onClearFilters?: (() => void) | undefined }) {
  return (
    <Stack p="6" bg="white" rounded="md" borderWidth="1px" align="flex-start" gap="3">
      <Text role="status">{props.message}</Text>
      {props.onClearFilters && (
        <Button variant="outline" onClick={props.onClearFilters}>
          Clear filters
        </Button>
      )}
    </Stack>
  );
}
