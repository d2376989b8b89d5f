import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { creditsApi } from '../../api/credits/credits';
import type { SaveCreditInput } from './credit-editor.machine';

/** The credit editor's side effects: create, or update with the version read; reload; delete. */
export function createCreditEditorActors(api: ApiClient) {
  const credits = creditsApi(api);
  return {
    saveCredit: fromPromise(({ input }: { input: SaveCreditInput }) =>
      input.id === null
        ? credits.create(input.values)
        : credits.update(input.id, { ...input.values, version: input.version }),
    ),
    reloadCredit: fromPromise(async ({ input }: { input: { id: number } }) => {
      const fresh = (await credits.list()).find((credit) => credit.id === input.id);
      if (!fresh) throw new Error('This credit no longer exists.');
      return fresh;
    }),
    deleteCredit: fromPromise(async ({ input }: { input: { id: number } }) => {
      await credits.remove(input.id);
    }),
  };
}
