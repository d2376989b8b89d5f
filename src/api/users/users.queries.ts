import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../client';
import type { UserList, UserListQuery } from '../contract/user';
import { usersApi } from './users';

/** Which users the list shows and in which order: the search, one role or all, the sort and direction. */
export type UserListFilter = Pick<UserListQuery, 'role' | 'sort' | 'dir'> & { search: string };

/** The `nextCursor` of the cached list page under `key`, if it is cached and fresh (not refetched since a change). */
function cursorBefore(client: QueryClient, key: readonly unknown[]): string | undefined {
  const state = client.getQueryState<UserList>(key);
  if (!state?.data || state.isInvalidated) return undefined;
  return state.data.nextCursor ?? undefined;
}

const USERS_KEY = ['users'] as const;
const pageKey = (filter: UserListFilter, page: number, pageSize: number | undefined) =>
  [...USERS_KEY, 'page', filter, page, pageSize ?? 'all'] as const;
const chunkKey = (filter: UserListFilter, index: number) => [...USERS_KEY, 'chunk', filter, index] as const;

/** GET /user: one page of the list, or one chunk of it when every user is shown. */
export const userQueries = {
  all: USERS_KEY,
  /**
   * A page by number. When the page before it is in the cache (the person pressed Next), its rows are read
   * after that page's last row (keyset: as cheap 90% down as on page 1) instead of by OFFSET; the number
   * still places it for the total.
   */
  page: (api: ApiClient, filter: UserListFilter, page: number, pageSize: number | undefined) =>
    queryOptions({
      queryKey: pageKey(filter, page, pageSize),
      queryFn: ({ signal, client }) => {
        const after = cursorBefore(client, pageKey(filter, page - 1, pageSize));
        return usersApi(api).list({ ...filter, page, pageSize, ...(after ? { after } : {}) }, signal);
      },
      placeholderData: keepPreviousData,
    }),
  /** Rows of All, `size` at a time; after the chunk before it when that one is cached (scrolling down). */
  chunk: (api: ApiClient, filter: UserListFilter, index: number, size: number) =>
    queryOptions({
      queryKey: chunkKey(filter, index),
      queryFn: ({ signal, client }) => {
        const after = cursorBefore(client, chunkKey(filter, index - 1));
        return usersApi(api).list(
          { ...filter, page: index + 1, pageSize: size, ...(after ? { after } : {}) },
          signal,
        );
      },
    }),
};
