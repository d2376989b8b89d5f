/**
 * The words of the providers list's URL and query: its columns that sort, its yes/no facets and the
 * directions (src/domain/shared/sort.ts). Only small modules with no imports of their own: the providers
 * route checks its search with these, and routes load with the sign-in page. ./provider-list re-exports them.
 */
export const PROVIDER_SORT_COLUMNS = [
  'name',
  'place',
  'strategy',
  'onboarding',
  'payoutsReady',
  'public',
] as const;
export type ProviderSortColumn = (typeof PROVIDER_SORT_COLUMNS)[number];
export { SORT_DIRECTIONS, type SortDirection } from '../shared/sort';

/** A yes/no facet's value in the URL and the API's query (payouts ready, public). */
export const YES_NO = ['yes', 'no'] as const;
export type YesNo = (typeof YES_NO)[number];
