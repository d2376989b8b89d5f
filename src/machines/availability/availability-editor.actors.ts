import { fromPromise } from 'xstate';
import { serviceCategoriesApi } from '../../api/catalogue/service-categories';
import type { ApiClient } from '../../api/client';
import { onboardingApi } from '../../api/onboarding/onboarding';
import type { LoadedAvailability, SaveAvailabilityInput } from './availability-editor.rules';

/**
 * The availability editor's side effects: the categories and the location's stored availability read
 * together, and one save per category (POST the first time, PUT with the version read once it has a row).
 */
export function createAvailabilityEditorActors(api: ApiClient) {
  const onboarding = onboardingApi(api);
  return {
    loadAvailability: fromPromise(
      async ({ input }: { input: { locationId: number } }): Promise<LoadedAvailability> => {
        const [categories, availabilities] = await Promise.all([
          serviceCategoriesApi(api).list(),
          onboarding.availabilities(input.locationId),
        ]);
        return { categories: categories.map(({ id, name }) => ({ id, name })), availabilities };
      },
    ),
    saveAvailability: fromPromise(({ input }: { input: SaveAvailabilityInput }) =>
      input.id === null
        ? onboarding.createAvailability(input.body)
        : onboarding.updateAvailability(input.id, input.body),
    ),
  };
}
