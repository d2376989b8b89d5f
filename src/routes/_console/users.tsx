import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { UserSummary } from '../../api/contract/user';
import { creditsApi } from '../../api/credits';
import { leadsApi } from '../../api/leads';
import { providersApi } from '../../api/providers';
import { usersApi } from '../../api/users';
import { guard } from '../../app/guards';
import { queryKeys } from '../../app/query';
import { USERS_DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { csvFileName, toCsv } from '../../domain/csv';
import { ACCESS_MESSAGES, PEOPLE_MESSAGES, USER_MESSAGES } from '../../domain/messages';
import { userLabel } from '../../domain/users';
import { userDrawerMachine } from '../../machines/user-drawer.machine';
import { userDrawerView } from '../../machines/user-drawer.view';
import { notify } from '../../ui/notify';
import { UserDrawer } from '../../ui/UserDrawer';
import { UserPagination, type UserPageSize } from '../../ui/UserPagination';
import { UserTable } from '../../ui/UserTable';
import { UserToolbar } from '../../ui/UserToolbar';
import { Alert, Box, Button, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';

/** List state in the URL (01 §2): search text, page, page size and the open user; a bad value falls back. */
const DEFAULT_SIZE = USERS_DEFAULT_PAGE_SIZE as 10;
const SearchSchema = v.object({
  q: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200)), ''), ''),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  size: v.fallback(
    v.optional(v.union([v.picklist([5, 10, 25]), v.literal('all')]), DEFAULT_SIZE),
    DEFAULT_SIZE,
  ),
  user: v.fallback(v.optional(v.string()), undefined),
});
type UsersSearch = v.InferOutput<typeof SearchSchema>;

export const Route = createFileRoute('/_console/users')({
  beforeLoad: guard('/users'),
  validateSearch: SearchSchema,
  component: UsersRoute,
});

/** How long typing must pause before the search is sent. */
const SEARCH_DEBOUNCE_MS = 200;
/** "All" fetches the rows in view in chunks of this many. */
const CHUNK = 100;

const usersKey = ['users'] as const;

