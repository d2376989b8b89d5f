import { Box } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { useFlow } from '../../app/flow';
import { creditQueries } from '../../app/queries';
import { createCreditEditorActors } from '../../machines/credits/credit-editor.actors';
import { creditEditorMachine } from '../../machines/credits/credit-editor.machine';
import { CreditForm } from '../../ui/credits/CreditForm';
import { PageHeader } from '../../ui/kit/PageHeader';
import { recordEditorView } from '../../machines/shared/record-editor';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';

/** Create credit (01 §2): title, description and a total in dollars, stored in cents. */
export function CreateCreditScreen({ api }: { api: ApiClient }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [actors] = useState(() => createCreditEditorActors(api));
  const [snapshot, send] = useFlow(creditEditorMachine, { actors, input: { credit: null } });
  const output = snapshot.status === 'done' ? snapshot.output : undefined;
  const created = output && 'created' in output ? output.created : undefined;
  useEffect(() => {
    if (!created) return;
    void queryClient.invalidateQueries({ queryKey: creditQueries.all });
    void navigate({ to: '/credits', search: { id: created.id } });
  }, [created, navigate, queryClient]);

  const { context } = snapshot;
  const guard = useUnsavedGuard(recordEditorView(snapshot).dirty);
  return (
    <Box p="6" maxW="2xl">
      <PageHeader title="Create Credit" back={{ to: '/credits', label: 'Credits' }} />
      <Box bg="white" p="5" rounded="md" borderWidth="1px">
        <CreditForm
          draft={context.draft}
          errors={context.errors}
          saveError={context.saveError}
          fixedTotalInCents={null}
          saving={snapshot.hasTag('saving') || snapshot.status === 'done'}
          submitLabel="Create"
          onFieldChange={(field, value) => send({ type: 'field.change', field, value })}
          onSubmit={() => send({ type: 'credit.save' })}
        />
      </Box>
      <UnsavedChangesDialog {...guard.dialog} />
    </Box>
  );
}
