import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { readerTimeZone } from '../../app/clock';
import { userQueries } from '../../app/queries';
import { USER_MESSAGES } from '../../domain/shared/messages';
import { firstRowNumber, USERS_CHUNK } from '../../domain/users/users-list';
import { nextSort } from '../../domain/users/users-table';
import { notify } from '../../ui/kit/notify';
import { PageHeader } from '../../ui/kit/PageHeader';
import { UserPagination, type UserPageSize } from '../../ui/users/UserPagination';
import { UserTable } from '../../ui/users/UserTable';
import { InviteButton, UserDownloads, UserToolbar } from '../../ui/users/UserToolbar';
import { useUserDownloads } from './use-user-downloads';
import { useUserList } from './use-user-list';
import { UserDrawerScreen } from './UserDrawerScreen';
import { type UsersSearch } from './users-search';
import { PageShell } from '../../ui/kit/PageShell';

/** How long typing must pause before the search is sent. */
const SEARCH_DEBOUNCE_MS = 200;

const toPageSize = (size: UsersSearch['size']): UserPageSize => (size === 'all' ? 'All' : size);
const fromPageSize = (size: UserPageSize): UsersSearch['size'] => (size === 'All' ? 'all' : size);

/**
 * Users (01 §2): search, a role filter, sortable columns, pages or all, CSV downloads, and the drawer of the
 * user in the URL. Search, role, sort and page all live in the URL.
 */
export function UsersScreen({
  api,
  search,
  onViewAsProvider,
  signedInUid,
}: {
  api: ApiClient;
  /** The signed-in admin, whose own drawer offers neither a role change nor deletion. */
  signedInUid?: string | null;
  search: UsersSearch;
  /** Views the console as a provider (from a provider's name in the drawer). */
  onViewAsProvider?(providerId: number): void;
}) {
  const navigate = useNavigate({ from: '/users' });
  const queryClient = useQueryClient();
  const pageSize = toPageSize(search.size);

  // The box follows every keystroke; the URL (and so the query) follows once typing pauses.
  const [typed, setTyped] = useState(search.q);
  const lastSent = useRef(search.q);
  useEffect(() => {
    // A URL change from elsewhere (back button, a link) shows in the box.
    if (search.q !== lastSent.current) {
      lastSent.current = search.q;
      setTyped(search.q);
    }
  }, [search.q]);
  const { role, sort, dir } = search;
  useEffect(() => {
    if (typed === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = typed;
      // The request leaves now, while the router takes the new URL: the list then finds it on its way.
      const filter = { search: typed.trim(), role, sort, dir };
      if (pageSize === 'All') void queryClient.prefetchQuery(userQueries.chunk(api, filter, 0, USERS_CHUNK));
      else {
        const { placeholderData: _shownMeanwhile, ...firstPage } = userQueries.page(api, filter, 1, pageSize);
        void queryClient.prefetchQuery(firstPage);
      }
      void navigate({ search: (prev) => ({ ...prev, q: typed, page: 1 }), replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, navigate, queryClient, api, role, sort, dir, pageSize]);

  const q = search.q.trim();
  const [timeZone] = useState(readerTimeZone);

  const { all, list, total, totalCapped, rowCount, rowAt, refreshing, loadingFirst, onVisibleRangeChange } =
    useUserList(
      api,
      { search: q, role: search.role, sort: search.sort, dir: search.dir },
      search.page,
      pageSize,
    );

  useEffect(() => {
    if (list?.isError) void notify('error', USER_MESSAGES.listFailed);
  }, [list?.isError]);

  const { downloading, download } = useUserDownloads(api, {
    search: q,
    role: search.role,
    sort: search.sort,
    dir: search.dir,
  });

  const setSearch = (change: Partial<UsersSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...change }), replace });

  return (
    <PageShell>
      <PageHeader
        title="Users"
        primary={<InviteButton />}
        secondary={
          <UserDownloads
            downloadingUsers={downloading === 'users'}
            downloadingWaitlist={downloading === 'waitlist'}
            onDownloadUsers={() => void download('users')}
            onDownloadWaitlist={() => void download('waitlist')}
          />
        }
      />
      <UserToolbar
        search={typed}
        searching={typed !== search.q || (!!list?.isFetching && !loadingFirst)}
        role={search.role ?? null}
        onSearchChange={setTyped}
        onRoleChange={(role) => setSearch({ role: role ?? undefined, page: 1 })}
      />
      {list?.isError && !list.data ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{USER_MESSAGES.listFailed}</Alert.Title>
          <Button size="sm" ml="auto" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert.Root>
      ) : loadingFirst ? (
        <Stack role="status" aria-busy="true" aria-label="Loading users">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h="10" />
          ))}
        </Stack>
      ) : total === 0 ? (
        <Stack p="6" bg="white" rounded="md" borderWidth="1px" align="flex-start" gap="3">
          <Text role="status">{USER_MESSAGES.notFound}</Text>
          {(q || search.role) && (
            <Button
              variant="outline"
              onClick={() => {
                lastSent.current = '';
                setTyped('');
                setSearch({ q: '', role: undefined, page: 1 });
              }}
            >
              {search.role ? 'Clear search and filter' : 'Clear search'}
            </Button>
          )}
        </Stack>
      ) : (
        <UserTable
          rowCount={rowCount}
          rowAt={rowAt}
          virtual={all}
          total={total}
          firstRowNumber={firstRowNumber(search.page, pageSize)}
          refreshing={refreshing}
          listKey={q}
          onVisibleRangeChange={onVisibleRangeChange}
          onOpen={(user) => user.firebaseUid && setSearch({ user: user.firebaseUid })}
          sort={{ sort: search.sort, dir: search.dir }}
          onSort={(column) => setSearch({ ...nextSort(search, column), page: 1 })}
          timeZone={timeZone}
        />
      )}
      <UserPagination
        page={search.page}
        pageSize={pageSize}
        total={total}
        totalCapped={totalCapped}
        onPageChange={(page) => setSearch({ page })}
        onPageSizeChange={(size) => setSearch({ size: fromPageSize(size), page: 1 })}
      />
      {search.user && (
        <UserDrawerScreen
          key={search.user}
          api={api}
          firebaseUid={search.user}
          onClose={() => setSearch({ user: undefined })}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: userQueries.all })}
          onViewAsProvider={onViewAsProvider}
          signedInUid={signedInUid}
        />
      )}
    </PageShell>
  );
}
