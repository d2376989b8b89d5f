import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useFailureNotice } from '../../app/flow';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { readerTimeZone } from '../../app/clock';
import { userQueries } from '../../api/users/users.queries';
import { USER_MESSAGES } from '../../domain/shared/messages';
import { firstRowNumber, USERS_CHUNK } from '../../domain/users/users-list';
import { nextUsersSort, type UsersSortColumn } from '../../domain/users/users-table';
import type { UserSummary } from '../../api/contract/user';
import type { UserRole } from '../../domain/users/users';
import { PageHeader } from '../../ui/kit/PageHeader';
import { UserPagination, type UserPageSize } from '../../ui/users/UserPagination';
import { UserTable } from '../../ui/users/UserTable';
import { InviteButton, UserDownloads, UserToolbar } from '../../ui/users/UserToolbar';
import { useUserDownloads } from './use-user-downloads';
import { useUserList } from './use-user-list';
import { UserDrawerScreen } from './UserDrawerScreen';
import { recordPlace } from '../../domain/shared/record-pager';
import { pagerOf } from '../shared/record-place';
import { type UsersSearch } from './users-search';
import { PageShell } from '../../ui/kit/PageShell';
import { RetryMessage } from '../../ui/kit/RetryMessage';
import { LoadingRows } from '../../ui/kit/ListStates';

/** How long typing must pause before the table shows the search. */
const SEARCH_DEBOUNCE_MS = 200;
/**
 * How long typing must pause before the search's request leaves: the answer is read ahead during the rest of
 * the pause, so the table can show it as soon as the pause ends. Keys typed closer together than this send
 * nothing.
 */
const SEARCH_READ_AHEAD_MS = 80;
/** How long the URL waits for a search's answer before it changes all the same. */
const SEARCH_WAIT_MS = 300;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** A prefetch has no rows to show meanwhile. */
const withoutPlaceholder = <T extends { placeholderData?: unknown }>({
  placeholderData: _none,
  ...options
}: T): Omit<T, 'placeholderData'> => options;

const toPageSize = (size: UsersSearch['size']): UserPageSize => (size === 'all' ? 'All' : size);
const fromPageSize = (size: UserPageSize): UsersSearch['size'] => (size === 'All' ? 'all' : size);

