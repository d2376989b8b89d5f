import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { appointmentOperationsApi } from '../../api/appointments/operations';
import type { ApiClient } from '../../api/client';
import { usersApi } from '../../api/users/users';
import { serviceCategoryQueries } from '../../api/catalogue/service-categories.queries';
import { userQueries } from '../../api/users/users.queries';
import { useFlow } from '../../app/flow';
import type { BookingDraft, BookingMode } from '../../domain/appointments/booking';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import {
  createBookingActors,
  createCreateUserActors,
  userLabel,
} from '../../machines/appointments/appointments.actors';
import { bookingMachine, type RescheduleSubject } from '../../machines/appointments/booking.machine';
import { createUserMachine, type CreatedUser } from '../../machines/appointments/create-user.machine';
import { BookingDialog } from '../../ui/appointments/BookingDialog';
import { CreateUserDialog } from '../../ui/appointments/CreateUserDialog';

const USER_SEARCH_PAGE = 20;

export interface BookingDialogScreenProps {
  api: ApiClient;
  mode: BookingMode;
  draft: BookingDraft;
  appointment?: RescheduleSubject;
  /** The providers an admin may choose from (admin variant and reschedule). */
  providers: readonly { id: number; name: string }[] | null;
  onSaved(): void;
  onClose(): void;
}

/**
 * Update/reschedule and Create Appointment bound to the booking chart; the admin variant searches the
 * users and can create one on the spot (Create User), who is then chosen. Mounted while open.
 */
export function BookingDialogScreen(props: BookingDialogScreenProps) {
  const { api, mode } = props;
  const [snapshot, send, actor] = useFlow(bookingMachine, {
    actors: createBookingActors(appointmentOperationsApi(api)),
    input: { mode, draft: props.draft, ...(props.appointment ? { appointment: props.appointment } : {}) },
  });
  const categories = useQuery(serviceCategoryQueries.list(api));
  const [search, setSearch] = useState('');
  const [creatingUser, setCreatingUser] = useState(false);
  const users = useQuery({
    ...userQueries.page(api, { search: search.trim(), role: 'USER' }, 1, USER_SEARCH_PAGE),
    enabled: mode === 'admin',
  });
  const { onSaved } = props;
  useEffect(() => {
    const subscription = actor.on('booking.saved', () => onSaved());
    return () => subscription.unsubscribe();
  }, [actor, onSaved]);

  const { context } = snapshot;
  return (
    <>
      <BookingDialog
        open
        mode={mode}
        draft={context.draft}
        errors={context.errors}
        busy={snapshot.hasTag('busy')}
        submitting={snapshot.matches('submitting')}
        findingSlots={snapshot.matches({ form: 'findingSlots' })}
        offers={context.offers}
        slotsError={context.slotsError}
        categories={{
          items: categories.data ?? [],
          loading: categories.isPending,
          failure: categories.isError ? 'The service items could not be loaded.' : null,
          onRetry: () => void categories.refetch(),
        }}
        providers={props.providers}
        users={
          mode === 'admin'
            ? {
                items: (users.data?.users ?? []).map((user) => ({ id: user.id, label: userLabel(user) })),
                // The last search's users stay on as a placeholder while the next runs: not to be chosen.
                loading: users.isPending || users.isPlaceholderData,
                failure: users.isError ? PROVIDER_MESSAGES.usersFailed : null,
                onSearch: setSearch,
                onRetry: () => void users.refetch(),
              }
            : null
        }
        onCreateUser={() => setCreatingUser(true)}
        onItems={(serviceItemIds) => send({ type: 'items.change', serviceItemIds })}
        onProvider={(providerId) => send({ type: 'provider.change', providerId })}
        onDay={(day) => send({ type: 'day.change', day })}
        onSlot={(start) => send({ type: 'slot.choose', start })}
        onCustomer={(field, value) => send({ type: 'customer.change', field, value })}
        onUser={(userId, label) => send({ type: 'user.select', userId, label })}
        onPayment={(method) => send({ type: 'payment.change', method })}
        onInvoice={(on) => send({ type: 'invoice.set', on })}
        onFree={(on) => send({ type: 'free.set', on })}
        onRetrySlots={() => send({ type: 'retry' })}
        onSubmit={() => send({ type: 'submit' })}
        // Create User opens over this dialog; a click there is not a request to close this one.
        onClose={() => {
          if (!creatingUser) props.onClose();
        }}
      />
      {creatingUser && (
        <CreateUserScreen
          api={api}
          onCreated={(user) => {
            setCreatingUser(false);
            send({ type: 'user.select', userId: user.id, label: user.label });
          }}
          onClose={() => setCreatingUser(false)}
        />
      )}
    </>
  );
}

/** Create User bound to its chart; mounted while open. */
function CreateUserScreen(props: { api: ApiClient; onCreated(user: CreatedUser): void; onClose(): void }) {
  const [snapshot, send, actor] = useFlow(createUserMachine, {
    actors: createCreateUserActors(usersApi(props.api)),
  });
  const created = useSelector(actor, (s) => s.output ?? null);
  const { onCreated } = props;
  useEffect(() => {
    if (created) onCreated(created);
  }, [created, onCreated]);
  return (
    <CreateUserDialog
      open
      draft={snapshot.context.draft}
      errors={snapshot.context.errors}
      submitting={snapshot.matches('submitting')}
      onChange={(field, value) => send({ type: 'field.change', field, value })}
      onSubmit={() => send({ type: 'submit' })}
      onClose={props.onClose}
    />
  );
}
