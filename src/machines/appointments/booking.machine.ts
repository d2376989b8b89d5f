/**
 * Update/reschedule and Create Appointment (02 §2 admin dialogs, §5, §6): one chart, three variants
 * (`mode`): reschedule an appointment, the provider's Create Appointment (the customer typed in) and the
 * admin's (an existing user, or one made on the spot with Create User). Every variant picks a start among
 * the open slots of POST /appointments/availability.
 *
 *   form ─────────────────────────────────────────────────────────────── submit [isDraftValid] ──► submitting
 *     idle ──[canFindSlots]──► findingSlots ──done──► choosing (slot.choose)                         │
 *       ▲                          │ error                                                         done │ error
 *       └── items / provider / day change (from any form state: the start is chosen again)          ▼     │
 *                              slotsFailed ──retry──► findingSlots                               done   │
 *     submit while invalid: every field's error shows               409 slot taken ──► findingSlots ◄┘ (else choosing)
 */
import { assign, emit, setup } from 'xstate';
import type { ProviderSlots } from '../../api/contract/appointment-operations';
import { API_ERROR_CODES } from '../../api/contract/error-codes';
import {
  canFindSlots,
  checkBookingDraft,
  isSameInstant,
  type BookingDraft,
  type BookingErrors,
  type BookingMode,
  type CustomerField,
} from '../../domain/appointments/booking';
import type { PaymentMethod } from '../../domain/appointments/operations';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorCode, errorMessageOrNull } from '../shared/errors';
import { notice, type NoticeParams } from '../shared/notice';
import { placeholder } from '../shared/placeholder';

/** The appointment being rescheduled. */
export interface RescheduleSubject {
  id: number;
  groupId: string;
  providerId: number;
}

export interface BookingInput {
  mode: BookingMode;
  draft: BookingDraft;
  appointment?: RescheduleSubject;
}

export interface FindSlotsInput {
  serviceItemIds: number[];
  providerId: number;
  day: string;
  /** Rescheduling: the booking's own appointments do not block its new time. */
  excludeGroupId?: string;
}

export interface SubmitBookingInput {
  mode: BookingMode;
  draft: BookingDraft;
  appointment: RescheduleSubject | null;
}

export type BookingEvent =
  | { type: 'items.change'; serviceItemIds: number[] }
  | { type: 'provider.change'; providerId: number | null }
  | { type: 'day.change'; day: string }
  | { type: 'slot.choose'; start: string }
  | { type: 'customer.change'; field: CustomerField; value: string }
  | { type: 'user.select'; userId: number | null; label: string }
  | { type: 'payment.change'; method: PaymentMethod }
  | { type: 'invoice.set'; on: boolean }
  | { type: 'free.set'; on: boolean }
  | { type: 'retry' }
  | { type: 'submit' };

export interface BookingContext {
  mode: BookingMode;
  appointment: RescheduleSubject | null;
  draft: BookingDraft;
  offers: ProviderSlots[] | null;
  slotsError: string | null;
  errors: BookingErrors;
}

export type BookingEmitted = ReturnType<typeof notice> | { type: 'booking.saved'; mode: BookingMode };

export const SLOTS_FAILED = 'The open times could not be loaded.';
export const SLOT_TAKEN = 'That time was just taken. Choose another open time.';

const successOf = (mode: BookingMode) =>
  mode === 'reschedule' ? PROVIDER_MESSAGES.updatedAppointment : PROVIDER_MESSAGES.appointmentCreated;
const failureOf = (mode: BookingMode) =>
  mode === 'reschedule'
    ? PROVIDER_MESSAGES.updateAppointmentFailed
    : PROVIDER_MESSAGES.createAppointmentFailed;

/** The start stays only when it is still among the offered slots. */
function keptStart(draft: BookingDraft, offers: readonly ProviderSlots[]): string | null {
  for (const offer of offers) {
    const slot = offer.slots.find((s) => isSameInstant(s.start, draft.start));
    if (slot) return slot.start;
  }
  return null;
}

