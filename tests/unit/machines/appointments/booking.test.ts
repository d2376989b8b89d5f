import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { Explanation, ProviderSlots } from '../../../../src/api/contract/appointment-operations';
import { API_ERROR_CODES } from '../../../../src/api/contract/error-codes';
import {
  BOOKING_ERRORS,
  checkBookingDraft,
  checkNewUser,
  emptyBookingDraft,
  EMPTY_NEW_USER,
  type BookingDraft,
  type BookingMode,
} from '../../../../src/domain/appointments/booking';
import { PROVIDER_MESSAGES } from '../../../../src/domain/shared/messages';
import {
  bookingMachine,
  SLOT_TAKEN,
  SLOTS_FAILED,
  type BookingInput,
  type FindSlotsInput,
  type SubmitBookingInput,
} from '../../../../src/machines/appointments/booking.machine';
import { createUserMachine } from '../../../../src/machines/appointments/create-user.machine';
import {
  EXPLAIN_FAILED,
  explainTimeMachine,
} from '../../../../src/machines/appointments/explain-time.machine';
import {
  sendReceiptMachine,
  type SendReceiptInput,
} from '../../../../src/machines/appointments/send-receipt.machine';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';
import { mergeReports } from '../onboarding/fixtures';

const A = '2026-03-09T17:00:00Z';
const B = '2026-03-09T17:15:00Z';
const offers = (...starts: string[]): ProviderSlots[] => [
  {
    providerId: 7,
    providerName: 'Glow',
    timeZone: 'America/Los_Angeles',
    durationMinutes: 15,
    earliestAppointmentTime: starts[0] ?? null,
    slots: starts.map((start) => ({ start, end: start })),
  },
];
const customer = {
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  birthdate: '1990-02-03',
  phone: '555',
};

function start(
  mode: BookingMode,
  draft: Partial<BookingDraft> = {},
  actors: {
    find?: (input: FindSlotsInput) => Promise<ProviderSlots[]>;
    submit?: (input: SubmitBookingInput) => Promise<unknown>;
  } = {},
) {
  const calls: string[] = [];
  const notices: Notice[] = [];
  const actor = createActor(
    bookingMachine.provide({
      actors: {
        findSlots: fromPromise(({ input }: { input: FindSlotsInput }) => {
          calls.push(
            `find ${input.serviceItemIds.join(',')} @${input.providerId} ${input.day} ${input.excludeGroupId ?? ''}`,
          );
          return (actors.find ?? (async () => offers(A, B)))(input);
        }),
        submitBooking: fromPromise(({ input }: { input: SubmitBookingInput }) => {
          calls.push(`submit ${input.mode} ${input.draft.start}`);
          return (actors.submit ?? (async () => ({})))(input);
        }),
      },
    }),
    {
      input: {
        mode,
        draft: { ...emptyBookingDraft('2026-03-09', null), ...draft },
        ...(mode === 'reschedule' ? { appointment: { id: 5, groupId: 'g5', providerId: 7 } } : {}),
      },
    },
  );
  actor.on('notify', (event) => notices.push(event as Notice));
  actor.start();
  return { actor, calls, notices };
}

describe('booking drafts', () => {
  it('the provider variant needs the five customer fields; admin a user; every variant items, provider, start', () => {
    const draft = emptyBookingDraft('2026-03-09', null);
    expect(Object.keys(checkBookingDraft('provider', draft)).sort()).toEqual(
      [
        'birthdate',
        'email',
        'firstName',
        'lastName',
        'phone',
        'providerId',
        'serviceItemIds',
        'start',
      ].sort(),
    );
    expect(checkBookingDraft('admin', draft)).toMatchObject({ userId: BOOKING_ERRORS.user });
    expect(Object.keys(checkBookingDraft('reschedule', draft)).sort()).toEqual([
      'providerId',
      'serviceItemIds',
      'start',
    ]);
    expect(
      checkBookingDraft('provider', { ...draft, customer: { ...customer, birthdate: '2/30/1990' } })
        .birthdate,
    ).toBe(BOOKING_ERRORS.birthdate);
  });

  it('Create User needs every field and a password of at least 8 characters', () => {
    expect(Object.keys(checkNewUser(EMPTY_NEW_USER)).sort()).toEqual(
      ['birthdate', 'email', 'firstName', 'lastName', 'password', 'phone'].sort(),
    );
    expect(checkNewUser({ ...customer, password: '1234567' })).toEqual({ password: BOOKING_ERRORS.password });
    expect(checkNewUser({ ...customer, password: '12345678' })).toEqual({});
  });
});

