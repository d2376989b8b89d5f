import { describe, expect, it } from 'vitest';
import { appointmentOperationsApi } from '../../../../src/api/appointments/operations';
import type {
  Cancellation,
  Explanation,
  ProviderSlots,
  Receipt,
} from '../../../../src/api/contract/appointment-operations';
import { usersApi } from '../../../../src/api/users/users';
import { AVAILABILITY_SEARCH_DAYS, emptyBookingDraft } from '../../../../src/domain/appointments/booking';
import {
  createAppointmentStatusActors,
  createBookingActors,
  createCreateUserActors,
  createExplainTimeActors,
  createSendReceiptActors,
} from '../../../../src/machines/appointments/appointments.actors';
import type { SubmitBookingInput } from '../../../../src/machines/appointments/booking.machine';
import { BOOKING, USER_SUMMARY } from '../../../support/api-records';
import { fakeApi, refusal } from '../../../support/fake-api';
import { runActor, startActor } from '../../../support/run-actor';

const cancellation: Cancellation = {
  groupId: 'g-501',
  status: 'LATE_CANCELLED',
  refundOption: 'REFUND',
  lateCancelFee: true,
  priceInCents: 10_000,
  lateFeeInCents: 2_000,
  refundInCents: 8_000,
  creditPoints: 0,
  summary: 'The customer is refunded $80.00 and charged a $20.00 late fee.',
};
const slots: ProviderSlots = {
  providerId: 3,
  providerName: 'Glow Studio',
  timeZone: 'America/Los_Angeles',
  durationMinutes: 60,
  earliestAppointmentTime: '2026-03-02T17:00:00.000Z',
  slots: [{ start: '2026-03-02T17:00:00.000Z', end: '2026-03-02T18:00:00.000Z' }],
};
const start = '2026-03-02T17:00:00.000Z';
const customer = {
  email: ' ada@example.com ',
  firstName: ' Ada',
  lastName: 'Lovelace ',
  birthdate: '12/10/1990',
  phone: ' 555-0101 ',
};
const draft = { ...emptyBookingDraft('2026-03-02', 3), serviceItemIds: [9], start, customer };
const booking = (input: Partial<SubmitBookingInput>): SubmitBookingInput => ({
  mode: 'provider',
  draft,
  appointment: null,
  ...input,
});

function setup() {
  const fake = fakeApi();
  return { fake, operations: appointmentOperationsApi(fake.client) };
}

describe('appointment status actors', () => {
  it('saves a status by appointment id', async () => {
    const { fake, operations } = setup();
    fake.on('PUT /appointments/501', { ...BOOKING, status: 'COMPLETED' });

    const saved = await runActor(createAppointmentStatusActors(operations).updateStatus, {
      id: 501,
      status: 'COMPLETED',
    });

    expect(saved).toMatchObject({ status: 'COMPLETED' });
    expect(fake.calls).toEqual([
      { method: 'PUT', path: '/appointments/501', body: { status: 'COMPLETED' }, idempotent: false },
    ]);
  });

  it("previews a cancel with the dialog's options and the actor's signal, answering the status and sentence", async () => {
    const { fake, operations } = setup();
    fake.on('GET /appointments/g-501/cancellation', cancellation);
    const options = { groupId: 'g-501', refundOption: 'REFUND' as const, lateCancelFee: true };

    const outcome = await runActor(createAppointmentStatusActors(operations).previewCancellation, options);

    expect(outcome).toEqual({ status: 'LATE_CANCELLED', summary: cancellation.summary });
    expect(fake.calls).toEqual([
      {
        method: 'GET',
        path: '/appointments/g-501/cancellation',
        query: { latecancelfee: 'true', refundOption: 'REFUND' },
        idempotent: false,
        signal: expect.any(AbortSignal),
      },
    ]);
  });

  it('cancels by group id (DELETE) without the fee when it is waived', async () => {
    const { fake, operations } = setup();
    fake.on('DELETE /appointments/g%20501', { ...cancellation, status: 'CANCELLED', lateCancelFee: false });

    const outcome = await runActor(createAppointmentStatusActors(operations).cancelAppointment, {
      groupId: 'g 501',
      refundOption: 'CREDIT_POINTS',
      lateCancelFee: false,
    });

    expect(outcome.status).toBe('CANCELLED');
    expect(fake.calls[0]?.query).toEqual({ latecancelfee: 'false', refundOption: 'CREDIT_POINTS' });
  });
});

