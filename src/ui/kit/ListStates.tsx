import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LoadOlder } from './LoadOlder';
import { RetryMessage } from './RetryMessage';

interface OlderPages {
  olderError: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
}

/**
 * A list read from the API, in the one order of its states: the read failed (`RetryMessage`, Try again),
 * it is loading (skeleton rows, announced as busy), it is empty (`empty`), or its rows (`children`). The
 * History trail, the Notifications inbox and the appointments workspace; a list paged by cursor ends with
 * `LoadOlder`.
 */
export function ListStates(props: {
  /**
   * The list's view: the failure's message (null while none), whether the first page is loading and, for a
   * list paged by cursor, its older pages.
   */
  view: { error: string | null; loading: boolean } & Partial<OlderPages>;
  onRetry(): void;
  /** A list paged by cursor: its rows end with `LoadOlder`, which asks for the next older page. */
  onOlder?: () => void;
  /** What the skeleton announces ("Loading history"). */
  loadingLabel: string;
  skeleton: { rows: number; height: string };
  /** Set when the list is read and has no rows: what to show instead (`EmptyList`, or a node of its own). */
  empty: ReactNode | null;
  children: ReactNode;
}) {
  if (props.view.error) return <RetryMessage message={props.view.error} onRetry={props.onRetry} />;
  if (props.view.loading) {
    return <LoadingRows label={props.loadingLabel} {...props.skeleton} />;
  }
  if (props.empty) return <>{props.empty}</>;
  const { view, onOlder } = props;
  return (
    <>
      {props.children}
      {onOlder && (
        <LoadOlder
          error={view.olderError ?? null}
          hasOlder={view.hasOlder ?? false}
          loading={view.loadingOlder ?? false}
          onLoad={onOlder}
        />
      )}
    </>
  );
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

/** Something loading: grey rows of its shape, announced as busy with what is loading ("Loading credits"). */
export function LoadingRows(props: { label: string; rows: number; height: string }) {
  return (
    <Stack role="status" aria-busy="true" aria-label={props.label}>
      {Array.from({ length: props.rows }, (_, i) => (
        <Skeleton key={i} h={props.height} />
      ))}
    </Stack>
  );
}
