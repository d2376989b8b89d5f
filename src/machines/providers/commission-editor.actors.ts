import { fromPromise } from 'xstate';
import { serviceCategoriesApi } from '../../api/catalogue/service-categories';
import type { ApiClient } from '../../api/client';
import { commissionsApi } from '../../api/providers/commissions';
import { providersApi } from '../../api/providers/providers';
import { settingsApi } from '../../api/settings/settings';
import type { CommissionChange, SavedChange } from './commission-editor.rules';
import type { LoadedCommissions } from './commission-editor.machine';

/**
 * The Commission and Fees section's side effects: the categories with their commissions and the provider's
 * fees flag and version, and one save each (sending the version read).
 */
export function createCommissionEditorActors(api: ApiClient) {
  const commissions = commissionsApi(api);
  const providers = providersApi(api);
  return {
    loadCommissions: fromPromise(
      async ({ input }: { input: { providerId: number } }): Promise<LoadedCommissions> => {
        const [categories, stored, provider, settings] = await Promise.all([
          serviceCategoriesApi(api).list(),
          commissions.list(input.providerId),
          providers.get(input.providerId),
          settingsApi(api).get(),
        ]);
        if (!provider) throw new Error('Provider not found');
        return {
          categories: categories.map(({ id, name }) => ({ id, name })),
          commissions: stored,
          provider: {
            version: provider.version,
            isUpkeepPayingProcessingFees: provider.isUpkeepPayingProcessingFees,
          },
          presets: { presets: settings.commissionPresets, defaultCommission: settings.defaultCommission },
        };
      },
    ),
    saveChange: fromPromise(async ({ input }: { input: CommissionChange }): Promise<SavedChange> => {
      if (input.kind === 'fees') {
        const provider = await providers.update(input.providerId, {
          isUpkeepPayingProcessingFees: input.value,
          version: input.version,
        });
        return { kind: 'fees', value: provider.isUpkeepPayingProcessingFees, version: provider.version };
      }
      const commission =
        input.commissionId === null || input.version === null
          ? await commissions.create({
              serviceCategoryId: input.categoryId,
              providerId: input.providerId,
              percentage: input.percentage,
            })
          : await commissions.update(input.commissionId, {
              percentage: input.percentage,
              version: input.version,
            });
      return { kind: 'commission', commission };
    }),
  };
}