describe('booking machine', () => {
  it('asks for open slots once items and a provider are chosen, then books the chosen start', async () => {
    const { actor, calls, notices } = start('provider', { customer });
    actor.send({ type: 'items.change', serviceItemIds: [3] });
    expect(actor.getSnapshot().matches({ form: 'idle' })).toBe(true);
    actor.send({ type: 'provider.change', providerId: 7 });
    await waitFor(actor, (s) => s.matches({ form: 'choosing' }));
    actor.send({ type: 'slot.choose', start: B });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['find 3 @7 2026-03-09 ', `submit provider ${B}`]);
    expect(notices.map((n) => n.message)).toEqual([PROVIDER_MESSAGES.appointmentCreated]);
  });

  it('submitting an incomplete form shows every missing field and sends nothing', async () => {
    const { actor, calls } = start('admin', { serviceItemIds: [3], providerId: 7 });
    await waitFor(actor, (s) => s.matches({ form: 'choosing' }));
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      userId: BOOKING_ERRORS.user,
      start: BOOKING_ERRORS.start,
    });
    actor.send({ type: 'user.select', userId: 4, label: 'Ann' });
    expect(actor.getSnapshot().context.errors).toEqual({ start: BOOKING_ERRORS.start });
    expect(calls.filter((c) => c.startsWith('submit'))).toEqual([]);
  });

  it('reschedule leaves its own booking out of the slots; a changed day keeps no stale start', async () => {
    const { actor, calls, notices } = start('reschedule', { serviceItemIds: [3], providerId: 7, start: A });
    await waitFor(actor, (s) => s.matches({ form: 'choosing' }));
    expect(actor.getSnapshot().context.draft.start).toBe(A);
    actor.send({ type: 'day.change', day: '2026-03-10' });
    expect(actor.getSnapshot().context.draft.start).toBeNull();
    await waitFor(actor, (s) => s.matches({ form: 'choosing' }));
    actor.send({ type: 'slot.choose', start: A });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls[0]).toBe('find 3 @7 2026-03-09 g5');
    expect(notices.map((n) => n.message)).toEqual([PROVIDER_MESSAGES.updatedAppointment]);
  });

  it('a slot taken meanwhile (409) reloads the slots and asks for another start', async () => {
    let taken = true;
    const { actor, calls, notices } = start(
      'reschedule',
      { serviceItemIds: [3], providerId: 7 },
      {
        find: async () => (taken ? offers(A, B) : offers(B)),
        submit: async () => {
          if (!taken) return {};
          taken = false;
          throw new ApiRequestError(409, API_ERROR_CODES.appointmentSlotTaken, 'taken');
        },
      },
    );
    await waitFor(actor, (s) => s.matches({ form: 'choosing' }));
    actor.send({ type: 'slot.choose', start: A });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches({ form: 'choosing' }) && calls.length === 3);
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { start: SLOT_TAKEN },
      draft: { start: null },
    });
    expect(notices.map((n) => n.message)).toEqual([PROVIDER_MESSAGES.updateAppointmentFailed]);
  });

  it('another failure keeps everything typed; a slot lookup failure can be retried', async () => {
    let fail = true;
    const { actor, notices } = start(
      'admin',
      { serviceItemIds: [3], providerId: 7, userId: 4 },
      {
        find: async () => {
          if (fail) throw new Error('');
          return offers(A);
        },
        submit: () => Promise.reject(new Error('boom')),
      },
    );
    await waitFor(actor, (s) => s.matches({ form: 'slotsFailed' }));
    expect(actor.getSnapshot().context.slotsError).toBe(SLOTS_FAILED);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ form: 'choosing' }));
    actor.send({ type: 'slot.choose', start: A });
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches({ form: 'choosing' }) && notices.length > 0);
    expect(notices.map((n) => n.message)).toEqual([PROVIDER_MESSAGES.createAppointmentFailed]);
    expect(actor.getSnapshot().context.draft).toMatchObject({ userId: 4, start: A });
  });

  it('the model walk covers every state and transition', async () => {
    const inputs: BookingInput[] = [
      { mode: 'provider', draft: emptyBookingDraft('2026-03-09', 7) },
      {
        mode: 'reschedule',
        draft: { ...emptyBookingDraft('2026-03-09', 7), serviceItemIds: [3], start: A },
        appointment: { id: 5, groupId: 'g5', providerId: 7 },
      },
      { mode: 'admin', draft: { ...emptyBookingDraft('2026-03-09', 7), serviceItemIds: [3], userId: 4 } },
    ];
    const reports = [];
    for (const input of inputs) {
      reports.push(
        await coverMachine(bookingMachine, {
          input,
          events: {
            'items.change': [{ type: 'items.change', serviceItemIds: [3] }],
            'provider.change': [{ type: 'provider.change', providerId: 7 }],
            'day.change': [{ type: 'day.change', day: '2026-03-10' }],
            'slot.choose': [{ type: 'slot.choose', start: A }],
            'customer.change': [{ type: 'customer.change', field: 'email', value: 'x@example.com' }],
            'user.select': [{ type: 'user.select', userId: 4, label: 'Ann' }],
            'payment.change': [{ type: 'payment.change', method: 'INVOICE' }],
            'invoice.set': [{ type: 'invoice.set', on: true }],
            'free.set': [{ type: 'free.set', on: true }],
            retry: [{ type: 'retry' }],
            submit: [{ type: 'submit' }],
          },
          outputs: { findSlots: [offers(A)] },
          errors: {
            submitBooking: [
              new ApiRequestError(409, API_ERROR_CODES.appointmentSlotTaken, 'taken'),
              new Error('x'),
            ],
          },
          serializeState: (s) =>
            JSON.stringify([
              s.value,
              s.context.draft.serviceItemIds.length,
              s.context.draft.start !== null,
              s.context.offers !== null,
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

describe('create user machine', () => {
  it('checks the fields, registers, and ends with the new user; a refusal lands on its field', async () => {
    let refuse = true;
    const notices: Notice[] = [];
    const actor = createActor(
      createUserMachine.provide({
        actors: {
          registerUser: fromPromise(async () => {
            if (refuse)
              throw new ApiRequestError(
                409,
                'user/email-exists',
                'Another account already uses this email.',
                'email',
              );
            return { id: 9, label: 'Ann Lee (ann@example.com)' };
          }),
        },
      }),
    );
    actor.on('notify', (event) => notices.push(event as Notice));
    actor.start();
    actor.send({ type: 'submit' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toHaveLength(6);
    for (const [field, value] of Object.entries({ ...customer, password: 'secret-pass' }))
      actor.send({ type: 'field.change', field: field as keyof typeof customer, value });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.errors).toEqual({ email: 'Another account already uses this email.' });
    refuse = false;
    actor.send({ type: 'submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ id: 9, label: 'Ann Lee (ann@example.com)' });
    expect(notices.map((n) => n.message)).toEqual([
      PROVIDER_MESSAGES.createUserFailed,
      PROVIDER_MESSAGES.userCreated,
    ]);
  });

  it('the model walk covers every state and transition', async () => {
    const ready = { ...customer, password: 'secret-pass' };
    const report = await coverMachine(createUserMachine, {
      events: {
        'field.change': (Object.keys(ready) as (keyof typeof ready)[]).map((field) => ({
          type: 'field.change' as const,
          field,
          value: ready[field],
        })),
        submit: [{ type: 'submit' }],
      },
      outputs: { registerUser: [{ id: 9, label: 'Ann' }] },
      serializeState: (s) => JSON.stringify([s.value, Object.keys(checkNewUser(s.context.draft)).length]),
      limit: 20000,
    });
    expect(report.failures).toEqual([]);
    assertFullCoverage(report);
  });
});

describe('send receipt machine', () => {
  it('sends to the chosen recipient and says how it went', async () => {
    const sent: string[] = [];
    const notices: Notice[] = [];
    let fail = false;
    const actor = createActor(
      sendReceiptMachine.provide({
        actors: {
          sendReceipt: fromPromise<unknown, SendReceiptInput>(async ({ input }) => {
            if (fail) throw new Error('x');
            sent.push(`${input.recipient} ${input.groupId}`);
            return {};
          }),
        },
      }),
      { input: { groupId: 'g5', provider: 7 } },
    );
    actor.on('notify', (event) => notices.push(event as Notice));
    actor.start();
    actor.send({ type: 'recipient.choose', recipient: 'UPKEEP_SUPPORT' });
    actor.send({ type: 'send' });
    await waitFor(actor, (s) => s.matches('idle'));
    fail = true;
    actor.send({ type: 'send' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual(['UPKEEP_SUPPORT g5']);
    expect(notices.map((n) => n.message)).toEqual([
      PROVIDER_MESSAGES.receiptSent,
      PROVIDER_MESSAGES.receiptFailed,
    ]);
  });

  it('the model walk covers every state and transition', async () => {
    const report = await coverMachine(sendReceiptMachine, {
      input: { groupId: 'g5', provider: 7 },
      events: {
        'recipient.choose': [{ type: 'recipient.choose', recipient: 'PROVIDER' }],
        send: [{ type: 'send' }],
      },
    });
    expect(report.failures).toEqual([]);
    assertFullCoverage(report);
  });
});

describe('explain time machine', () => {
  const answer: Explanation = {
    open: false,
    time: A,
    localTime: '2026-03-09T10:00',
    timeZone: 'America/Los_Angeles',
    durationMinutes: 45,
    reasons: [{ code: 'taken', message: 'taken by an appointment 10:00–10:45' }],
  };

  it('asks only with a time, a provider and items, and shows the reasons or the failure', async () => {
    let fail = false;
    const actor = createActor(
      explainTimeMachine.provide({
        actors: {
          explainTime: fromPromise(async () => {
            if (fail) throw new Error('');
            return answer;
          }),
        },
      }),
      { input: { serviceItemIds: [3], provider: 7 } },
    );
    actor.start();
    actor.send({ type: 'ask' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'time.change', time: A });
    actor.send({ type: 'ask' });
    await waitFor(actor, (s) => s.matches('answered'));
    expect(actor.getSnapshot().context.answer?.reasons[0]?.message).toBe(
      'taken by an appointment 10:00–10:45',
    );
    fail = true;
    actor.send({ type: 'ask' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe(EXPLAIN_FAILED);
    actor.send({ type: 'subject.change', serviceItemIds: [], provider: 7 });
    actor.send({ type: 'ask' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('the model walk covers every state and transition', async () => {
    const report = await coverMachine(explainTimeMachine, {
      input: { serviceItemIds: [3], provider: 7, excludeGroupId: 'g5' },
      events: {
        'time.change': [{ type: 'time.change', time: A }],
        'subject.change': [{ type: 'subject.change', serviceItemIds: [3], provider: 7 }],
        ask: [{ type: 'ask' }],
      },
      outputs: { explainTime: [answer] },
    });
    expect(report.failures).toEqual([]);
    assertFullCoverage(report);
  });
});
