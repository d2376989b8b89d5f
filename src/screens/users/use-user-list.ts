import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { UserList } from '../../api/contract/user';
import { userQueries, type UserListFilter } from '../../api/users/users.queries';
import { chunkIndexes, rowInChunks, USERS_CHUNK } from '../../domain/users/users-list';
import type { UserPageSize } from '../../ui/users/UserPagination';

/** `useQueries` hands back the same array until a result changes. */
const sameResults = <T>(results: T): T => results;

/**
 * The users list: one request per page (the previous page stays shown while the next arrives), or, for All,
 * the rows in view a chunk at a time (the first chunk also says how many match).
 */
export function useUserList(api: ApiClient, filter: UserListFilter, page: number, pageSize: UserPageSize) {
  const all = pageSize === 'All';
  const paged = useQuery({
    ...userQueries.page(api, filter, page, pageSize === 'All' ? undefined : pageSize),
    enabled: !all,
  });

  const [range, setRange] = useState({ start: 0, end: 0 });
  const onVisibleRangeChange = useCallback((start: number, end: number) => setRange({ start, end }), []);
  const indexes = useMemo(() => chunkIndexes(range), [range]);
  const chunks = useQueries({
    queries: indexes.map((index) => ({
      ...userQueries.chunk(api, filter, index, USERS_CHUNK),
      enabled: all,
      placeholderData: index === 0 ? keepPreviousData : undefined,
    })),
    // The same array until a chunk changes, so the rows' lookup (and the table) stay the same between.
    combine: sameResults,
  });
  const chunkRows = useMemo(
    () => new Map(indexes.map((index, i) => [index, chunks[i]?.data?.users])),
    [indexes, chunks],
  );
  const pageRows = paged.data?.users;
  const rowAt = useCallback(
    (index: number) => (all ? rowInChunks(chunkRows, index) : pageRows?.[index]),
    [all, chunkRows, pageRows],
  );

  const list = all ? chunks[0] : paged;
  // Each chunk counts up to a cap past itself, so in All the furthest count seen so far is the total.
  const counted =
    all && !list?.isPlaceholderData
      ? chunks.reduce<UserList | undefined>(
          (best, chunk) => (chunk.data && chunk.data.total > (best?.total ?? -1) ? chunk.data : best),
          undefined,
        )
      : list?.data;
  const total = counted?.total ?? 0;
  return {
    all,
    list,
    total,
    totalCapped: counted?.totalCapped ?? false,
    rowCount: all ? total : (paged.data?.users.length ?? 0),
    rowAt,
    refreshing: !!list?.isPlaceholderData && !!list.isFetching,
    loadingFirst: list?.isPending ?? true,
    onVisibleRangeChange,
  };
}
