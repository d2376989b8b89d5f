/** What the user drawer shows, from the machine's snapshot: one place for every derived flag. */
import type { SnapshotFrom } from 'xstate';
import { splitFullName } from '../../domain/users/users';
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
    },
  };
}
export type UserDrawerView = ReturnType<typeof userDrawerView>;
