/**
 * What every record-editor screen does around its form (credits and promo codes today): the stale-save notice,
 * the delete question, the unsaved-changes guard, keeping the list's copy of a saved record, and leading a
 * created record to its list. The machines share the mechanism (src/machines/shared/record-editor.ts); this
 * is its screen side.
 */
import { Box, Heading, Text, type HeadingProps } from '@chakra-ui/react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, type ReactNode, type Ref } from 'react';
import type { AnyActorRef } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { AuditRecordType } from '../../domain/audit/audit';
import type { SortOrder } from '../../domain/shared/sort';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import type { ConfirmDeleteEvent } from '../../machines/shared/confirm-delete';
import { recordEditorView, type StaleSaveEvent } from '../../machines/shared/record-editor';
import { ConfirmDialog } from '../../ui/kit/ConfirmDialog';
import { PageHeader } from '../../ui/kit/PageHeader';
import { StaleNotice } from '../../ui/kit/StaleNotice';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import { PageShell } from '../../ui/kit/PageShell';
import { ChangedBy } from '../audit/ChangedBy';

/** A record editor's snapshot, as far as these pieces read it. */
export interface EditorSnapshot {
  status: string;
  output?: unknown;
  context: { draft: unknown; base: unknown };
  hasTag(tag: string): boolean;
  matches(state: 'confirmingDelete'): boolean;
}

export interface RecordEditorFrameProps {
  snapshot: EditorSnapshot;
  send(event: StaleSaveEvent | ConfirmDeleteEvent): void;
  /** The question before a saved record is deleted; absent while creating. */
  confirmDelete?: { title: string; message: string };
  children: ReactNode;
}

/** The same record stays open: another order of the list beside it (`sort`, `dir`) asks nothing. */
const sameRecord = (
  current: { pathname: string; search: object },
  next: { pathname: string; search: object },
) =>
  current.pathname === next.pathname &&
  (current.search as { id?: unknown }).id === (next.search as { id?: unknown }).id;

/**
 * The form with the stale notice above it and the delete and unsaved-changes questions: choosing another
 * record, leaving the page or reloading asks first while something is unsaved (sorting the list does not).
 */
export function RecordEditorFrame({ snapshot, send, confirmDelete, children }: RecordEditorFrameProps) {
  const view = recordEditorView(snapshot);
  const guard = useUnsavedGuard(view.dirty, { stays: sameRecord });
  return (
    <>
      {view.stale && (
        <StaleNotice
          message={view.staleMessage}
          reloading={view.reloading}
          onReload={() => send({ type: 'stale.reload' })}
          onKeepEditing={() => send({ type: 'stale.dismiss' })}
        />
      )}
      {children}
      {confirmDelete && (
        <ConfirmDialog
          open={snapshot.matches('confirmingDelete') || snapshot.hasTag('deleting')}
          title={confirmDelete.title}
          message={confirmDelete.message}
          confirmLabel="Delete"
          busy={snapshot.hasTag('deleting')}
          onConfirm={() => send({ type: 'delete.confirm' })}
          onCancel={() => send({ type: 'delete.cancel' })}
        />
      )}
      <UnsavedChangesDialog {...guard.dialog} />
    </>
  );
}

/**
 * A create page: the header with its way back to the list, and the form in a card. Once the record is created
 * the list is fetched again and shows it chosen.
 */
export function CreateRecordPage({
  list,
  ...props
}: Omit<RecordEditorFrameProps, 'confirmDelete' | 'children'> & {
  title: string;
  list: { to: '/credits' | '/promocodes'; label: string; queryKey: readonly unknown[] };
  maxW: string;
  /** The form, told whether the record is being created (it stays busy until the list shows it). */
  children(saving: boolean): ReactNode;
}) {
  useCreatedRecord(props.snapshot, list.queryKey, list.to);
  const saving = props.snapshot.hasTag('saving') || props.snapshot.status === 'done';
  return (
    <PageShell maxW={props.maxW}>
      <PageHeader title={props.title} back={{ to: list.to, label: list.label }} />
      <Box bg="white" p="5" rounded="md" borderWidth="1px">
        <RecordEditorFrame snapshot={props.snapshot} send={props.send}>
          {props.children(saving)}
        </RecordEditorFrame>
      </Box>
    </PageShell>
  );
}

