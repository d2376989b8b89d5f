import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import { serviceCategoriesApi } from '../../api/catalogue/service-categories';

/** Creating a service category (POST /svc-category). */
export function createCreateCategoryActors(api: ApiClient) {
  return {
    createCategory: fromPromise(({ input }: { input: { name: string; iconURL: string | null } }) =>
      serviceCategoriesApi(api).create(input),
    ),
  };
}