export const bookingMachine = setup({
  types: {
    input: {} as BookingInput,
    context: {} as BookingContext,
    events: {} as BookingEvent,
    emitted: {} as BookingEmitted,
    output: {} as { saved: true },
  },
  actors: {
    findSlots: placeholder<ProviderSlots[], FindSlotsInput>('findSlots'),
    submitBooking: placeholder<unknown, SubmitBookingInput>('submitBooking'),
  },
  guards: {
    canFindSlots: ({ context }) => canFindSlots(context.draft),
    isDraftValid: ({ context }) => Object.keys(checkBookingDraft(context.mode, context.draft)).length === 0,
    isSlotTaken: (_, params: { error: unknown }) => {
      const code = errorCode(params.error);
      return code === API_ERROR_CODES.appointmentSlotTaken || code === API_ERROR_CODES.appointmentSlotClosed;
    },
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    showErrors: assign({ errors: ({ context }) => checkBookingDraft(context.mode, context.draft) }),
    changeSlotQuery: assign(({ context, event }) => {
      const draft = { ...context.draft, start: null };
      if (event.type === 'items.change') draft.serviceItemIds = event.serviceItemIds;
      if (event.type === 'provider.change') draft.providerId = event.providerId;
      if (event.type === 'day.change') draft.day = event.day;
      const { serviceItemIds: _i, providerId: _p, start: _s, ...errors } = context.errors;
      return { draft, offers: null, slotsError: null, errors };
    }),
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({
    mode: input.mode,
    appointment: input.appointment ?? null,
    draft: input.draft,
    offers: null,
    slotsError: null,
    errors: {},
  }),
  initial: 'form',
  states: {
    form: {
      initial: 'idle',
      on: {
        'items.change': { target: '.idle', actions: 'changeSlotQuery' },
        'provider.change': { target: '.idle', actions: 'changeSlotQuery' },
        'day.change': { target: '.idle', actions: 'changeSlotQuery' },
        'customer.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _cleared, ...errors } = context.errors;
            return {
              draft: {
                ...context.draft,
                customer: { ...context.draft.customer, [event.field]: event.value },
              },
              errors,
            };
          }),
        },
        'user.select': {
          actions: assign(({ context, event }) => {
            const { userId: _cleared, ...errors } = context.errors;
            return { draft: { ...context.draft, userId: event.userId, userLabel: event.label }, errors };
          }),
        },
        'payment.change': {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, paymentMethod: event.method }),
          }),
        },
        'invoice.set': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, sendInvoice: event.on }) }),
        },
        'free.set': {
          actions: assign({ draft: ({ context, event }) => ({ ...context.draft, isFree: event.on }) }),
        },
        submit: [{ guard: 'isDraftValid', target: 'submitting' }, { actions: 'showErrors' }],
      },
      states: {
        // Items and a provider are needed before the open slots can be asked for.
        idle: {
          always: { guard: 'canFindSlots', target: 'findingSlots' },
        },
        findingSlots: {
          tags: ['busy'],
          invoke: {
            src: 'findSlots',
            input: ({ context }) => ({
              serviceItemIds: context.draft.serviceItemIds,
              providerId: context.draft.providerId ?? 0,
              day: context.draft.day,
              ...(context.appointment ? { excludeGroupId: context.appointment.groupId } : {}),
            }),
            onDone: {
              target: 'choosing',
              actions: assign(({ context, event }) => ({
                offers: event.output,
                draft: { ...context.draft, start: keptStart(context.draft, event.output) },
              })),
            },
            onError: {
              target: 'slotsFailed',
              actions: assign({ slotsError: ({ event }) => errorMessageOrNull(event.error) || SLOTS_FAILED }),
            },
          },
        },
        slotsFailed: {
          on: { retry: { target: 'findingSlots', actions: assign({ slotsError: null }) } },
        },
        choosing: {
          on: {
            'slot.choose': {
              actions: assign(({ context, event }) => {
                const { start: _cleared, ...errors } = context.errors;
                return { draft: { ...context.draft, start: event.start }, errors };
              }),
            },
          },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'submitBooking',
        input: ({ context }) => ({
          mode: context.mode,
          draft: context.draft,
          appointment: context.appointment,
        }),
        onDone: {
          target: 'done',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({ level: 'success', message: successOf(context.mode) }),
            },
            emit(({ context }) => ({ type: 'booking.saved' as const, mode: context.mode })),
          ],
        },
        onError: [
          {
            // Taken meanwhile (or no longer open): the slots are read again and another start is chosen.
            guard: { type: 'isSlotTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'form.findingSlots',
            actions: [
              assign(({ context }) => ({
                draft: { ...context.draft, start: null },
                errors: { ...context.errors, start: SLOT_TAKEN },
              })),
              {
                type: 'notify',
                params: ({ context }) => ({ level: 'error', message: failureOf(context.mode) }),
              },
            ],
          },
          {
            target: 'form.choosing',
            actions: {
              type: 'notify',
              params: ({ context }) => ({ level: 'error', message: failureOf(context.mode) }),
            },
          },
        ],
      },
    },
    done: { type: 'final' },
  },
  output: () => ({ saved: true as const }),
});