function useCreatedRecord(
  snapshot: EditorSnapshot,
  queryKey: readonly unknown[],
  list: '/credits' | '/promocodes',
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const output = snapshot.status === 'done' ? (snapshot.output as { created?: { id: number } }) : undefined;
  const created = output?.created;
  useEffect(() => {
    if (!created) return;
    void queryClient.invalidateQueries({ queryKey });
    void navigate({ to: list, search: { id: created.id } });
  }, [created, navigate, queryClient, queryKey, list]);
}

/** The list's copy of a record follows each save the editor announces (`<record>.saved` with `key`). */
export function useSavedRecordInList(
  actor: AnyActorRef,
  type: string,
  key: string,
  queryKey: readonly unknown[],
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const subscription = actor.on(type, (event: Record<string, { id: number }>) => {
      const saved = event[key];
      if (!saved) return;
      // Every order of the list read so far (its key and what follows it) shows the saved record.
      queryClient.setQueriesData<{ id: number }[]>({ queryKey }, (list) =>
        list?.map((item) => (item.id === saved.id ? saved : item)),
      );
    });
    return () => subscription.unsubscribe();
  }, [actor, queryClient, type, key, queryKey]);
}

/** What a record list screen's route gives it: the chosen record's id and the list's order, both in the URL. */
export interface RecordListScreenProps<Column extends string> {
  api: ApiClient;
  id: number | undefined;
  order: SortOrder<Column>;
}

/**
 * The props a record list's table takes alike from its query: loading, busy while another order is read, the
 * chosen row, choosing one, and Try again.
 */
export function recordTableProps<T extends { id: number }>(
  query: UseQueryResult<T[]>,
  chosen: T | null,
  onChoose: (id: number) => void,
) {
  return {
    loading: query.isPending,
    busy: query.isPlaceholderData,
    chosenId: chosen?.id ?? null,
    onChoose,
    onRetry: () => void query.refetch(),
  };
}

/**
 * The details pane's top: the heading and the chosen record's "Changed by" line, or, until a record is chosen,
 * what to choose (or that the chosen id does not exist once the list is read).
 */
export function RecordDetails(props: {
  api: ApiClient;
  id: string;
  headingRef?: Ref<HTMLHeadingElement>;
  recordType: AuditRecordType;
  /** The chosen record and its name; null when none is chosen. */
  chosen: { id: number; version: number } | null;
  title: string | null;
  titleProps?: HeadingProps;
  /** What the record is called in the empty pane's "That … does not exist". */
  noun: string;
  emptyTitle: string;
  /** What to choose the record for. */
  chooseText: string;
  /** A record's id is in the URL and the list, read, does not hold it. */
  missing: boolean;
}) {
  const { chosen } = props;
  return (
    <>
      <RecordDetailsHeading
        id={props.id}
        {...(props.headingRef ? { headingRef: props.headingRef } : {})}
        {...(props.titleProps ? { titleProps: props.titleProps } : {})}
        title={props.title}
        emptyTitle={props.emptyTitle}
        emptyText={
          props.missing ? `That ${props.noun} does not exist. Choose one from the list.` : props.chooseText
        }
      />
      {chosen && (
        <ChangedBy
          api={props.api}
          recordType={props.recordType}
          recordId={chosen.id}
          version={chosen.version}
          isAdmin
        />
      )}
    </>
  );
}

/** The details pane's heading and, until a record is chosen, what to do (or that the chosen one is gone). */
function RecordDetailsHeading(props: {
  id: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** The chosen record's name; null when none is chosen. */
  title: string | null;
  titleProps?: HeadingProps;
  emptyTitle: string;
  /** What the empty pane says: that the chosen id does not exist, or what to choose. */
  emptyText: string;
}) {
  const focusable = props.headingRef ? { ref: props.headingRef, tabIndex: -1 } : {};
  if (props.title !== null) {
    return (
      <Heading as="h2" id={props.id} size="lg" mb="4" {...focusable} {...props.titleProps}>
        {props.title}
      </Heading>
    );
  }
  return (
    <>
      <Heading as="h2" id={props.id} size="lg" mb="2" {...focusable}>
        {props.emptyTitle}
      </Heading>
      <Text color="gray.700">{props.emptyText}</Text>
    </>
  );
}
