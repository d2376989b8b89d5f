/** What the user drawer shows, from the machine's snapshot: one place for every derived flag. */
import type { SnapshotFrom } from 'xstate';
import { splitFullName, userFormFrom } from '../../domain/users/users';
import { isDraftDirty, STALE_MESSAGE } from '../shared/record-editor';
import type { userDrawerMachine } from './user-drawer.machine';

export type UserDrawerSnapshot = SnapshotFrom<typeof userDrawerMachine>;

export function userDrawerView(snapshot: UserDrawerSnapshot) {
  const { context } = snapshot;
  const name = context.form ? splitFullName(context.form.fullName) : null;
  return {
    loading: snapshot.hasTag('loading'),
    loadFailed: snapshot.matches('loadFailed'),
    deleted: snapshot.status === 'done',
    user: context.user,
    form: context.form,
    errors: context.errors,
    saveError: context.saveError,
    saving: snapshot.hasTag('saving'),
    deleting: snapshot.hasTag('deleting'),
    confirmingDelete: snapshot.matches({ ready: { account: 'confirmingDelete' } }),
    /** The form can be changed and saved only while nothing else happens to the account. */
    editable: snapshot.matches({ ready: { account: 'editing' } }),
    /** Something typed is not saved (the unsaved-changes guard asks before it is lost). */
    dirty:
      snapshot.status === 'active' &&
      context.user !== null &&
      context.form !== null &&
      isDraftDirty({ draft: context.form, base: userFormFrom(context.user) }),
    stale: snapshot.hasTag('stale'),
    reloading: snapshot.hasTag('reloading'),
    staleMessage: STALE_MESSAGE,
    /** Words of the full name after the second, which stay in the display name only. */
    extraNameWords: name?.extraWords ?? [],
    isProvider: context.user?.role === 'PROVIDER',
    /** The providers multi-select shows for a provider user only (01 §5). */
    showProviderPicker: context.form?.role === 'PROVIDER',
    bookings: {
      loading: snapshot.matches({ ready: { bookings: 'loading' } }),
      failed: snapshot.matches({ ready: { bookings: 'failed' } }),
      list: context.appointments,
    },
    credits: {
      loading: snapshot.matches({ ready: { credits: 'loading' } }),
      failed: snapshot.matches({ ready: { credits: 'failed' } }),
      busy: snapshot.hasTag('creditBusy'),
      canChange: snapshot.matches({ ready: { credits: 'listed' } }),
      list: context.credits,
      /** The credit whose removal waits for a confirmation. */
      confirmingRemove: snapshot.matches({ ready: { credits: 'confirmingRemove' } })
        ? (context.credits.find((held) => held.id === context.removingCreditId) ?? null)
        : null,
    },
  };
}
export type UserDrawerView = ReturnType<typeof userDrawerView>;
