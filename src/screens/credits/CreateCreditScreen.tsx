import { useState } from 'react';
import type { ApiClient } from '../../api/client';
import { useFlow } from '../../app/flow';
import { creditQueries } from '../../api/credits/credits.queries';
import { createCreditEditorActors } from '../../machines/credits/credit-editor.actors';
import { creditEditorMachine } from '../../machines/credits/credit-editor.machine';
import { CreditForm } from '../../ui/credits/CreditForm';
import { CreateRecordPage } from '../shared/record-editor';

/** Create credit (01 §2): title, description and a total in dollars, stored in cents. */
export function CreateCreditScreen({ api }: { api: ApiClient }) {
  const [actors] = useState(() => createCreditEditorActors(api));
  const [snapshot, send] = useFlow(creditEditorMachine, { actors, input: { credit: null } });
  const { context } = snapshot;
  return (
    <CreateRecordPage
      title="Create Credit"
      list={{ to: '/credits', label: 'Credits', queryKey: creditQueries.all }}
      maxW="2xl"
      snapshot={snapshot}
      send={send}
    >
      {(saving) => (
        <CreditForm
          draft={context.draft}
          errors={context.errors}
          saveError={context.saveError}
          fixedTotalInCents={null}
          saving={saving}
          submitLabel="Create"
          onFieldChange={(field, value) => send({ type: 'field.change', field, value })}
          onSubmit={() => send({ type: 'credit.save' })}
        />
      )}
    </CreateRecordPage>
  );
}
