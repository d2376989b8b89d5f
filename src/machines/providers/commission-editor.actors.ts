import { fromPromise } from 'xstate';
import { serviceCategoriesApi } from '../../api/catalogue/service-categories';
import type { ApiClient } from '../../api/client';
import { commissionsApi } from '../../api/providers/commissions';
import { providersApi } from '../../api/providers/providers';
import type { CommissionChange, SavedChange } from './commission-editor.rules';

/** The Commission and Fees section's side effects: the categories with their commissions, and one save each. */
export function createCommissionEditorActors(api: ApiClient) {
  const commissions = commissionsApi(api);
  return {
    loadCommissions: fromPromise(async ({ input }: { input: { providerId: number } }) => {
      const [categories, stored] = await Promise.all([
        serviceCategoriesApi(api).list(),
        commissions.list(input.providerId),
      ]);
      return { categories: categories.map(({ id, name }) => ({ id, name })), commissions: stored };
    }),
    saveChange: fromPromise(async ({ input }: { input: CommissionChange }): Promise<SavedChange> => {
      if (input.kind === 'fees') {
        const provider = await providersApi(api).update(input.providerId, {
          isUpkeepPayingProcessingFees: input.value,
        });
        return { kind: 'fees', value: provider.isUpkeepPayingProcessingFees };
      }
      const commission =
        input.commissionId === null
          ? await commissions.create({
              serviceCategoryId: input.categoryId,
              providerId: input.providerId,
              percentage: input.percentage,
            })
          : await commissions.update(input.commissionId, { percentage: input.percentage });
      return { kind: 'commission', commission };
    }),
  };
}
