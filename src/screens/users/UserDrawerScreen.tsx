import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { useFailureNotice, useFlow } from '../../app/flow';
import { creditQueries } from '../../api/credits/credits.queries';
import { providerQueries } from '../../api/providers/providers.queries';
import {
  ACCESS_MESSAGES,
  EDITOR_MESSAGES,
  PEOPLE_MESSAGES,
  USER_MESSAGES,
} from '../../domain/shared/messages';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import { RecordPager, type RecordPagerProps } from '../../ui/kit/RecordPager';
import { providerChoices } from '../../domain/providers/providers';
import { formatCount } from '../../domain/shared/format';
import { userLabel } from '../../domain/users/users';
import { createUserDrawerActors } from '../../machines/users/user-drawer.actors';
import { userDrawerMachine } from '../../machines/users/user-drawer.machine';
import { userDrawerView } from '../../machines/users/user-drawer.view';
import { staleNoticeProps } from '../../ui/kit/StaleNotice';
import { UserDrawer } from '../../ui/users/UserDrawer';
import { ChangedBy } from '../audit/ChangedBy';

/** The drawer of one user (01 §2, §5): the account form, their providers, bookings and credits. */
export function UserDrawerScreen({
  api,
  firebaseUid,
  onClose,
  onChanged,
  onViewAsProvider,
  signedInUid,
  place,
}: {
  api: ApiClient;
  firebaseUid: string;
  /** The user's place in the list the drawer was opened from, with previous and next. */
  place?: Omit<RecordPagerProps, 'noun'> | null;
  onClose(): void;
  onChanged(): void;
  onViewAsProvider?(providerId: number): void;
  /** The signed-in admin: their own drawer offers neither a role change nor deletion. */
  signedInUid?: string | null;
}) {
  const catalogue = useQuery(creditQueries.list(api));
  const [actors] = useState(() => createUserDrawerActors(api));
  const [snapshot, send, actor] = useFlow(userDrawerMachine, { actors, input: { firebaseUid } });

  const closeRef = useRef(onClose);
  const changedRef = useRef(onChanged);
  useEffect(() => {
    closeRef.current = onClose;
    changedRef.current = onChanged;
  });
  useEffect(() => {
    const subscription = actor.on('user.changed', () => changedRef.current());
    return () => subscription.unsubscribe();
  }, [actor]);
  useFailureNotice(catalogue.isError, USER_MESSAGES.creditsFailed);

  const view = userDrawerView(snapshot);
  const providers = useProviderSearch(api, view.showProviderPicker);
  // The names of the chosen providers: the saved ones', and each one's as it is chosen.
  const [chosenNames, setChosenNames] = useState<ReadonlyMap<number, string>>(new Map());
  const nameOf = (id: number) =>
    chosenNames.get(id) ?? view.user?.providers.find((p) => p.id === id)?.name ?? PROVIDER_UNLISTED;
  useEffect(() => {
    if (view.deleted) closeRef.current();
  }, [view.deleted]);

  // Closing the drawer (Esc, the close button), leaving the page or reloading asks first while unsaved.
  const guard = useUnsavedGuard(view.dirty);
  const removing = view.credits.confirmingRemove;

  const name = view.user ? userLabel(view.user) : 'User';
  return (
    <>
      <UserDrawer
        open={!view.deleted}
        title={name}
        email={view.user?.email ?? null}
        loading={view.loading}
        loadFailed={view.loadFailed}
        onRetryLoad={() => send({ type: 'user.retry' })}
        onClose={onClose}
        pager={place ? <RecordPager noun="user" {...place} /> : null}
        account={
          view.form
            ? {
                form: view.form,
                errors: view.errors,
                saveError: view.saveError,
                extraNameWords: view.extraNameWords,
                saving: view.saving,
                editable: view.editable,
                showProviderPicker: view.showProviderPicker,
                providers: providers.matches,
                chosenProviders: view.form.providerIds.map((id) => ({ id, name: nameOf(id) })),
                providersMore: providers.more,
                providersLoading: providers.loading,
                providersFailure: providers.failed ? ACCESS_MESSAGES.providersLoadFailed : null,
                onFieldChange: (field, value) => send({ type: 'field.change', field, value }),
                onRoleChange: (role) => send({ type: 'role.change', role }),
                onProviderSearch: providers.setName,
                onProvidersChange: (chosen) => {
                  setChosenNames(new Map([...chosenNames, ...chosen.map((p) => [p.id, p.name] as const)]));
                  send({ type: 'providers.change', providerIds: chosen.map((p) => p.id) });
                },
                onRetryProviders: providers.retry,
                onSave: () => send({ type: 'user.save' }),
                onDelete: () => send({ type: 'user.delete' }),
                ownAccount: firebaseUid === signedInUid,
              }
            : null
        }
        associatedProviders={view.isProvider ? (view.user?.providers ?? []) : null}
        onViewAsProvider={onViewAsProvider}
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
        confirmRemoveCredit={{
          open: removing !== null,
          message: EDITOR_MESSAGES.confirmRemoveCredit(removing?.credit.title ?? ''),
          onConfirm: () => send({ type: 'remove.confirm' }),
          onCancel: () => send({ type: 'remove.cancel' }),
        }}
        stale={staleNoticeProps(view, send)}
        changedBy={
          view.user && (
            <ChangedBy
              api={api}
              recordType="user"
              recordId={view.user.id}
              version={view.user.version}
              isAdmin
              compact
            />
          )
        }
      />
      <UnsavedChangesDialog {...guard.dialog} />
    </>
  );
}

/** How many providers the picker offers at once; more are reached by typing more of a name. */
const PROVIDER_MATCHES = 20;
const PROVIDER_UNLISTED = 'A provider no longer listed';

/**
 * The providers whose name holds the typed text (GET /providers?name=…), the first of them in name order.
 * While a new search runs its old matches (the page query's placeholder) are not offered, so Enter never
 * chooses from them.
 */
function useProviderSearch(api: ApiClient, enabled: boolean) {
  const [name, setName] = useState('');
  const typed = name.trim();
  const query = useQuery({
    ...providerQueries.page(api, typed ? { name: typed } : {}, 1, PROVIDER_MATCHES, {
      sort: 'name',
      dir: 'asc',
    }),
    enabled,
  });
  const found = query.data?.providers ?? [];
  const total = query.data?.total ?? 0;
  return {
    matches: providerChoices(found),
    more:
      total > found.length
        ? `The first ${formatCount(found.length)} of ${formatCount(total)} providers. Type more of a name to find the others.`
        : null,
    loading: query.isPending || query.isPlaceholderData,
    failed: query.isError,
    setName,
    retry: () => void query.refetch(),
  };
}