/** The users a drawer can open (an account without a sign-in has no drawer), in the list's order. */
const uidsOf = (users: readonly { firebaseUid: string | null }[]) =>
  users.flatMap((user) => (user.firebaseUid ? [user.firebaseUid] : []));

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
  const { role, sort, dir } = search;

  // The box follows every keystroke; the URL (and so the query) follows once typing pauses. The pause is
  // timed from the key itself, and a keystroke renders only the search box: the table, pages and header
  // keep their props, so they are not drawn again.
  const [typed, setTyped] = useState(search.q);
  const lastSent = useRef(search.q);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const readingAhead = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shown = useRef({ role, sort, dir, pageSize });
  useEffect(() => {
    shown.current = { role, sort, dir, pageSize };
  }, [role, sort, dir, pageSize]);
  /** Forgets the typing not yet shown: its read ahead and its URL change. */
  const cancelTyping = useCallback(() => {
    clearTimeout(pending.current);
    clearTimeout(readingAhead.current);
  }, []);
  useEffect(() => cancelTyping, [cancelTyping]);
  useEffect(() => {
    // A URL change from elsewhere (back button, a link) shows in the box.
    if (search.q !== lastSent.current) {
      lastSent.current = search.q;
      cancelTyping();
      setTyped(search.q);
    }
  }, [search.q, cancelTyping]);
  /** Reads the first page (or All's first chunk) of a search into the cache; one request however often asked. */
  const read = useCallback(
    (text: string) => {
      const { role, sort, dir, pageSize } = shown.current;
      const filter = { search: text.trim(), role, sort, dir };
      return pageSize === 'All'
        ? queryClient.prefetchQuery(userQueries.chunk(api, filter, 0, USERS_CHUNK))
        : queryClient.prefetchQuery(withoutPlaceholder(userQueries.page(api, filter, 1, pageSize)));
    },
    [queryClient, api],
  );
  const onSearchChange = useCallback(
    (text: string) => {
      setTyped(text);
      cancelTyping();
      if (text === lastSent.current) return;
      readingAhead.current = setTimeout(() => void read(text), SEARCH_READ_AHEAD_MS);
      pending.current = setTimeout(() => {
        lastSent.current = text;
        // The URL (and so the screen) follows when the answer is in (usually read ahead by now), so the
        // screen is drawn once, with the new rows. A slow answer does not hold the URL back for long: the
        // list then shows the rows before as refreshing.
        void Promise.race([read(text), delay(SEARCH_WAIT_MS)]).then(() => {
          if (lastSent.current !== text) return;
          void navigate({ search: (prev) => ({ ...prev, q: text, page: 1 }), replace: true });
        });
      }, SEARCH_DEBOUNCE_MS);
    },
    [navigate, read, cancelTyping],
  );

  const q = search.q.trim();
  const [timeZone] = useState(readerTimeZone);

  const { all, list, total, totalCapped, rowCount, rowAt, refreshing, loadingFirst, onVisibleRangeChange } =
    useUserList(api, { search: q, role, sort, dir }, search.page, pageSize);

  useFailureNotice(list?.isError === true, USER_MESSAGES.listFailed);

  const { downloading, download } = useUserDownloads(api, { search: q, role, sort, dir });

  const setSearch = useCallback(
    (change: Partial<UsersSearch>, replace = false) =>
      void navigate({ search: (prev) => ({ ...prev, ...change }), replace }),
    [navigate],
  );
  const order = useMemo(() => ({ sort, dir }), [sort, dir]);
  const onOpen = useCallback(
    (user: UserSummary) => user.firebaseUid && setSearch({ user: user.firebaseUid }),
    [setSearch],
  );
  const onSort = useCallback(
    (column: UsersSortColumn) => setSearch({ ...nextUsersSort(order, column), page: 1 }),
    [setSearch, order],
  );
  const onRoleChange = useCallback(
    (role: UserRole | null) => setSearch({ role: role ?? undefined, page: 1 }),
    [setSearch],
  );
  const onPageChange = useCallback((page: number) => setSearch({ page }), [setSearch]);
  // The open user's place among the page's rows (pages of 5 to 25; All has no pages to step across).
  const pageRows = !all && !list?.isPlaceholderData ? list?.data?.users : undefined;
  const userPlace =
    search.user && pageRows && pageSize !== 'All'
      ? recordPlace(uidsOf(pageRows), search.user, { number: search.page, size: pageSize, total })
      : null;
  const place = userPlace
    ? pagerOf(
        userPlace,
        search.page,
        (user, page) => setSearch({ user, page }),
        async (page) => {
          const read = await queryClient.fetchQuery(
            withoutPlaceholder(
              userQueries.page(api, { search: q, role, sort, dir }, page, pageSize as number),
            ),
          );
          return uidsOf(read.users);
        },
      )
    : null;
  const onPageSizeChange = useCallback(
    (size: UserPageSize) => setSearch({ size: fromPageSize(size), page: 1 }),
    [setSearch],
  );
  const header = useMemo(() => {
    const downloads = {
      downloadingUsers: downloading === 'users',
      downloadingWaitlist: downloading === 'waitlist',
      onDownloadUsers: () => void download('users'),
      onDownloadWaitlist: () => void download('waitlist'),
    };
    return (
      <PageHeader
        title="Users"
        primary={<InviteButton />}
        secondary={
          <Box display={{ base: 'none', md: 'contents' }}>
            <UserDownloads {...downloads} />
          </Box>
        }
      >
        {/* On a phone Invite stays beside the title and the two downloads share one row under it. */}
        <Flex display={{ base: 'flex', md: 'none' }} gap="2" mt="3">
          <UserDownloads {...downloads} fill />
        </Flex>
      </PageHeader>
    );
  }, [downloading, download]);

  return (
    <PageShell>
      {header}
      <UserToolbar
        search={typed}
        searching={typed !== search.q || (!!list?.isFetching && !loadingFirst)}
        role={search.role ?? null}
        onSearchChange={onSearchChange}
        onRoleChange={onRoleChange}
      />
      {list?.isError && !list.data ? (
        <RetryMessage message={USER_MESSAGES.listFailed} onRetry={() => void list.refetch()} />
      ) : loadingFirst ? (
        <LoadingRows label="Loading users" rows={5} height="10" />
      ) : total === 0 ? (
        <Stack p="6" bg="white" rounded="md" borderWidth="1px" align="flex-start" gap="3">
          <Text role="status">{USER_MESSAGES.notFound}</Text>
          {(q || search.role) && (
            <Button
              variant="outline"
              onClick={() => {
                lastSent.current = '';
                cancelTyping();
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
          onOpen={onOpen}
          sort={order}
          onSort={onSort}
          timeZone={timeZone}
        />
      )}
      <UserPagination
        page={search.page}
        pageSize={pageSize}
        total={total}
        totalCapped={totalCapped}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />
      {search.user && (
        <UserDrawerScreen
          key={search.user}
          api={api}
          firebaseUid={search.user}
          place={place}
          onClose={() => setSearch({ user: undefined })}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: userQueries.all })}
          onViewAsProvider={onViewAsProvider}
          signedInUid={signedInUid}
        />
      )}
    </PageShell>
  );
}
