import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { statusOptions } from '../../../../src/domain/appointments/status-rules';
import { PROVIDER_MESSAGES } from '../../../../src/domain/shared/messages';
import {
  appointmentStatusMachine,
  CANCEL_PREVIEW_FAILED,
  type AppointmentStatusInput,
  type CancelOptions,
  type CancelOutcome,
  type StatusSubject,
  type UpdateStatusInput,
} from '../../../../src/machines/appointments/appointment-status.machine';
import { appointmentStatusView } from '../../../../src/machines/appointments/appointment-status.view';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';
import { mergeReports } from '../onboarding/fixtures';

const NOW = '2026-03-05T18:00:00Z';
const IN_TWO_HOURS = '2026-03-05T20:00:00Z';
const IN_THREE_DAYS = '2026-03-08T18:00:00Z';

const subject = (overrides: Partial<StatusSubject> = {}): StatusSubject => ({
  id: 5,
  groupId: 'g5',
  status: 'ACTIVE',
  startDate: IN_THREE_DAYS,
  ...overrides,
});

const outcome = (options: CancelOptions): CancelOutcome => ({
  status: options.lateCancelFee ? 'LATE_CANCELLED' : 'CANCELLED',
  summary: `${options.refundOption} ${options.lateCancelFee ? 'fee' : 'no fee'}`,
});

function start(
  input: Partial<AppointmentStatusInput> = {},
  actors: {
    update?: (input: UpdateStatusInput) => Promise<unknown>;
    preview?: (input: CancelOptions) => Promise<CancelOutcome>;
    cancel?: (input: CancelOptions) => Promise<CancelOutcome>;
  } = {},
) {
  const calls: string[] = [];
  const notices: Notice[] = [];
  const changed: string[] = [];
  const actor = createActor(
    appointmentStatusMachine.provide({
      actors: {
        updateStatus: fromPromise(({ input }: { input: UpdateStatusInput }) => {
          calls.push(`update ${input.id} ${input.status}`);
          return (actors.update ?? (async () => undefined))(input);
        }),
        previewCancellation: fromPromise(({ input }: { input: CancelOptions }) => {
          calls.push(`preview ${input.groupId} ${input.refundOption} ${input.lateCancelFee}`);
          return (actors.preview ?? (async (i) => outcome(i)))(input);
        }),
        cancelAppointment: fromPromise(({ input }: { input: CancelOptions }) => {
          calls.push(`cancel ${input.groupId} ${input.refundOption} ${input.lateCancelFee}`);
          return (actors.cancel ?? (async (i) => outcome(i)))(input);
        }),
      },
    }),
    { input: { appointment: subject(), now: NOW, canCancel: true, ...input } },
  );
  actor.on('notify', (event) => notices.push(event as Notice));
  actor.on('appointment.changed', (event) => changed.push(`${event.id} ${event.status}`));
  actor.start();
  return { actor, calls, notices, changed, view: () => appointmentStatusView(actor.getSnapshot()) };
}

describe('status picker rules', () => {
  it('LATE_CANCELLED is never selectable; CANCELLED only 24 hours or more ahead', () => {
    const far = statusOptions(IN_THREE_DAYS, NOW);
    expect(far.filter((o) => o.disabled).map((o) => o.status)).toEqual(['LATE_CANCELLED']);
    const near = statusOptions(IN_TWO_HOURS, NOW);
    expect(near.filter((o) => o.disabled).map((o) => o.status)).toEqual(['CANCELLED', 'LATE_CANCELLED']);
    // Exactly 24 hours ahead is not "under 24 hours".
    expect(statusOptions('2026-03-06T18:00:00Z', NOW).find((o) => o.status === 'CANCELLED')?.disabled).toBe(
      false,
    );
    expect(statusOptions('2026-03-06T17:59:59Z', NOW).find((o) => o.status === 'CANCELLED')?.disabled).toBe(
      true,
    );
  });
});

