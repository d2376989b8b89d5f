import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { Credit } from '../../api/contract/credit';
import { useFailureNotice, useFlow } from '../../app/flow';
import { creditQueries } from '../../api/credits/credits.queries';
import { PEOPLE_MESSAGES, USER_MESSAGES } from '../../domain/shared/messages';
import { createCreditEditorActors } from '../../machines/credits/credit-editor.actors';
import { creditEditorMachine } from '../../machines/credits/credit-editor.machine';
import { ListDetailLayout } from '../../ui/kit/ListDetailLayout';
import { CreditForm } from '../../ui/credits/CreditForm';
import { CreditTable } from '../../ui/credits/CreditTable';
import { CREDIT_SORTS_DESCENDING_FIRST, type CreditSortColumn } from '../../domain/credits/credit-list';
import { nextSort } from '../../domain/shared/sort';
import {
  RecordDetails,
  RecordEditorFrame,
  recordTableProps,
  useSavedRecordInList,
  type RecordListScreenProps,
} from '../shared/record-editor';

/**
 * Credits (01 §2): pick a credit from the list (a table whose order is in the URL) and edit or delete it (after a confirmation; the server refuses a
 * credit that users hold); Create New goes to the create form.
 */
export function CreditsScreen({ api, id, order }: RecordListScreenProps<CreditSortColumn>) {
  const navigate = useNavigate({ from: '/credits/' });
  const credits = useQuery(creditQueries.list(api, order));
  useFailureNotice(credits.isError, USER_MESSAGES.creditsFailed);
  const chosen = credits.data?.find((credit) => credit.id === id) ?? null;
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The URL stops pointing at the deleted credit (replacing the entry, so Back does not lead to it), the list
  // drops it, and the focus, whose button is gone, goes to the section's heading.
  const onDeleted = useCallback(
    (deletedId: number) => {
      void navigate({ search: (prev) => ({ ...prev, id: undefined }), replace: true }).then(() => {
        queryClient.setQueriesData<Credit[]>({ queryKey: creditQueries.all }, (list) =>
          list?.filter((item) => item.id !== deletedId),
        );
        void queryClient.invalidateQueries({ queryKey: creditQueries.all });
        headingRef.current?.focus();
      });
    },
    [navigate, queryClient],
  );

  return (
    <ListDetailLayout
      title="Credits"
      createTo="/credits/create"
      listLabel="Credit list"
      listWidth="md"
      detailsLabelledBy="credit-heading"
      list={
        <CreditTable
          credits={credits.data ?? []}
          failed={credits.isError}
          sort={order}
          onSort={(column) =>
            void navigate({
              search: (prev) => ({ ...prev, ...nextSort(order, column, CREDIT_SORTS_DESCENDING_FIRST) }),
            })
          }
          {...recordTableProps(credits, chosen, (creditId) => {
            void navigate({ search: (prev) => ({ ...prev, id: creditId }) });
          })}
        />
      }
    >
      <RecordDetails
        api={api}
        id="credit-heading"
        headingRef={headingRef}
        recordType="credit"
        chosen={chosen}
        title={chosen?.title ?? null}
        noun="credit"
        emptyTitle="Edit a credit"
        chooseText="Choose a credit from the list to edit its title and description."
        missing={id !== undefined && credits.isSuccess}
      />
      {chosen && <CreditEditor key={chosen.id} api={api} credit={chosen} onDeleted={onDeleted} />}
    </ListDetailLayout>
  );
}

function CreditEditor({
  api,
  credit,
  onDeleted,
}: {
  api: ApiClient;
  credit: Credit;
  onDeleted(id: number): void;
}) {
  const [actors] = useState(() => createCreditEditorActors(api));
  const [snapshot, send, actor] = useFlow(creditEditorMachine, { actors, input: { credit } });
  useSavedRecordInList(actor, 'credit.saved', 'credit', creditQueries.all);
  const output = snapshot.status === 'done' ? snapshot.output : undefined;
  const deletedId = output && 'deleted' in output ? output.deleted : null;
  useEffect(() => {
    if (deletedId !== null) onDeleted(deletedId);
  }, [deletedId, onDeleted]);
  const { context } = snapshot;
  return (
    <RecordEditorFrame
      snapshot={snapshot}
      send={send}
      confirmDelete={{ title: 'Delete credit', message: PEOPLE_MESSAGES.confirmDeleteCredit(credit.title) }}
    >
      <CreditForm
        draft={context.draft}
        errors={context.errors}
        saveError={context.saveError}
        deleteError={context.deleteError}
        fixedTotalInCents={context.credit?.totalInCents ?? null}
        saving={snapshot.hasTag('saving')}
        editable={snapshot.matches('editing')}
        submitLabel="Save"
        onFieldChange={(field, value) => send({ type: 'field.change', field, value })}
        onSubmit={() => send({ type: 'credit.save' })}
        onDelete={() => send({ type: 'credit.delete' })}
      />
    </RecordEditorFrame>
  );
}
