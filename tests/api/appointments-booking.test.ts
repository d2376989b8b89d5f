/**
 * POST /appointments/availability (+ /explain), POST /i/appointments/ and POST /appointments: open slots
 * from the real slot engine, why a time is closed, both Create Appointment variants, who may do what, and
 * no double booking under 20 concurrent requests for one slot.
 */
import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { ProviderAppointmentSchema } from '../../src/api/contract/appointment';
import {
  ExplanationSchema,
  ProviderSlotsListSchema,
  ReceiptListSchema,
} from '../../src/api/contract/appointment-operations';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { holidaysOfYear } from '../../src/domain/providers/holidays';
import { laTime, mondayAhead, slotFixture, ZONE, type SlotFixture } from './appointments-support';
import { call, callers, expectError, expectNoChange, type Callers } from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

describe.each(engines)('booking on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let mine: SlotFixture;
  let theirs: SlotFixture;
  const monday = mondayAhead(2);
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    mine = await slotFixture(api.db, 'Booking Glow', 'provider@upkeep.test');
    theirs = await slotFixture(api.db, 'Booking Multi', 'multi@upkeep.test');
  });
  afterAll(async () => {
    await api?.stop();
  });

  const slotsOf = async (body: unknown, token = as.glow) => {
    const result = await call(api, 'POST', '/appointments/availability', token, body);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return v.parse(ProviderSlotsListSchema, result.body);
  };
  const explain = async (time: string, items = [mine.botoxId], token = as.glow) => {
    const result = await call(api, 'POST', '/appointments/availability/explain', token, {
      serviceItemIds: items,
      provider: mine.providerId,
      time,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return v.parse(ExplanationSchema, result.body);
  };
  const customer = (n: string) => ({
    email: `booking-${engine}-${n}@upkeep.test`,
    firstName: 'Ada',
    lastName: `Booker ${n}`,
    phone: '+1 310 555 0100',
    birthdate: '1990-04-01',
  });

  it('offers the open slots of the week with providerId and earliestAppointmentTime', async () => {
    const [week] = await slotsOf({
      serviceItemIds: [mine.botoxId],
      startDate: monday.toString(),
      provider: mine.providerId,
    });
    expect(week).toMatchObject({ providerId: mine.providerId, timeZone: ZONE, durationMinutes: 45 });
    expect(week?.earliestAppointmentTime).toBe(laTime(monday, '09:00'));
    // Monday–Saturday, 09:00–16:15 starts for 45 minutes; nothing on Sunday.
    expect(week?.slots).toHaveLength(6 * 30);
    expect(week?.slots.at(-1)?.start).toBe(laTime(monday.add({ days: 5 }), '16:15'));
    expect(
      week?.slots.every((s) => Temporal.Instant.from(s.start).toZonedDateTimeISO(ZONE).dayOfWeek !== 7),
    ).toBe(true);
  });

  it('two items book back to back: the duration is their sum', async () => {
    const [day] = await slotsOf({
      serviceItemIds: [mine.botoxId, mine.facialId],
      startDate: monday.toString(),
      days: 1,
      provider: mine.providerId,
    });
    expect(day?.durationMinutes).toBe(75);
    expect(day?.slots.at(-1)?.start).toBe(laTime(monday, '15:45'));
  });

  it('finds providers near coordinates (a provider only among their own)', async () => {
    const near = await slotsOf(
      {
        serviceItemIds: [mine.botoxId],
        startDate: monday.toString(),
        days: 1,
        coordinates: { lat: 34.06, lng: -118.26 },
      },
      as.admin,
    );
    expect(near.map((p) => p.providerId)).toEqual(
      expect.arrayContaining([mine.providerId, theirs.providerId]),
    );
    const own = await slotsOf({
      serviceItemIds: [mine.botoxId],
      startDate: monday.toString(),
      days: 1,
      coordinates: { lat: 34.06, lng: -118.26 },
    });
    expect(own.map((p) => p.providerId)).toContain(mine.providerId);
    expect(own.map((p) => p.providerId)).not.toContain(theirs.providerId);
    const far = await slotsOf(
      { serviceItemIds: [mine.botoxId], startDate: monday.toString(), coordinates: { lat: 40.7, lng: -74 } },
      as.admin,
    );
    expect(far.map((p) => p.providerId)).not.toContain(mine.providerId);
  });

  it('refuses bad requests (400 naming the field), strangers (401), other providers (403), unknown ids (404)', async () => {
    const path = '/appointments/availability';
    const good = { serviceItemIds: [mine.botoxId], startDate: monday.toString(), provider: mine.providerId };
    expectError(await call(api, 'POST', path, undefined, good), 401, API_ERROR_CODES.unauthenticated);
    expectError(await call(api, 'POST', path, as.customer, good), 403, API_ERROR_CODES.forbidden);
    expectError(
      await call(api, 'POST', path, as.glow, { ...good, serviceItemIds: [] }),
      400,
      API_ERROR_CODES.invalidBody,
      'serviceItemIds',
    );
    expectError(
      await call(api, 'POST', path, as.glow, { ...good, startDate: '2026/03/02' }),
      400,
      API_ERROR_CODES.invalidBody,
      'startDate',
    );
    expectError(
      await call(api, 'POST', path, as.glow, {
        serviceItemIds: [mine.botoxId],
        startDate: monday.toString(),
      }),
      400,
      API_ERROR_CODES.invalidBody,
      'provider',
    );
    expectError(
      await call(api, 'POST', path, as.glow, { ...good, days: 32 }),
      400,
      API_ERROR_CODES.invalidBody,
      'days',
    );
    expectError(
      await call(api, 'POST', path, as.glow, { ...good, provider: theirs.providerId }),
      403,
      API_ERROR_CODES.forbidden,
    );
    expectError(
      await call(api, 'POST', path, as.glow, { ...good, provider: 999_999 }),
      404,
      API_ERROR_CODES.providerNotFound,
      'provider',
    );
    expectError(
      await call(api, 'POST', path, as.glow, { ...good, serviceItemIds: [999_999] }),
      404,
      API_ERROR_CODES.serviceItemNotFound,
      'serviceItemIds',
    );
  });

  it('explains why a time is closed: Sundays, hours, earliest day, special dates and holidays', async () => {
    expect(await explain(laTime(monday, '10:00'))).toMatchObject({ open: true, reasons: [], timeZone: ZONE });
    const sunday = monday.subtract({ days: 1 });
    expect((await explain(laTime(sunday, '10:00'))).reasons).toEqual([
      { code: 'closed-day', message: 'closed on Sundays' },
    ]);
    expect((await explain(laTime(monday, '16:30'))).reasons[0]?.code).toBe('outside-hours');
    const yesterday = Temporal.Now.plainDateISO(ZONE).subtract({ days: 1 });
    expect((await explain(laTime(yesterday, '10:00'))).reasons.map((r) => r.code)).toContain('in-the-past');

    await api.db
      .update(t.providers)
      .set({ availableAfterDays: 7 })
      .where(eq(t.providers.id, mine.providerId));
    const tomorrow = Temporal.Now.plainDateISO(ZONE).add({ days: 1 });
    const early = await explain(laTime(tomorrow, '10:00'));
    expect(early.reasons.map((r) => r.code)).toContain('before-earliest-day');
    expect(early.reasons.find((r) => r.code === 'before-earliest-day')?.message).toMatch(
      /^before the provider's earliest booking day/,
    );
    await api.db
      .update(t.providers)
      .set({ availableAfterDays: 0 })
      .where(eq(t.providers.id, mine.providerId));

    const tuesday = monday.add({ days: 1 });
    const [special] = await api.db
      .insert(t.specialDates)
      .values({ locationId: mine.locationId, startDate: tuesday.toString(), endDate: tuesday.toString() })
      .returning();
    expect((await explain(laTime(tuesday, '10:00'))).reasons).toEqual([
      { code: 'special-date', message: `closed for a special date (${tuesday.toString()})` },
    ]);
    const [tuesdayWeek] = await slotsOf({
      serviceItemIds: [mine.botoxId],
      startDate: tuesday.toString(),
      days: 1,
      provider: mine.providerId,
    });
    expect(tuesdayWeek?.slots).toEqual([]);
    // A special date with another service attached leaves this booking's items open.
    await api.db
      .insert(t.specialDateServiceItems)
      .values({ specialDateId: special!.id, serviceItemId: mine.facialId });
    expect((await explain(laTime(tuesday, '10:00'))).open).toBe(true);
    expect((await explain(laTime(tuesday, '10:00'), [mine.facialId])).reasons[0]?.code).toBe('special-date');

    const nextYear = Temporal.Now.plainDateISO(ZONE).year + 1;
    const holiday = holidaysOfYear(nextYear, ZONE).find((h) => h.date.dayOfWeek < 6)!;
    await api.db
      .insert(t.specialDates)
      .values({
        locationId: mine.locationId,
        startDate: holiday.date.toString(),
        endDate: holiday.date.toString(),
      });
    expect((await explain(laTime(holiday.date, '10:00'))).reasons).toEqual([
      { code: 'holiday', message: `closed for a holiday (${holiday.name})` },
    ]);
  });

  it('creates as a provider: a new customer by email, the slot taken; the same slot again is 409', async () => {
    const start = laTime(monday, '10:00');
    const created = await call(api, 'POST', '/i/appointments/', as.glow, {
      ...customer('one'),
      serviceItemIds: [mine.botoxId],
      provider: mine.providerId,
      startDate: start,
      sendInvoice: true,
      isFree: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const appointment = v.parse(ProviderAppointmentSchema, created.body);
    expect(appointment).toMatchObject({
      startDate: new Date(start).toISOString(),
      status: 'ACTIVE',
      provider: { id: mine.providerId },
      user: { email: customer('one').email, displayName: 'Ada Booker one', birthdate: '1990-04-01' },
    });
    const [row] = await api.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.groupId, appointment.groupId));
    expect(row).toMatchObject({ paymentMethod: 'INVOICE', priceInCents: 20_000, sendInvoice: true });
    const invoices = await call(
      api,
      'GET',
      `/appointments/receipts?groupId=${appointment.groupId}`,
      as.admin,
    );
    expect(v.parse(ReceiptListSchema, invoices.body)).toMatchObject([
      { recipient: 'CUSTOMER', to: customer('one').email, delivery: 'RECORDED' },
    ]);

    const why = await explain(laTime(monday, '10:15'));
    expect(why.reasons).toEqual([{ code: 'taken', message: 'taken by an appointment 10:00–10:45' }]);
    const again = await expectNoChange(api.db, () =>
      call(api, 'POST', '/i/appointments/', as.glow, {
        ...customer('two'),
        serviceItemIds: [mine.facialId],
        provider: mine.providerId,
        startDate: laTime(monday, '10:30'),
      }),
    );
    const error = expectError(again, 409, API_ERROR_CODES.appointmentSlotTaken, 'startDate');
    expect(error.message).toContain('taken by an appointment 10:00–10:45');
  });

  it('a free booking costs nothing; a closed time is refused with the reason', async () => {
    const created = await call(api, 'POST', '/i/appointments/', as.admin, {
      ...customer('free'),
      serviceItemIds: [mine.facialId],
      provider: mine.providerId,
      startDate: laTime(monday, '13:00'),
      isFree: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { groupId } = v.parse(ProviderAppointmentSchema, created.body);
    const [row] = await api.db.select().from(t.appointments).where(eq(t.appointments.groupId, groupId));
    expect(row).toMatchObject({ paymentMethod: 'FREE', priceInCents: 0 });
    const closed = await call(api, 'POST', '/i/appointments/', as.glow, {
      ...customer('sunday'),
      serviceItemIds: [mine.facialId],
      provider: mine.providerId,
      startDate: laTime(monday.subtract({ days: 1 }), '10:00'),
    });
    const error = expectError(closed, 409, API_ERROR_CODES.appointmentSlotClosed, 'startDate');
    expect(error.message).toBe('That time is not open: closed on Sundays.');
  });

  it('the provider variant requires the customer’s five fields and refuses other providers (403) untouched', async () => {
    const base = {
      ...customer('fields'),
      serviceItemIds: [mine.facialId],
      provider: mine.providerId,
      startDate: laTime(monday, '14:00'),
    };
    for (const field of ['email', 'firstName', 'lastName', 'phone', 'birthdate'] as const) {
      const { [field]: _dropped, ...rest } = base;
      expectError(
        await call(api, 'POST', '/i/appointments/', as.glow, rest),
        400,
        API_ERROR_CODES.invalidBody,
        field,
      );
    }
    expectError(
      await call(api, 'POST', '/i/appointments/', as.glow, { ...base, birthdate: '1990-02-30' }),
      400,
      API_ERROR_CODES.invalidBody,
      'birthdate',
    );
    await expectNoChange(api.db, async () =>
      expectError(
        await call(api, 'POST', '/i/appointments/', as.glow, { ...base, provider: theirs.providerId }),
        403,
        API_ERROR_CODES.forbidden,
      ),
    );
    expectError(
      await call(api, 'POST', '/i/appointments/', undefined, base),
      401,
      API_ERROR_CODES.unauthenticated,
    );
    expectError(
      await call(api, 'POST', '/i/appointments/', as.customer, base),
      403,
      API_ERROR_CODES.forbidden,
    );
  });

  it('creates as an admin for an existing user with a payment method; providers may not (403)', async () => {
    const [user] = await api.db.select().from(t.users).where(eq(t.users.role, 'USER')).limit(1);
    const body = {
      user: user!.id,
      provider: mine.providerId,
      serviceItemIds: [mine.botoxId],
      startDate: laTime(monday, '15:00'),
      paymentMethod: 'SAVED_CARD',
    };
    expectError(await call(api, 'POST', '/appointments', as.glow, body), 403, API_ERROR_CODES.forbidden);
    expectError(
      await call(api, 'POST', '/appointments', as.admin, { ...body, paymentMethod: 'CASH' }),
      400,
      API_ERROR_CODES.invalidBody,
      'paymentMethod',
    );
    expectError(
      await call(api, 'POST', '/appointments', as.admin, { ...body, user: 999_999 }),
      404,
      API_ERROR_CODES.userNotFound,
      'user',
    );
    const created = await call(api, 'POST', '/appointments', as.admin, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const appointment = v.parse(ProviderAppointmentSchema, created.body);
    expect(appointment.user?.email).toBe(user!.email);
    const [row] = await api.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.groupId, appointment.groupId));
    expect(row).toMatchObject({ paymentMethod: 'SAVED_CARD', priceInCents: 20_000 });
  });

  it('20 concurrent bookings of one slot make exactly one appointment', async () => {
    const start = laTime(monday.add({ days: 2 }), '11:00');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(api, 'POST', '/i/appointments/', as.glow, {
          ...customer(`race-${i}`),
          serviceItemIds: [mine.botoxId],
          provider: mine.providerId,
          startDate: start,
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const refused of results.filter((r) => r.status === 409)) {
      expectError(refused, 409, API_ERROR_CODES.appointmentSlotTaken, 'startDate');
    }
    const rows = await api.db
      .select()
      .from(t.appointments)
      .where(
        and(eq(t.appointments.providerId, mine.providerId), eq(t.appointments.startDate, new Date(start))),
      );
    expect(rows).toHaveLength(1);
    expect(api.logged).toEqual([]);
  });
});
