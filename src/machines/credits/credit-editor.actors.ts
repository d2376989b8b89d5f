import type { ApiClient } from '../../api/client';
import type { CreditInput } from '../../api/contract/credit';
import { creditsApi } from '../../api/credits/credits';
import { recordEditorActors } from '../shared/record-editor-actors';

/** The credit editor's side effects: create, or update with the version read; reload; delete. */
export function createCreditEditorActors(api: ApiClient) {
  const actors = recordEditorActors(creditsApi(api), {
    body: (values: CreditInput) => values,
    gone: 'This credit no longer exists.',
  });
  return { saveCredit: actors.save, reloadCredit: actors.reload, deleteCredit: actors.remove };
}