const toPageSize = (size: UsersSearch['size']): UserPageSize => (size === 'all' ? 'All' : size);
const fromPageSize = (size: UserPageSize): UsersSearch['size'] => (size === 'All' ? 'all' : size);

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Hands a CSV text to the browser as a file (with a byte order mark so spreadsheets read it as UTF-8). */
function saveFile(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

function usersCsv(users: readonly UserSummary[]): string {
  return toCsv(
    [
      'Name',
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Birthdate',
      'Role',
      'Invite code',
      'Available points',
      'User id',
      'Joined',
    ],
    users.map((user) => [
      userLabel(user),
      user.firstName,
      user.lastName,
      user.email,
      user.phone,
      user.birthdate,
      user.role,
      user.inviteCode,
      user.availablePoints,
      user.firebaseUid,
      user.createdAt.slice(0, 10),
    ]),
  );
}

function UsersRoute() {
  const { api } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const users = useMemo(() => usersApi(api), [api]);
  const pageSize = toPageSize(search.size);
  const all = pageSize === 'All';

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
  useEffect(() => {
    if (typed === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = typed;
      void navigate({ search: (prev) => ({ ...prev, q: typed, page: 1 }), replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, navigate]);

  const q = search.q.trim();

  // Pages: one request per page; the previous page stays shown while the next arrives.
  const paged = useQuery({
    queryKey: [...usersKey, 'page', q, search.page, pageSize],
    queryFn: ({ signal }) =>
      users.list(
        { search: q, page: search.page, pageSize: pageSize === 'All' ? undefined : pageSize },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled: !all,
  });

  // All: the rows in view, a chunk at a time; the first chunk also says how many match.
  const [range, setRange] = useState({ start: 0, end: 0 });
  const onVisibleRangeChange = useCallback((start: number, end: number) => setRange({ start, end }), []);
  const chunkIndexes = useMemo(() => {
    const first = Math.floor(range.start / CHUNK);
    const last = Math.floor(range.end / CHUNK);
    const indexes = new Set([0]);
    for (let index = first; index <= last; index += 1) indexes.add(index);
    return [...indexes];
  }, [range]);
  const chunks = useQueries({
    queries: chunkIndexes.map((index) => ({
      queryKey: [...usersKey, 'chunk', q, index],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        users.list({ search: q, page: index + 1, pageSize: CHUNK }, signal),
      enabled: all,
      placeholderData: index === 0 ? keepPreviousData : undefined,
    })),
  });
  const firstChunk = chunks[0];
  const chunkRows = new Map(chunkIndexes.map((index, i) => [index, chunks[i]?.data?.users]));

  const list = all ? firstChunk : paged;
  const total = list?.data?.total ?? 0;
  const rowCount = all ? total : (paged.data?.users.length ?? 0);
  const rowAt = (index: number) =>
    all ? chunkRows.get(Math.floor(index / CHUNK))?.[index % CHUNK] : paged.data?.users[index];
  const refreshing = !!list?.isPlaceholderData && !!list.isFetching;

  useEffect(() => {
    if (list?.isError) void notify('error', USER_MESSAGES.listFailed);
  }, [list?.isError]);

  // Downloads.
  const [downloading, setDownloading] = useState<'users' | 'waitlist' | null>(null);
  const downloadUsers = async () => {
    setDownloading('users');
    try {
      const everyone = await users.list({ search: q, pageSize: 'all' });
      saveFile(csvFileName('users', today()), usersCsv(everyone.users));
    } catch {
      void notify('error', PEOPLE_MESSAGES.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };
  const downloadWaitlist = async () => {
    setDownloading('waitlist');
    try {
      const leads = await leadsApi(api).list();
      saveFile(
        csvFileName('waitlist', today()),
        toCsv(
          ['Email', 'Name', 'Signed up'],
          leads.map((lead) => [lead.email, lead.name, lead.createdAt]),
        ),
      );
    } catch {
      void notify('error', PEOPLE_MESSAGES.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };

  const setSearch = (change: Partial<UsersSearch>, replace = false) =>
    void navigate({ search: (prev) => ({ ...prev, ...change }), replace });

  const loadingFirst = list?.isPending ?? true;

  return (
    <Box p="6">
      <Heading as="h1" size="xl" mb="4">
        Users
      </Heading>
      <UserToolbar
        search={typed}
        searching={typed !== search.q || (!!list?.isFetching && !loadingFirst)}
        downloadingUsers={downloading === 'users'}
        downloadingWaitlist={downloading === 'waitlist'}
        onSearchChange={setTyped}
        onDownloadUsers={() => void downloadUsers()}
        onDownloadWaitlist={() => void downloadWaitlist()}
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
        <Stack aria-busy="true" aria-label="Loading users">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} h="10" />
          ))}
        </Stack>
      ) : total === 0 ? (
        <Text role="status" p="6" bg="white" rounded="md" borderWidth="1px">
          {USER_MESSAGES.notFound}
        </Text>
      ) : (
        <UserTable
          rowCount={rowCount}
          rowAt={rowAt}
          virtual={all}
          total={total}
          firstRowNumber={all ? 1 : (search.page - 1) * (pageSize as number) + 1}
          refreshing={refreshing}
          listKey={q}
          onVisibleRangeChange={onVisibleRangeChange}
          onOpen={(user) => user.firebaseUid && setSearch({ user: user.firebaseUid })}
        />
      )}
      <UserPagination
        page={search.page}
        pageSize={pageSize}
        total={total}
        onPageChange={(page) => setSearch({ page })}
        onPageSizeChange={(size) => setSearch({ size: fromPageSize(size), page: 1 })}
      />
      {search.user && (
        <UserDrawerRoute
          key={search.user}
          api={api}
          firebaseUid={search.user}
          onClose={() => setSearch({ user: undefined })}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: usersKey })}
        />
      )}
    </Box>
  );
}

