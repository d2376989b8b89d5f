/**
 * /appointments (02 §7):
 * - GET /?provider=&group=true|&user=true&from=&to= lists the provider's appointments starting in the window
 *   (30 days each side of now by default), or with &groupId= that one booking; GET /calendar?provider=&from=&to=
 *   the month calendar's light list (one entry per booking); GET /activity?provider= the dashboard's activity
 *   figures (the payouts from the payment provider: null with `payouts: 'unavailable'` when it does not
 *   answer, the bookings still counted); GET
 *   /list?status=&provider=&from=&to=&q=&cursor=&limit= the appointments workspace's page (every provider's
 *   for an admin, a provider user's own), newest start first, by cursor.
 * - POST /availability open slots (slots with providerId and earliestAppointmentTime); POST
 *   /availability/explain why a start is or is not open.
 * - PUT /{id} the status (COMPLETED, ACTIVE, FILMING; cancel is DELETE).
 * - POST / create (admin variant); PUT /reschedule/{id} (admin).
 * - DELETE /{groupId}?latecancelfee=&refundOption= cancel (admin); GET /{groupId}/cancellation its preview.
 * - POST /receipts send a receipt; GET /receipts?groupId= the receipts recorded (admin).
 * Roles: admin (every provider) and provider (their own; 403 otherwise) unless marked admin.
 * POST /i/appointments/ (the provider variant of create) is `providerBookingRoutes`.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  CalendarAppointmentsQuerySchema,
  ProviderActivityQuerySchema,
  ProviderAppointmentsQuerySchema,
} from '../../src/api/contract/appointment';
import {
  AdminBookingSchema,
  AvailabilityRequestSchema,
  CancelQuerySchema,
  ExplainRequestSchema,
  ProviderBookingSchema,
  ReceiptListQuerySchema,
  ReceiptRequestSchema,
  RescheduleSchema,
  StatusUpdateSchema,
} from '../../src/api/contract/appointment-operations';
import { AppointmentListQuerySchema } from '../../src/api/contract/appointment-list';
import type { Db } from '../db/client';
import type { Allow } from '../http/auth';
import type { Log } from '../http/log';
import { answer, ok } from '../http/result';
import { fail } from '../http/errors';
import { logOutage, type OutsideServiceError } from '../http/outside';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import type { PaymentsService } from '../payouts/payments';
import { withScope } from '../http/scope';
import {
  cancelBooking,
  createAsAdmin,
  createAsProvider,
  previewCancellation,
  reschedule,
  updateStatus,
} from './operations.service';
import { appointmentList } from './list.service';
import { receiptList, sendReceipt } from './receipts.service';
import { calendarAppointments, providerActivity, providerAppointments } from './service';
import { availability, explain } from './slots.service';

/** Where UPKEEP_SUPPORT receipts go when no other address is configured. */
export const DEFAULT_SUPPORT_EMAIL = 'support@upkeep.test';

const GroupIdParam = v.pipe(
  v.string(),
  v.minLength(1, 'The booking id (groupId) in the path is required'),
  v.maxLength(100, 'The booking id (groupId) in the path can be at most 100 characters'),
);

interface Deps {
  db: Db;
  allow: Allow;
  log: Log;
  payments: PaymentsService;
  now?: () => Date;
  supportEmail?: string;
}

export function appointmentRoutes({
  db,
  allow,
  log,
  payments,
  now = () => new Date(),
  supportEmail = DEFAULT_SUPPORT_EMAIL,
}: Deps) {
  const roles = allow('admin', 'provider');
  const scoped = withScope(db);
  const admin = allow('admin');
  return new Hono<HonoEnv>()
    .get('/activity', roles, query(ProviderActivityQuerySchema), scoped, async (c) => {
      const { provider } = c.req.valid('query');
      const onOutage = (error: OutsideServiceError) => logOutage(log, error, c.req);
      return answer(c, await providerActivity({ db, payments, onOutage }, c.var.scope, provider, now()));
    })
    .get('/calendar', roles, query(CalendarAppointmentsQuerySchema), scoped, async (c) => {
      const result = await calendarAppointments(db, c.var.scope, c.req.valid('query'), now());
      if (!result.ok) return fail(c, result.status, result.code, result.message, result.field);
      // The database wrote the JSON array already (a busy month is a few thousand entries).
      return c.body(result.value, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
    })
    .get('/list', roles, query(AppointmentListQuerySchema), scoped, async (c) =>
      answer(c, await appointmentList(db, c.var.scope, c.req.valid('query'))),
    )
    .get('/', roles, query(ProviderAppointmentsQuerySchema), scoped, async (c) =>
      answer(c, await providerAppointments(db, c.var.scope, c.req.valid('query'), now())),
    )
    .post('/availability', roles, jsonBody(AvailabilityRequestSchema), scoped, async (c) =>
      answer(c, await availability(db, c.var.scope, c.req.valid('json'), now())),
    )
    .post('/availability/explain', roles, jsonBody(ExplainRequestSchema), scoped, async (c) =>
      answer(c, await explain(db, c.var.scope, c.req.valid('json'), now())),
    )
    .get('/receipts', admin, query(ReceiptListQuerySchema), async (c) =>
      answer(c, ok(await receiptList(db, c.req.valid('query').groupId))),
    )
    .post('/receipts', admin, jsonBody(ReceiptRequestSchema), async (c) =>
      answer(c, await sendReceipt(db, c.req.valid('json'), c.get('caller').uid, supportEmail, log), 201),
    )
    .post('/', admin, jsonBody(AdminBookingSchema), scoped, async (c) => {
      const caller = c.get('caller').uid;
      return answer(c, await createAsAdmin(db, c.var.scope, c.req.valid('json'), caller, now()), 201);
    })
    .put('/reschedule/:id', admin, params({ id: IdParam }), jsonBody(RescheduleSchema), scoped, async (c) => {
      const { id } = c.req.valid('param');
      return answer(
        c,
        await reschedule(db, c.var.scope, id, c.req.valid('json'), c.get('caller').uid, now()),
      );
    })
    .put('/:id', roles, params({ id: IdParam }), jsonBody(StatusUpdateSchema), scoped, async (c) =>
      answer(c, await updateStatus(db, c.var.scope, c.req.valid('param').id, c.req.valid('json'))),
    )
    .get(
      '/:groupId/cancellation',
      admin,
      params({ groupId: GroupIdParam }),
      query(CancelQuerySchema),
      async (c) =>
        answer(c, await previewCancellation(db, c.req.valid('param').groupId, c.req.valid('query'))),
    )
    .delete('/:groupId', admin, params({ groupId: GroupIdParam }), query(CancelQuerySchema), async (c) => {
      const { groupId } = c.req.valid('param');
      return answer(c, await cancelBooking(db, groupId, c.req.valid('query'), c.get('caller').uid));
    });
}

/** POST /i/appointments/ (02 §7): Create Appointment, provider variant (providers for their own; admins). */
export function providerBookingRoutes({
  db,
  allow,
  now = () => new Date(),
}: Omit<Deps, 'log' | 'payments' | 'supportEmail'>) {
  return new Hono<HonoEnv>().post(
    '/',
    allow('admin', 'provider'),
    jsonBody(ProviderBookingSchema),
    withScope(db),
    async (c) =>
      answer(
        c,
        await createAsProvider(db, c.var.scope, c.req.valid('json'), c.get('caller').uid, now()),
        201,
      ),
  );
}
