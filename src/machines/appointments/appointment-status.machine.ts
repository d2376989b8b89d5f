/**
 * An appointment's status and cancel rules (02 §4 Appointment status, §6), one chart for the dashboard
 * drawer and the providers panel's cancel modal.
 *
 *   ready ──[isCancelled]──► locked (the picker is disabled once CANCELLED or LATE_CANCELLED)
 *   ready ──status.choose [isSavableChoice]──► savingStatus ──done──► ready ('Appointment updated', Undo)
 *             │                                            └─error─► ready (the status as it was)
 *             ├──status.undo [isUndoable]──► undoingStatus ──done──► ready ('Status changed back to …')
 *             │     (the last change, still shown)         └─error─► ready (the status as it is; Undo again)
 *             │     status.choose [isCancelChoice] → warn 'Please contact support…', nothing saved
 *             │     (LATE_CANCELLED, and CANCELLED under 24 hours, are disabled: ignored)
 *             └──cancel.open [canCancel: admins]──► cancelDialog
 *                    previewing ──done──► confirming ──cancel.confirm──► cancelling ──done──► locked
 *                        │ error                ▲ refund.choose / lateFee.set re-preview     │ error
 *                        ▼                      └─────────────────────────────────────────── ┘
 *                    previewFailed ──retry──► previewing          cancel.close ──► ready
 *
 * Only a saved ACTIVE, COMPLETED or FILMING change is undone (a cancel is not): the Undo puts the status
 * before it back through the same update, and its own toast offers no Undo (a failed Undo's error toast
 * offers it again). An Undo of an older change, of one already undone, or once cancelled, is ignored.
 *
 * "Now" comes from the input, so the 24-hour rule is decided by whoever runs the chart (tests control it).
 */
