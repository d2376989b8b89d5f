/**
 * PUT /appointments/{id} (status), DELETE /appointments/{groupId} (cancel) and its preview, PUT
 * /appointments/reschedule/{id}, POST/GET /appointments/receipts and POST /user/register: the rules, what is
 * recorded, and who may do what (admins everything; a provider the status of their own providers only).
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { ProviderAppointmentSchema, type ProviderAppointment } from '../../src/api/contract/appointment';
import {
  CancellationSchema,
  ReceiptListSchema,
  ReceiptSchema,
} from '../../src/api/contract/appointment-operations';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { UserSummarySchema } from '../../src/api/contract/user';
import { laTime, mondayAhead, slotFixture, type SlotFixture } from './appointments-support';
import { call, callers, expectError, expectNoChange, type Callers } from './provider-support';
import { engines, signIn, startTestServer, type TestServer } from './support';

describe.each(engines)('appointment operations on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let mine: SlotFixture;
  let theirs: SlotFixture;
  const monday = mondayAhead(3);
  let counter = 0;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    mine = await slotFixture(api.db, 'Ops Glow', 'provider@upkeep.test');
    theirs = await slotFixture(api.db, 'Ops Multi', 'multi@upkeep.test');
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** A booking of its own at `time` on a weekday of the test week. */
  const book = async (fixture: SlotFixture, time: string, items = [fixture.botoxId], day = 0) => {
    counter += 1;
    const result = await call(api, 'POST', '/i/appointments/', as.admin, {
      email: `ops-${engine}-${counter}@upkeep.test`,
      firstName: 'Olive',
      lastName: `Ops ${counter}`,
      phone: '+1 310 555 0111',
      birthdate: '1985-06-15',
      serviceItemIds: items,
      provider: fixture.providerId,
      startDate: laTime(monday.add({ days: day }), time),
    });
    expect(result.status, JSON.stringify(result.body)).toBe(201);
    return v.parse(ProviderAppointmentSchema, result.body);
  };
  const statusOf = async (groupId: string) =>
    (await api.db.select().from(t.appointments).where(eq(t.appointments.groupId, groupId))).map(
      (r) => r.status,
    );

  describe('status', () => {
    let booking: ProviderAppointment;
    beforeAll(async () => {
      booking = await book(mine, '09:00', [mine.botoxId, mine.facialId]);
    });

    it('COMPLETED, ACTIVE and FILMING save for every row of the booking (the full appointment may be sent)', async () => {
      for (const status of ['COMPLETED', 'FILMING', 'ACTIVE'] as const) {
        const result = await call(api, 'PUT', `/appointments/${booking.id}`, as.glow, { ...booking, status });
        expect(result.status, JSON.stringify(result.body)).toBe(200);
        expect(v.parse(ProviderAppointmentSchema, result.body)).toMatchObject({
          status,
          groupId: booking.groupId,
        });
        expect(await statusOf(booking.groupId)).toEqual([status, status]);
      }
    });

    it('CANCELLED and LATE_CANCELLED are refused with 400 (cancel is DELETE); nothing changes', async () => {
      for (const status of ['CANCELLED', 'LATE_CANCELLED']) {
        const result = await expectNoChange(api.db, () =>
          call(api, 'PUT', `/appointments/${booking.id}`, as.admin, { status }),
        );
        const error = expectError(result, 400, API_ERROR_CODES.appointmentCancelByDelete, 'status');
        expect(error.message).toContain('DELETE /appointments/{groupId}');
      }
      expect(await statusOf(booking.groupId)).toEqual(['ACTIVE', 'ACTIVE']);
    });

    it('401, 403 (another provider’s appointment; a customer), 400 (unknown status, bad id), 404', async () => {
      const other = await book(theirs, '09:00');
      const path = `/appointments/${other.id}`;
      expectError(
        await call(api, 'PUT', path, undefined, { status: 'COMPLETED' }),
        401,
        API_ERROR_CODES.unauthenticated,
      );
      expectError(
        await call(api, 'PUT', path, as.glow, { status: 'COMPLETED' }),
        403,
        API_ERROR_CODES.forbidden,
      );
      expectError(
        await call(api, 'PUT', path, as.customer, { status: 'COMPLETED' }),
        403,
        API_ERROR_CODES.forbidden,
      );
      expect(await statusOf(other.groupId)).toEqual(['ACTIVE']);
      expectError(
        await call(api, 'PUT', path, as.multi, { status: 'DONE' }),
        400,
        API_ERROR_CODES.invalidBody,
        'status',
      );
      expectError(await call(api, 'PUT', path, as.multi, {}), 400, API_ERROR_CODES.invalidBody, 'status');
      expectError(
        await call(api, 'PUT', '/appointments/abc', as.admin, { status: 'ACTIVE' }),
        400,
        API_ERROR_CODES.invalidParam,
      );
      expectError(
        await call(api, 'PUT', '/appointments/999999', as.admin, { status: 'ACTIVE' }),
        404,
        API_ERROR_CODES.appointmentNotFound,
      );
      expect((await call(api, 'PUT', path, as.multi, { status: 'COMPLETED' })).status).toBe(200);
    });
  });

  describe('cancel', () => {
    it('previews, then cancels with the late fee: LATE_CANCELLED, refund of the rest recorded', async () => {
      const booking = await book(mine, '11:00', [mine.botoxId, mine.facialId]);
      const query = 'latecancelfee=true&refundOption=REFUND';
      const preview = await call(
        api,
        'GET',
        `/appointments/${booking.groupId}/cancellation?${query}`,
        as.admin,
      );
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      const expected = {
        groupId: booking.groupId,
        status: 'LATE_CANCELLED',
        refundOption: 'REFUND',
        lateCancelFee: true,
        priceInCents: 30_000,
        lateFeeInCents: 15_000,
        refundInCents: 15_000,
        creditPoints: 0,
        summary: 'The customer is refunded $150.00 and charged a $150.00 late fee.',
      };
      expect(v.parse(CancellationSchema, preview.body)).toEqual(expected);
      expect(await statusOf(booking.groupId)).toEqual(['ACTIVE', 'ACTIVE']);

      expectError(
        await call(api, 'DELETE', `/appointments/${booking.groupId}?${query}`, as.glow),
        403,
        API_ERROR_CODES.forbidden,
      );
      const cancelled = await call(api, 'DELETE', `/appointments/${booking.groupId}?${query}`, as.admin);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(v.parse(CancellationSchema, cancelled.body)).toEqual(expected);
      expect(await statusOf(booking.groupId)).toEqual(['LATE_CANCELLED', 'LATE_CANCELLED']);
      const [record] = await api.db
        .select()
        .from(t.appointmentCancellations)
        .where(eq(t.appointmentCancellations.groupId, booking.groupId));
      expect(record).toMatchObject({
        refundInCents: 15_000,
        lateFeeInCents: 15_000,
        status: 'LATE_CANCELLED',
      });

      // Cancelled: no second cancel, no status change, no reschedule; the slot is open again.
      expectError(
        await call(api, 'DELETE', `/appointments/${booking.groupId}?${query}`, as.admin),
        409,
        API_ERROR_CODES.appointmentCancelled,
      );
      expectError(
        await call(api, 'PUT', `/appointments/${booking.id}`, as.glow, { status: 'ACTIVE' }),
        409,
        API_ERROR_CODES.appointmentCancelled,
      );
      const again = await book(mine, '11:00');
      expect(again.startDate).toBe(booking.startDate);
    });

    it('without the fee: CANCELLED; credit points go to the customer’s account; no refund keeps the money', async () => {
      const points = await book(mine, '13:00');
      const [before] = await api.db.select().from(t.users).where(eq(t.users.email, points.user!.email));
      const result = await call(
        api,
        'DELETE',
        `/appointments/${points.groupId}?latecancelfee=false&refundOption=CREDIT_POINTS`,
        as.admin,
      );
      expect(v.parse(CancellationSchema, result.body)).toMatchObject({
        status: 'CANCELLED',
        lateFeeInCents: 0,
        refundInCents: 0,
        creditPoints: 200,
        summary: 'The customer receives 200 credit points in their account and charged no late fee.',
      });
      const [after] = await api.db.select().from(t.users).where(eq(t.users.id, before!.id));
      expect(after!.availablePoints).toBe(before!.availablePoints + 200);
      expect(await statusOf(points.groupId)).toEqual(['CANCELLED']);

      const kept = await book(mine, '14:00');
      const none = await call(
        api,
        'DELETE',
        `/appointments/${kept.groupId}?refundOption=NO_REFUND`,
        as.admin,
      );
      // The late fee is on by default ("charge fee").
      expect(v.parse(CancellationSchema, none.body)).toMatchObject({
        status: 'LATE_CANCELLED',
        refundInCents: 0,
        lateFeeInCents: 10_000,
      });
    });

    it('400 for a missing or unknown refund option or a bad fee flag; 404 for an unknown booking; 401', async () => {
      const booking = await book(mine, '15:00');
      const path = `/appointments/${booking.groupId}`;
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'DELETE', path, as.admin),
          400,
          API_ERROR_CODES.invalidQuery,
          'refundOption',
        );
        expectError(
          await call(api, 'DELETE', `${path}?refundOption=SOME`, as.admin),
          400,
          API_ERROR_CODES.invalidQuery,
          'refundOption',
        );
        expectError(
          await call(api, 'DELETE', `${path}?refundOption=REFUND&latecancelfee=maybe`, as.admin),
          400,
          API_ERROR_CODES.invalidQuery,
          'latecancelfee',
        );
        expectError(
          await call(api, 'DELETE', '/appointments/no-such-booking?refundOption=REFUND', as.admin),
          404,
          API_ERROR_CODES.appointmentNotFound,
        );
        expectError(
          await call(api, 'DELETE', `${path}?refundOption=REFUND`, undefined),
          401,
          API_ERROR_CODES.unauthenticated,
        );
      });
    });
  });

  describe('reschedule', () => {
    it('moves the booking to an offered slot (its own time stays offered to it), keeping its groupId', async () => {
      const booking = await book(mine, '09:00', [mine.facialId], 1);
      const slots = await call(api, 'POST', '/appointments/availability', as.admin, {
        serviceItemIds: [mine.botoxId],
        startDate: monday.add({ days: 1 }).toString(),
        days: 1,
        provider: mine.providerId,
        excludeGroupId: booking.groupId,
      });
      const offered = (slots.body as Array<{ slots: Array<{ start: string }> }>)[0]!.slots.map(
        (s) => s.start,
      );
      expect(offered).toContain(laTime(monday.add({ days: 1 }), '09:00'));
      const target = laTime(monday.add({ days: 1 }), '12:00');
      expect(offered).toContain(target);
      const result = await call(api, 'PUT', `/appointments/reschedule/${booking.id}`, as.admin, {
        serviceItemIds: [mine.botoxId],
        provider: mine.providerId,
        startDate: target,
        isAvaliableSlots: true,
        isProviderChanged: false,
        previousProvider: mine.providerId,
      });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      const moved = v.parse(ProviderAppointmentSchema, result.body);
      expect(moved).toMatchObject({
        groupId: booking.groupId,
        startDate: new Date(target).toISOString(),
        serviceItems: [{ id: mine.botoxId }],
        user: { email: booking.user!.email },
      });
      // The old time is free again.
      expect((await book(mine, '09:00', [mine.facialId], 1)).startDate).toBe(booking.startDate);
    });

    it('to another provider; into a taken slot is 409 with nothing changed; providers may not (403)', async () => {
      const booking = await book(mine, '10:00', [mine.facialId], 2);
      const taken = await book(mine, '13:00', [mine.facialId], 2);
      const body = {
        serviceItemIds: [mine.facialId],
        provider: mine.providerId,
        startDate: laTime(monday.add({ days: 2 }), '13:15'),
      };
      const refused = await expectNoChange(api.db, () =>
        call(api, 'PUT', `/appointments/reschedule/${booking.id}`, as.admin, body),
      );
      const error = expectError(refused, 409, API_ERROR_CODES.appointmentSlotTaken, 'startDate');
      expect(error.message).toContain('taken by an appointment 13:00–13:30');
      expectError(
        await call(api, 'PUT', `/appointments/reschedule/${booking.id}`, as.glow, body),
        403,
        API_ERROR_CODES.forbidden,
      );
      expectError(
        await call(api, 'PUT', `/appointments/reschedule/${booking.id}`, as.admin, {
          ...body,
          startDate: 'soon',
        }),
        400,
        API_ERROR_CODES.invalidBody,
        'startDate',
      );
      expectError(
        await call(api, 'PUT', '/appointments/reschedule/999999', as.admin, body),
        404,
        API_ERROR_CODES.appointmentNotFound,
      );
      const elsewhere = await call(api, 'PUT', `/appointments/reschedule/${booking.id}`, as.admin, {
        ...body,
        serviceItemIds: [theirs.facialId],
        provider: theirs.providerId,
        isProviderChanged: true,
        previousProvider: mine.providerId,
      });
      expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
      expect(v.parse(ProviderAppointmentSchema, elsewhere.body).provider.id).toBe(theirs.providerId);
      expect(taken.status).toBe('ACTIVE');
    });
  });

  describe('receipts', () => {
    it('records a receipt to the customer, the provider and support, logs it, and lists it for admins', async () => {
      const booking = await book(mine, '16:00', [mine.facialId], 3);
      const addresses: Record<string, string> = {
        CUSTOMER: booking.user!.email,
        PROVIDER: 'billing-ops-glow@upkeep.test',
        UPKEEP_SUPPORT: 'support@upkeep.test',
      };
      for (const [recipient, to] of Object.entries(addresses)) {
        const result = await call(api, 'POST', '/appointments/receipts', as.admin, {
          recipient,
          groupId: booking.groupId,
          provider: mine.providerId,
        });
        expect(result.status, JSON.stringify(result.body)).toBe(201);
        const receipt = v.parse(ReceiptSchema, result.body);
        expect(receipt).toMatchObject({ recipient, to, delivery: 'RECORDED', groupId: booking.groupId });
        expect(receipt.body).toContain('Total: $100.00');
      }
      expect(
        api.logLines.filter((line) => line.msg === 'Receipt recorded (no mail service configured)'),
      ).toHaveLength(3);
      const listed = await call(api, 'GET', `/appointments/receipts?groupId=${booking.groupId}`, as.admin);
      expect(v.parse(ReceiptListSchema, listed.body).map((r) => r.recipient)).toEqual([
        'UPKEEP_SUPPORT',
        'PROVIDER',
        'CUSTOMER',
      ]);
    });

    it('400 for an unknown recipient, 404 for a booking of another provider, 403 for providers, 401', async () => {
      const booking = await book(mine, '16:00', [mine.facialId], 4);
      const body = { recipient: 'CUSTOMER', groupId: booking.groupId, provider: mine.providerId };
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'POST', '/appointments/receipts', as.admin, { ...body, recipient: 'EVERYONE' }),
          400,
          API_ERROR_CODES.invalidBody,
          'recipient',
        );
        expectError(
          await call(api, 'POST', '/appointments/receipts', as.admin, {
            ...body,
            provider: theirs.providerId,
          }),
          404,
          API_ERROR_CODES.appointmentNotFound,
          'groupId',
        );
        expectError(
          await call(api, 'POST', '/appointments/receipts', as.glow, body),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'GET', '/appointments/receipts', as.glow),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'POST', '/appointments/receipts', undefined, body),
          401,
          API_ERROR_CODES.unauthenticated,
        );
      });
    });
  });

  describe('Create User (POST /user/register)', () => {
    const person = (n: string) => ({
      email: `created-${engine}-${n}-${Date.now()}@upkeep.test`,
      firstName: 'Cleo',
      lastName: `Created ${n}`,
      password: 'long-enough-1',
      phone: '+1 310 555 0122',
      birthdate: '1992-09-09',
    });

    it('creates a sign-in account and its user; the same email again is 409', async () => {
      const input = person('a');
      const result = await call(api, 'POST', '/user/register', as.admin, input);
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      const user = v.parse(UserSummarySchema, result.body);
      expect(user).toMatchObject({
        email: input.email,
        firstName: 'Cleo',
        lastName: 'Created a',
        displayName: 'Cleo Created a',
        phone: input.phone,
        birthdate: input.birthdate,
        role: 'USER',
      });
      expect(user.firebaseUid).toEqual(expect.any(String));
      expect(await signIn(input.email, input.password)).toEqual(expect.any(String));
      expectError(
        await call(api, 'POST', '/user/register', as.admin, { ...input, email: input.email.toUpperCase() }),
        409,
        API_ERROR_CODES.userEmailExists,
        'email',
      );
    });

    it('gives an account to a customer a provider booked before they signed up', async () => {
      const booking = await book(mine, '10:00', [mine.facialId], 4);
      const email = booking.user!.email;
      const result = await call(api, 'POST', '/user/register', as.admin, { ...person('b'), email });
      expect(result.status, JSON.stringify(result.body)).toBe(201);
      const rows = await api.db.select().from(t.users).where(eq(t.users.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.firebaseUid).toBe(v.parse(UserSummarySchema, result.body).firebaseUid);
    });

    it('400 naming the field (password under 8, bad email, missing phone), 403 for providers, 401', async () => {
      await expectNoChange(api.db, async () => {
        const input = person('c');
        expectError(
          await call(api, 'POST', '/user/register', as.admin, { ...input, password: 'short' }),
          400,
          API_ERROR_CODES.invalidBody,
          'password',
        );
        expectError(
          await call(api, 'POST', '/user/register', as.admin, { ...input, email: 'nobody' }),
          400,
          API_ERROR_CODES.invalidBody,
          'email',
        );
        const { phone: _phone, ...noPhone } = input;
        expectError(
          await call(api, 'POST', '/user/register', as.admin, noPhone),
          400,
          API_ERROR_CODES.invalidBody,
          'phone',
        );
        expectError(
          await call(api, 'POST', '/user/register', as.glow, input),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'POST', '/user/register', undefined, input),
          401,
          API_ERROR_CODES.unauthenticated,
        );
      });
    });
  });

  it('logged no unexpected error', () => {
    expect(api.logged).toEqual([]);
  });
});