function UserDrawerRoute({
  api,
  firebaseUid,
  onClose,
  onChanged,
}: {
  api: ApiClient;
  firebaseUid: string;
  onClose(): void;
  onChanged(): void;
}) {
  const providers = useQuery({ queryKey: queryKeys.providers, queryFn: () => providersApi(api).list() });
  const catalogue = useQuery({ queryKey: ['credits'], queryFn: () => creditsApi(api).list() });
  const machine = useMemo(() => {
    const users = usersApi(api);
    return userDrawerMachine.provide({
      actors: {
        loadUser: fromPromise(({ input }) => users.get(input.firebaseUid)),
        saveUser: fromPromise(({ input }) => users.update(input.firebaseUid, input.update)),
        deleteUser: fromPromise(async ({ input }) => {
          await users.remove(input.firebaseUid);
        }),
        loadAppointments: fromPromise(({ input }) => users.appointments(input.firebaseUid)),
        loadCredits: fromPromise(({ input }) => users.credits(input.firebaseUid)),
        addCredit: fromPromise(({ input }) => users.addCredit(input.firebaseUid, input.creditId)),
        removeCredit: fromPromise(async ({ input }) => {
          await users.removeCredit(input.firebaseUid, input.userCreditId);
          return input.userCreditId;
        }),
      },
    });
  }, [api]);
  const [snapshot, send, actor] = useMachine(machine, { input: { firebaseUid } });

  const closeRef = useRef(onClose);
  const changedRef = useRef(onChanged);
  useEffect(() => {
    closeRef.current = onClose;
    changedRef.current = onChanged;
  });
  useEffect(() => {
    const subscriptions = [
      actor.on('notify', (event) => void notify(event.status, event.message)),
      actor.on('user.changed', () => changedRef.current()),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor]);
  useEffect(() => {
    if (catalogue.isError) void notify('error', USER_MESSAGES.creditsFailed);
  }, [catalogue.isError]);

  const view = userDrawerView(snapshot);
  useEffect(() => {
    if (view.deleted) closeRef.current();
  }, [view.deleted]);

  const name = view.user ? userLabel(view.user) : 'User';
  return (
    <UserDrawer
      open={!view.deleted}
      title={name}
      email={view.user?.email ?? null}
      loading={view.loading}
      loadFailed={view.loadFailed}
      onRetryLoad={() => send({ type: 'user.retry' })}
      onClose={onClose}
      account={
        view.form
          ? {
              form: view.form,
              errors: view.errors,
              saveError: view.saveError,
              extraNameWords: view.extraNameWords,
              saving: view.saving,
              editable: view.editable,
              providers: (providers.data ?? []).map((provider) => ({
                id: provider.id,
                name: provider.name,
                place: [provider.location?.city, provider.location?.state].filter(Boolean).join(', ') || null,
              })),
              providersLoading: providers.isPending,
              providersFailure: providers.isError ? ACCESS_MESSAGES.providersLoadFailed : null,
              onFieldChange: (field, value) => send({ type: 'field.change', field, value }),
              onRoleChange: (role) => send({ type: 'role.change', role }),
              onProvidersChange: (providerIds) => send({ type: 'providers.change', providerIds }),
              onRetryProviders: () => void providers.refetch(),
              onSave: () => send({ type: 'user.save' }),
              onDelete: () => send({ type: 'user.delete' }),
            }
          : null
      }
      associatedProviders={view.isProvider ? (view.user?.providers ?? []) : null}
      bookings={{
        loading: view.bookings.loading,
        failed: view.bookings.failed,
        appointments: view.bookings.list,
        onRetry: () => send({ type: 'bookings.retry' }),
      }}
      credits={{
        loading: view.credits.loading,
        failed: view.credits.failed,
        busy: view.credits.busy,
        canChange: view.credits.canChange,
        credits: view.credits.list,
        catalogue: catalogue.data ?? [],
        catalogueFailure: catalogue.isError ? USER_MESSAGES.creditsFailed : null,
        onAdd: (creditId) => send({ type: 'credit.add', creditId }),
        onRemove: (userCreditId) => send({ type: 'credit.remove', userCreditId }),
        onRetry: () => send({ type: 'credits.retry' }),
      }}
      confirmDelete={{
        open: view.confirmingDelete || view.deleting,
        busy: view.deleting,
        message: PEOPLE_MESSAGES.confirmDeleteUser(name),
        onConfirm: () => send({ type: 'delete.confirm' }),
        onCancel: () => send({ type: 'delete.cancel' }),
      }}
    />
  );
}