describe('appointment status machine', () => {
  it('saves COMPLETED, ACTIVE or FILMING and says so', async () => {
    const { actor, calls, notices, changed, view } = start();
    expect(view()).toMatchObject({ status: 'ACTIVE', pickerDisabled: false });
    actor.send({ type: 'status.choose', status: 'COMPLETED' });
    expect(view()).toMatchObject({ saving: true, pickerDisabled: true });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual(['update 5 COMPLETED']);
    expect(view().status).toBe('COMPLETED');
    expect(notices).toEqual([
      {
        type: 'notify',
        level: 'success',
        message: PROVIDER_MESSAGES.appointmentUpdated,
        undo: { type: 'status.undo', from: 'ACTIVE', to: 'COMPLETED' },
      },
    ]);
    expect(changed).toEqual(['5 COMPLETED']);
    // The status already shown saves nothing.
    actor.send({ type: 'status.choose', status: 'COMPLETED' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toHaveLength(1);
  });

  it('a failed save keeps the old status and shows the error', async () => {
    const { actor, notices, view } = start({}, { update: () => Promise.reject(new Error('no')) });
    actor.send({ type: 'status.choose', status: 'FILMING' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().status).toBe('ACTIVE');
    expect(notices).toMatchObject([{ level: 'error', message: PROVIDER_MESSAGES.appointmentUpdateError }]);
  });

  it("the toast's Undo puts the status before back, says so without another Undo, and lists refresh", async () => {
    const { actor, calls, notices, changed, view } = start({ appointment: subject({ status: 'FILMING' }) });
    actor.send({ type: 'status.choose', status: 'COMPLETED' });
    await waitFor(actor, (s) => s.matches('ready'));
    const undo = notices[0]?.undo;
    expect(undo).toEqual({ type: 'status.undo', from: 'FILMING', to: 'COMPLETED' });
    actor.send(undo as { type: 'status.undo'; from: 'FILMING'; to: 'COMPLETED' });
    expect(actor.getSnapshot().value).toBe('undoingStatus');
    expect(view()).toMatchObject({ saving: true, pickerDisabled: true, canOpenCancel: false });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual(['update 5 COMPLETED', 'update 5 FILMING']);
    expect(view().status).toBe('FILMING');
    expect(notices[1]).toEqual({
      type: 'notify',
      level: 'success',
      message: PROVIDER_MESSAGES.statusChangedBack('Filming'),
    });
    expect(notices[1]?.message).toBe('Status changed back to Filming.');
    expect(changed).toEqual(['5 COMPLETED', '5 FILMING']);
    // Undone once: the same Undo again does nothing.
    actor.send({ type: 'status.undo', from: 'FILMING', to: 'COMPLETED' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toHaveLength(2);
  });

  it("an older change's Undo is ignored once the status changed again, and so is any Undo once cancelled", async () => {
    const { actor, calls, notices } = start();
    actor.send({ type: 'status.choose', status: 'COMPLETED' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'status.choose', status: 'FILMING' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(notices.map((n) => n.undo)).toEqual([
      { type: 'status.undo', from: 'ACTIVE', to: 'COMPLETED' },
      { type: 'status.undo', from: 'COMPLETED', to: 'FILMING' },
    ]);
    actor.send({ type: 'status.undo', from: 'ACTIVE', to: 'COMPLETED' });
    expect(actor.getSnapshot().value).toBe('ready');
    // Back to COMPLETED from FILMING: the first toast names ACTIVE → COMPLETED, not this change.
    actor.send({ type: 'status.choose', status: 'COMPLETED' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'status.undo', from: 'ACTIVE', to: 'COMPLETED' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls).toEqual(['update 5 COMPLETED', 'update 5 FILMING', 'update 5 COMPLETED']);

    // Cancelled after a change: its Undo is ignored.
    actor.send({ type: 'cancel.open' });
    await waitFor(actor, (s) => s.matches({ cancelDialog: 'confirming' }));
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (s) => s.matches('locked'));
    actor.send({ type: 'status.undo', from: 'FILMING', to: 'COMPLETED' });
    actor.send({ type: 'status.undo', from: 'FILMING', to: 'LATE_CANCELLED' });
    expect(actor.getSnapshot().value).toBe('locked');
    expect(calls.filter((call) => call.startsWith('update'))).toHaveLength(3);
    expect(notices.at(-1)).toEqual({
      type: 'notify',
      level: 'success',
      message: PROVIDER_MESSAGES.appointmentCancelled,
    });
  });

  it('a failed Undo shows the error, keeps the status as it is and offers the Undo again', async () => {
    let fail = false;
    const { actor, calls, notices, changed, view } = start(
      {},
      { update: async () => (fail ? Promise.reject(new Error('no')) : undefined) },
    );
    actor.send({ type: 'status.choose', status: 'FILMING' });
    await waitFor(actor, (s) => s.matches('ready'));
    fail = true;
    actor.send({ type: 'status.undo', from: 'ACTIVE', to: 'FILMING' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toEqual(['update 5 FILMING', 'update 5 ACTIVE']);
    expect(view().status).toBe('FILMING');
    expect(notices.at(-1)).toEqual({
      type: 'notify',
      level: 'error',
      message: PROVIDER_MESSAGES.appointmentUpdateError,
      undo: { type: 'status.undo', from: 'ACTIVE', to: 'FILMING' },
    });
    expect(changed).toEqual(['5 FILMING']);
    // The error toast's Undo tries again.
    fail = false;
    actor.send({ type: 'status.undo', from: 'ACTIVE', to: 'FILMING' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(view().status).toBe('ACTIVE');
    expect(notices.at(-1)?.message).toBe(PROVIDER_MESSAGES.statusChangedBack('Active'));
    expect(changed).toEqual(['5 FILMING', '5 ACTIVE']);
  });

  it('choosing CANCELLED only warns and saves nothing; under 24 hours it is disabled', () => {
    const far = start();
    far.actor.send({ type: 'status.choose', status: 'CANCELLED' });
    expect(far.calls).toEqual([]);
    expect(far.notices.map((n) => n.message)).toEqual([PROVIDER_MESSAGES.contactSupportToCancel]);
    far.actor.send({ type: 'status.choose', status: 'LATE_CANCELLED' });
    expect(far.notices).toHaveLength(1);

    const near = start({ appointment: subject({ startDate: IN_TWO_HOURS }) });
    near.actor.send({ type: 'status.choose', status: 'CANCELLED' });
    expect(near.notices).toEqual([]);
    expect(near.calls).toEqual([]);
  });

  it('the picker is disabled once CANCELLED or LATE_CANCELLED', () => {
    for (const status of ['CANCELLED', 'LATE_CANCELLED'] as const) {
      const { actor, calls, view } = start({ appointment: subject({ status }) });
      expect(actor.getSnapshot().value).toBe('locked');
      expect(view()).toMatchObject({ pickerDisabled: true, canOpenCancel: false });
      actor.send({ type: 'status.choose', status: 'ACTIVE' });
      actor.send({ type: 'cancel.open' });
      expect(calls).toEqual([]);
    }
  });

  it('only an admin opens the cancel dialog', () => {
    const { actor, view } = start({ canCancel: false });
    expect(view().canOpenCancel).toBe(false);
    actor.send({ type: 'cancel.open' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('the admin cancel dialog previews refund and fee, then cancels with a late fee (LATE_CANCELLED)', async () => {
    const { actor, calls, notices, changed, view } = start();
    actor.send({ type: 'cancel.open' });
    expect(view()).toMatchObject({
      dialogOpen: true,
      previewing: true,
      refundOption: 'REFUND',
      lateCancelFee: true,
    });
    await waitFor(actor, (s) => s.matches({ cancelDialog: 'confirming' }));
    expect(view()).toMatchObject({ summary: 'REFUND fee', canConfirm: true });
    actor.send({ type: 'refund.choose', option: 'CREDIT_POINTS' });
    expect(view()).toMatchObject({ summary: null, canConfirm: false });
    await waitFor(actor, (s) => s.matches({ cancelDialog: 'confirming' }));
    expect(view().summary).toBe('CREDIT_POINTS fee');
    actor.send({ type: 'cancel.confirm' });
    expect(view().cancelling).toBe(true);
    await waitFor(actor, (s) => s.matches('locked'));
    expect(calls).toEqual([
      'preview g5 REFUND true',
      'preview g5 CREDIT_POINTS true',
      'cancel g5 CREDIT_POINTS true',
    ]);
    expect(view()).toMatchObject({ status: 'LATE_CANCELLED', pickerDisabled: true, dialogOpen: false });
    expect(notices.map((n) => n.message)).toEqual([PROVIDER_MESSAGES.appointmentCancelled]);
    expect(changed).toEqual(['5 LATE_CANCELLED']);
  });

  it('without the fee the status becomes CANCELLED; a failed cancel keeps the dialog open', async () => {
    let fail = true;
    const { actor, notices, view } = start(
      {},
      { cancel: async (input) => (fail ? Promise.reject(new Error('x')) : outcome(input)) },
    );
    actor.send({ type: 'cancel.open' });
    actor.send({ type: 'lateFee.set', on: false });
    await waitFor(actor, (s) => s.matches({ cancelDialog: 'confirming' }));
    expect(view().summary).toBe('REFUND no fee');
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (s) => s.matches({ cancelDialog: 'confirming' }));
    expect(notices).toMatchObject([{ level: 'error', message: PROVIDER_MESSAGES.cancelFailed }]);
    fail = false;
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (s) => s.matches('locked'));
    expect(view().status).toBe('CANCELLED');
  });

  it('a failed preview shows why and nothing can be confirmed until it is read', async () => {
    let fail = true;
    const { actor, view } = start(
      {},
      { preview: async (input) => (fail ? Promise.reject(new Error('')) : outcome(input)) },
    );
    actor.send({ type: 'cancel.open' });
    await waitFor(actor, (s) => s.matches({ cancelDialog: 'previewFailed' }));
    expect(view()).toMatchObject({ previewError: CANCEL_PREVIEW_FAILED, canConfirm: false });
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().matches({ cancelDialog: 'previewFailed' })).toBe(true);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ cancelDialog: 'confirming' }));
    actor.send({ type: 'cancel.close' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('the model walk covers every state and transition (before and after the 24-hour line, cancelled, undone)', async () => {
    const inputs: AppointmentStatusInput[] = [
      { appointment: subject(), now: NOW, canCancel: true },
      { appointment: subject({ startDate: IN_TWO_HOURS }), now: NOW, canCancel: false },
      { appointment: subject({ status: 'LATE_CANCELLED' }), now: NOW, canCancel: true },
    ];
    const reports = [];
    for (const input of inputs) {
      reports.push(
        await coverMachine(appointmentStatusMachine, {
          input,
          events: STATUS_MODEL_EVENTS,
          outputs: {
            previewCancellation: [{ status: 'LATE_CANCELLED', summary: 'fee' }],
            cancelAppointment: [{ status: 'LATE_CANCELLED', summary: 'fee' }],
          },
          serializeState: (s) =>
            JSON.stringify([
              s.value,
              s.context.appointment.status,
              s.context.refundOption,
              s.context.lateCancelFee,
              s.context.undoable,
            ]),
          summaryDir: false,
        }),
      );
    }
    const report = mergeReports(reports);
    recordCoverage(report);
    expect(report.failures).toEqual([]);
    assertFullCoverage(report);
  });
});

/** The event samples of the model walk (also walked in the browser: tests/e2e/appointments.spec.ts). */
const STATUS_MODEL_EVENTS = {
  'status.choose': [
    { type: 'status.choose', status: 'COMPLETED' },
    { type: 'status.choose', status: 'CANCELLED' },
  ],
  'status.undo': [{ type: 'status.undo', from: 'ACTIVE', to: 'COMPLETED' }],
  'cancel.open': [{ type: 'cancel.open' }],
  'refund.choose': [{ type: 'refund.choose', option: 'NO_REFUND' }],
  'lateFee.set': [{ type: 'lateFee.set', on: false }],
  'cancel.confirm': [{ type: 'cancel.confirm' }],
  'cancel.close': [{ type: 'cancel.close' }],
  retry: [{ type: 'retry' }],
} as const;