describe('booking actors', () => {
  it("asks for a week of open slots from the chosen day, with the actor's signal", async () => {
    const { fake, operations } = setup();
    fake.on('POST /appointments/availability', [slots]);
    const actors = createBookingActors(operations);

    const found = await runActor(actors.findSlots, { serviceItemIds: [9], providerId: 3, day: '2026-03-02' });

    expect(found).toEqual([slots]);
    expect(fake.calls[0]).toEqual({
      method: 'POST',
      path: '/appointments/availability',
      body: { serviceItemIds: [9], provider: 3, startDate: '2026-03-02', days: AVAILABILITY_SEARCH_DAYS },
      idempotent: false,
      signal: expect.any(AbortSignal),
    });

    const { actor } = startActor(actors.findSlots, {
      serviceItemIds: [9],
      providerId: 3,
      day: '2026-03-03',
      excludeGroupId: 'g-501',
    });
    actor.stop();
    expect(fake.calls[1]?.body).toMatchObject({ excludeGroupId: 'g-501' });
    expect(fake.calls[1]?.signal?.aborted).toBe(true);
  });

  it("books a provider's customer as typed, trimmed, the birthdate as YYYY-MM-DD (one Idempotency-Key)", async () => {
    const { fake, operations } = setup();
    fake.on('POST /i/appointments/', BOOKING);

    await expect(runActor(createBookingActors(operations).submitBooking, booking({}))).resolves.toEqual(
      BOOKING,
    );
    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/i/appointments/',
        body: {
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          phone: '555-0101',
          birthdate: '1990-12-10',
          serviceItemIds: [9],
          provider: 3,
          startDate: start,
          sendInvoice: draft.sendInvoice,
          isFree: draft.isFree,
        },
        idempotent: true,
      },
    ]);
  });

  it('books an existing user as an admin, with the payment method', async () => {
    const { fake, operations } = setup();
    fake.on('POST /appointments', BOOKING);

    await runActor(
      createBookingActors(operations).submitBooking,
      booking({ mode: 'admin', draft: { ...draft, userId: 21, paymentMethod: 'INVOICE' } }),
    );

    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/appointments',
        body: { user: 21, provider: 3, serviceItemIds: [9], startDate: start, paymentMethod: 'INVOICE' },
        idempotent: true,
      },
    ]);
  });

  it('reschedules the booked appointment, saying whether the provider changed', async () => {
    const { fake, operations } = setup();
    fake.on('PUT /appointments/reschedule/501', BOOKING);
    const actors = createBookingActors(operations);
    const appointment = { id: 501, groupId: 'g-501', providerId: 3 };

    await runActor(actors.submitBooking, booking({ mode: 'reschedule', appointment }));
    await runActor(
      actors.submitBooking,
      booking({ mode: 'reschedule', appointment, draft: { ...draft, providerId: 4 } }),
    );

    const common = { serviceItemIds: [9], startDate: start, isAvaliableSlots: true, previousProvider: 3 };
    expect(fake.calls.map((call) => call.body)).toEqual([
      { ...common, provider: 3, isProviderChanged: false },
      { ...common, provider: 4, isProviderChanged: true },
    ]);
    expect(fake.calls.every((call) => !call.idempotent)).toBe(true);
  });

  it('passes a refused booking on as the API error', async () => {
    const { fake, operations } = setup();
    fake.on('POST /i/appointments/', refusal(409, 'appointment/slot-taken', 'That time was just taken.'));

    await expect(runActor(createBookingActors(operations).submitBooking, booking({}))).rejects.toMatchObject({
      status: 409,
      code: 'appointment/slot-taken',
    });
  });
});

describe('create user actors', () => {
  it('registers the typed user, trimmed, and names the new user for the picker', async () => {
    const fake = fakeApi();
    fake.on('POST /user/register', USER_SUMMARY);

    const created = await runActor(createCreateUserActors(usersApi(fake.client)).registerUser, {
      ...customer,
      password: ' secret ',
    });

    expect(created).toEqual({ id: 21, label: 'Ada Lovelace (ada@example.com)' });
    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/user/register',
        body: {
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          password: ' secret ',
          phone: '555-0101',
          birthdate: '1990-12-10',
        },
        idempotent: true,
      },
    ]);
  });

  it('names the new user by display name, else first and last name, else the email alone', async () => {
    const fake = fakeApi();
    fake.on(
      'POST /user/register',
      { ...USER_SUMMARY, displayName: 'Ada L.' },
      { ...USER_SUMMARY, lastName: null },
      { ...USER_SUMMARY, firstName: null, lastName: null },
    );
    const { registerUser } = createCreateUserActors(usersApi(fake.client));

    const labels = [];
    for (let turn = 0; turn < 3; turn += 1)
      labels.push((await runActor(registerUser, { ...customer, password: 'pw' })).label);

    expect(labels).toEqual(['Ada L. (ada@example.com)', 'Ada (ada@example.com)', 'ada@example.com']);
    expect(fake.routes()).toEqual(Array(3).fill('POST /user/register'));
  });
});

describe('receipt and explanation actors', () => {
  it('sends a receipt once (one Idempotency-Key)', async () => {
    const { fake, operations } = setup();
    const receipt: Receipt = {
      id: 1,
      recipient: 'CUSTOMER',
      groupId: 'g-501',
      providerId: 3,
      to: 'ada@example.com',
      subject: 'Your receipt',
      body: 'Thank you',
      delivery: 'RECORDED',
      createdAt: '2026-03-02T19:00:00.000Z',
    };
    fake.on('POST /appointments/receipts', receipt);
    const input = { recipient: 'CUSTOMER' as const, groupId: 'g-501', provider: 3 };

    await expect(runActor(createSendReceiptActors(operations).sendReceipt, input)).resolves.toEqual(receipt);
    expect(fake.calls).toEqual([
      { method: 'POST', path: '/appointments/receipts', body: input, idempotent: true },
    ]);
  });

  it("asks why a time is closed with the actor's signal", async () => {
    const { fake, operations } = setup();
    const explanation: Explanation = {
      open: false,
      time: start,
      localTime: '2026-03-02T09:00',
      timeZone: 'America/Los_Angeles',
      durationMinutes: 60,
      reasons: [{ code: 'closed-day', message: 'closed on Mondays' }],
    };
    fake.on('POST /appointments/availability/explain', explanation);
    const input = { serviceItemIds: [9], provider: 3, time: start };

    await expect(runActor(createExplainTimeActors(operations).explainTime, input)).resolves.toEqual(
      explanation,
    );
    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/appointments/availability/explain',
        body: input,
        idempotent: false,
        signal: expect.any(AbortSignal),
      },
    ]);
  });
});
