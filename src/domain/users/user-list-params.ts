/**
 * The words of the users list's URL and query: roles, sort keys and directions (src/domain/shared/sort.ts).
 * Only small modules with no imports of their own: the users route checks its search with these, and routes
 * load with the sign-in page.
 */
export const USER_ROLES = ['USER', 'PROVIDER', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const USER_SORTS = ['name', 'email', 'joined'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export { SORT_DIRECTIONS, type SortDirection } from '../shared/sort';