import { assign, emit, setup } from 'xstate';
import type { CancelRefundOption } from '../../api/contract/appointment-operations';
import { statusLabel } from '../../domain/appointments/status-labels';
import {
  isCancelledStatus,
  isSavableStatus,
  isSelectableStatus,
  type AppointmentStatus,
} from '../../domain/appointments/status-rules';
import { LATE_CANCEL_HOURS } from '../../domain/appointments/operations';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorMessageOrNull } from '../shared/errors';
import { notice, type NoticeParams, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';

export type RefundOption = CancelRefundOption;

/** The appointment as the chart needs it. */
export interface StatusSubject {
  id: number;
  groupId: string;
  status: AppointmentStatus;
  startDate: string;
}

export interface UpdateStatusInput {
  id: number;
  status: AppointmentStatus;
}

export interface CancelOptions {
  groupId: string;
  refundOption: RefundOption;
  lateCancelFee: boolean;
}

/** What cancelling does (the preview, and the outcome of the cancel itself). */
export interface CancelOutcome {
  status: 'CANCELLED' | 'LATE_CANCELLED';
  /** The sentence the dialog shows before confirming. */
  summary: string;
}

export interface AppointmentStatusInput {
  appointment: StatusSubject;
  /** "Now" as an ISO instant, for the late-cancel rule. */
  now: string;
  /** The late-cancel threshold in hours (the marketplace setting; 24 when not given). */
  lateCancelHours?: number;
  /** Admins get the cancel dialog (02 §6). */
  canCancel: boolean;
}

export type AppointmentStatusEvent =
  | { type: 'status.choose'; status: AppointmentStatus }
  /** The Undo of a saved change (its toast's button): `from` is put back if the status is still `to`. */
  | { type: 'status.undo'; from: AppointmentStatus; to: AppointmentStatus }
  | { type: 'cancel.open' }
  | { type: 'refund.choose'; option: RefundOption }
  | { type: 'lateFee.set'; on: boolean }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.close' }
  | { type: 'retry' };

export type AppointmentStatusEmitted =
  ReturnType<typeof notice> | { type: 'appointment.changed'; id: number; status: AppointmentStatus };

export interface AppointmentStatusContext {
  appointment: StatusSubject;
  now: string;
  lateCancelHours: number;
  canCancel: boolean;
  /** The status being saved. */
  pending: AppointmentStatus | null;
  /** The last saved change, while its toast's Undo may still put `from` back. */
  undoable: StatusChange | null;
  refundOption: RefundOption;
  lateCancelFee: boolean;
  preview: CancelOutcome | null;
  previewError: string | null;
}

export interface StatusChange {
  from: AppointmentStatus;
  to: AppointmentStatus;
}

export const CANCEL_PREVIEW_FAILED = 'What cancelling would refund or charge could not be worked out.';

/** A notice's Undo of the change (none when there is nothing to undo). */
function undoOf(change: StatusChange | null): { undo?: AppointmentStatusEvent } {
  return change ? { undo: { type: 'status.undo', ...change } } : {};
}

/** The update of a status save or an Undo: the status pending. */
const pendingUpdate = ({ context }: { context: AppointmentStatusContext }): UpdateStatusInput => ({
  id: context.appointment.id,
  status: context.pending ?? 'ACTIVE',
});

/**
 * The one status update a change and its Undo both send, back to `ready` either way: `done` keeps the answer
 * (and the change is announced), `failed` says why and the pending status is dropped.
 */
const statusUpdate = <const TDone extends string, const TFailed extends string>(
  done: readonly TDone[],
  failed: TFailed,
) => ({
  tags: ['busy'],
  invoke: {
    src: 'updateStatus' as const,
    input: pendingUpdate,
    onDone: { target: 'ready', actions: [...done, 'announceChanged' as const] },
    onError: { target: 'ready', actions: ['dropPending' as const, failed] },
  },
});

export const appointmentStatusMachine = setup({
  types: {
    input: {} as AppointmentStatusInput,
    context: {} as AppointmentStatusContext,
    events: {} as AppointmentStatusEvent,
    emitted: {} as AppointmentStatusEmitted,
  },
  actors: {
    updateStatus: placeholder<unknown, UpdateStatusInput>('updateStatus'),
    previewCancellation: placeholder<CancelOutcome, CancelOptions>('previewCancellation'),
    cancelAppointment: placeholder<CancelOutcome, CancelOptions>('cancelAppointment'),
  },
  guards: {
    isCancelled: ({ context }) => isCancelledStatus(context.appointment.status),
    isSavableChoice: ({ context, event }) =>
      event.type === 'status.choose' &&
      isSavableStatus(event.status) &&
      event.status !== context.appointment.status,
    isCancelChoice: ({ context, event }) =>
      event.type === 'status.choose' &&
      isCancelledStatus(event.status) &&
      isSelectableStatus(event.status, context.appointment.startDate, context.now, context.lateCancelHours),
    canCancel: ({ context }) => context.canCancel,
    isUndoable: ({ context, event }) =>
      event.type === 'status.undo' &&
      context.undoable?.from === event.from &&
      context.undoable.to === event.to &&
      context.appointment.status === event.to,
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    /** The change just saved (from the status shown before it), for its toast's Undo. */
    keepUndoable: assign({
      undoable: ({ context }) => ({
        from: context.appointment.status,
        to: context.pending ?? context.appointment.status,
      }),
    }),
    /** The status saved is the appointment's status now. */
    keepPending: assign({
      appointment: ({ context }) => ({
        ...context.appointment,
        status: context.pending ?? context.appointment.status,
      }),
      pending: null,
    }),
    dropPending: assign({ pending: null }),
    notifyUpdateFailed: emit(() => notice('error', PROVIDER_MESSAGES.appointmentUpdateError)),
    /** 'Appointment updated', with the Undo of the change just saved. */
    notifyUpdated: emit(({ context }) =>
      notice('success', PROVIDER_MESSAGES.appointmentUpdated, undoOf(context.undoable)),
    ),
    /** A failed Undo: the error, with the same Undo to try again. */
    notifyUndoFailed: emit(({ context }) =>
      notice('error', PROVIDER_MESSAGES.appointmentUpdateError, undoOf(context.undoable)),
    ),
    clearUndoable: assign({ undoable: null }),
    notifyChangedBack: emit(({ context }) =>
      notice('success', PROVIDER_MESSAGES.statusChangedBack(statusLabel(context.appointment.status))),
    ),
    announceChanged: emit(({ context }) => ({
      type: 'appointment.changed' as const,
      id: context.appointment.id,
      status: context.appointment.status,
    })),
  },
}).createMachine({
  id: 'appointmentStatus',
  context: ({ input }) => ({
    appointment: input.appointment,
    now: input.now,
    lateCancelHours: input.lateCancelHours ?? LATE_CANCEL_HOURS,
    canCancel: input.canCancel,
    pending: null,
    undoable: null,
    refundOption: 'REFUND',
    lateCancelFee: true,
    preview: null,
    previewError: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      // An appointment read as CANCELLED or LATE_CANCELLED goes straight to locked.
      always: { guard: 'isCancelled', target: 'locked' },
      on: {
        'status.choose': [
          {
            guard: 'isSavableChoice',
            target: 'savingStatus',
            actions: assign({ pending: ({ event }) => event.status }),
          },
          {
            guard: 'isCancelChoice',
            actions: notifying('error', PROVIDER_MESSAGES.contactSupportToCancel),
          },
        ],
        'status.undo': {
          guard: 'isUndoable',
          target: 'undoingStatus',
          actions: assign({ pending: ({ context }) => context.undoable?.from ?? null }),
        },
        'cancel.open': {
          guard: 'canCancel',
          target: 'cancelDialog',
          actions: assign({ refundOption: 'REFUND', lateCancelFee: true, preview: null, previewError: null }),
        },
      },
    },
    savingStatus: statusUpdate(['keepUndoable', 'keepPending', 'notifyUpdated'], 'notifyUpdateFailed'),
    // The Undo of the last saved change: the status before it, through the same update.
    undoingStatus: statusUpdate(['keepPending', 'clearUndoable', 'notifyChangedBack'], 'notifyUndoFailed'),
    cancelDialog: {
      initial: 'previewing',
      states: {
        previewing: {
          tags: ['busy'],
          on: {
            'refund.choose': {
              target: 'previewing',
              reenter: true,
              actions: assign({ refundOption: ({ event }) => event.option }),
            },
            'lateFee.set': {
              target: 'previewing',
              reenter: true,
              actions: assign({ lateCancelFee: ({ event }) => event.on }),
            },
            'cancel.close': { target: '#appointmentStatus.ready' },
          },
          invoke: {
            src: 'previewCancellation',
            input: ({ context }) => ({
              groupId: context.appointment.groupId,
              refundOption: context.refundOption,
              lateCancelFee: context.lateCancelFee,
            }),
            onDone: {
              target: 'confirming',
              actions: assign({ preview: ({ event }) => event.output, previewError: null }),
            },
            onError: {
              target: 'previewFailed',
              actions: assign({
                preview: null,
                previewError: ({ event }) => errorMessageOrNull(event.error) || CANCEL_PREVIEW_FAILED,
              }),
            },
          },
        },
        // The preview could not be read: nothing may be confirmed blind.
        previewFailed: {
          on: {
            retry: { target: 'previewing' },
            'refund.choose': {
              target: 'previewing',
              actions: assign({ refundOption: ({ event }) => event.option }),
            },
            'lateFee.set': {
              target: 'previewing',
              actions: assign({ lateCancelFee: ({ event }) => event.on }),
            },
            'cancel.close': { target: '#appointmentStatus.ready' },
          },
        },
        confirming: {
          on: {
            'refund.choose': {
              target: 'previewing',
              actions: assign({ refundOption: ({ event }) => event.option }),
            },
            'lateFee.set': {
              target: 'previewing',
              actions: assign({ lateCancelFee: ({ event }) => event.on }),
            },
            'cancel.confirm': { target: 'cancelling' },
            'cancel.close': { target: '#appointmentStatus.ready' },
          },
        },
        cancelling: {
          tags: ['busy'],
          invoke: {
            src: 'cancelAppointment',
            input: ({ context }) => ({
              groupId: context.appointment.groupId,
              refundOption: context.refundOption,
              lateCancelFee: context.lateCancelFee,
            }),
            onDone: {
              target: '#appointmentStatus.locked',
              actions: [
                assign({
                  appointment: ({ context, event }) => ({
                    ...context.appointment,
                    status: event.output.status,
                  }),
                }),
                notifying('success', PROVIDER_MESSAGES.appointmentCancelled),
                'announceChanged',
              ],
            },
            onError: {
              target: 'confirming',
              actions: notifying('error', PROVIDER_MESSAGES.cancelFailed),
            },
          },
        },
      },
    },
    // CANCELLED or LATE_CANCELLED: nothing more can be changed here.
    locked: {},
  },
});
