/** The appointment dialogs' side effects, built from the API modules; tests provide their own. */
import { fromPromise } from 'xstate';
import type { AppointmentOperationsApi } from '../../api/appointments/operations';
import type { Cancellation, Explanation, ProviderSlots } from '../../api/contract/appointment-operations';
import type { UserSummary } from '../../api/contract/user';
import type { UsersApi } from '../../api/users/users';
import { AVAILABILITY_SEARCH_DAYS } from '../../domain/appointments/booking';
import { toBirthdate } from '../../domain/users/users';
import type { CancelOptions, CancelOutcome, UpdateStatusInput } from './appointment-status.machine';
import type { FindSlotsInput, SubmitBookingInput } from './booking.machine';
import type { CreatedUser } from './create-user.machine';
import type { ExplainTimeInput } from './explain-time.machine';
import type { SendReceiptInput } from './send-receipt.machine';
import type { NewUserDraft } from '../../domain/appointments/booking';

const outcomeOf = (cancellation: Cancellation): CancelOutcome => ({
  status: cancellation.status,
  summary: cancellation.summary,
});
const cancelQuery = (input: CancelOptions) => ({
  refundOption: input.refundOption,
  latecancelfee: input.lateCancelFee,
});

export function createAppointmentStatusActors(api: AppointmentOperationsApi) {
  return {
    updateStatus: fromPromise<unknown, UpdateStatusInput>(({ input }) =>
      api.updateStatus(input.id, { status: input.status }),
    ),
    previewCancellation: fromPromise<CancelOutcome, CancelOptions>(async ({ input, signal }) =>
      outcomeOf(await api.cancellationPreview(input.groupId, cancelQuery(input), signal)),
    ),
    cancelAppointment: fromPromise<CancelOutcome, CancelOptions>(async ({ input }) =>
      outcomeOf(await api.cancel(input.groupId, cancelQuery(input))),
    ),
  };
}

export function createBookingActors(api: AppointmentOperationsApi) {
  return {
    findSlots: fromPromise<ProviderSlots[], FindSlotsInput>(({ input, signal }) =>
      api.availability(
        {
          serviceItemIds: input.serviceItemIds,
          provider: input.providerId,
          startDate: input.day,
          days: AVAILABILITY_SEARCH_DAYS,
          ...(input.excludeGroupId ? { excludeGroupId: input.excludeGroupId } : {}),
        },
        signal,
      ),
    ),
    submitBooking: fromPromise<unknown, SubmitBookingInput>(({ input }) => {
      const { draft } = input;
      const provider = draft.providerId ?? 0;
      const startDate = draft.start ?? '';
      if (input.mode === 'reschedule' && input.appointment) {
        const previous = input.appointment.providerId;
        return api.reschedule(input.appointment.id, {
          serviceItemIds: draft.serviceItemIds,
          provider,
          startDate,
          isAvaliableSlots: true,
          isProviderChanged: provider !== previous,
          previousProvider: previous,
        });
      }
      if (input.mode === 'admin') {
        return api.createAsAdmin({
          user: draft.userId ?? 0,
          provider,
          serviceItemIds: draft.serviceItemIds,
          startDate,
          paymentMethod: draft.paymentMethod,
        });
      }
      const { customer } = draft;
      return api.createAsProvider({
        email: customer.email.trim(),
        firstName: customer.firstName.trim(),
        lastName: customer.lastName.trim(),
        phone: customer.phone.trim(),
        birthdate: toBirthdate(customer.birthdate) ?? customer.birthdate.trim(),
        serviceItemIds: draft.serviceItemIds,
        provider,
        startDate,
        sendInvoice: draft.sendInvoice,
        isFree: draft.isFree,
      });
    }),
  };
}

/** How a user is named in the pickers: "First Last (email)", or the email alone. */
export function userLabel(
  user: Pick<UserSummary, 'displayName' | 'firstName' | 'lastName' | 'email'>,
): string {
  const name = user.displayName ?? [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name ? `${name} (${user.email})` : user.email;
}

export function createCreateUserActors(api: UsersApi) {
  return {
    registerUser: fromPromise<CreatedUser, NewUserDraft>(async ({ input }) => {
      const user = await api.register({
        email: input.email.trim(),
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        password: input.password,
        phone: input.phone.trim(),
        birthdate: toBirthdate(input.birthdate) ?? input.birthdate.trim(),
      });
      return { id: user.id, label: userLabel(user) };
    }),
  };
}

export function createSendReceiptActors(api: AppointmentOperationsApi) {
  return {
    sendReceipt: fromPromise<unknown, SendReceiptInput>(({ input }) => api.sendReceipt(input)),
  };
}

export function createExplainTimeActors(api: AppointmentOperationsApi) {
  return {
    explainTime: fromPromise<Explanation, ExplainTimeInput>(({ input, signal }) =>
      api.explain(input, signal),
    ),
  };
}
