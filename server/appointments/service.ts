/**
 * The provider dashboard's reads (02 §2, §4, §7): a provider's appointments in a window (grouped by
 * booking, with customer details on request) and the activity figures. A provider user reads only their
 * own providers (403 otherwise); an admin reads every provider.
 */
import { Temporal } from 'temporal-polyfill';
import {
  APPOINTMENT_WINDOW_MAX_DAYS,
  type ProviderActivity,
  type CalendarAppointmentsQuery,
  type ProviderAppointment,
  type ProviderAppointmentsQuery,
} from '../../src/api/contract/appointment';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { LIST_WINDOW_DAYS } from '../../src/domain/dashboard/appointments';
import { readSettings } from '../settings/repository';
import type { Db } from '../db/client';
import { sumArrived } from '../../src/domain/payouts/earnings';
import { failure, ok, type Result } from '../http/result';
import { PaymentsUnavailableError, type PaymentsService } from '../payouts/payments';
import { toSettlementAccount } from '../payouts/repository';
import { checkReferences, type Scope } from '../http/scope';
import {
  appointmentRows,
  calendarJson,
  countBookings,
  findProvider,
  findSettlementAccount,
  providerBookingRows,
  type AppointmentRow,
} from './repository';

const DAY_MS = 86_400_000;

async function usableProvider(db: Db, scope: Scope, providerId: number) {
  const named = await checkReferences(db, scope, [{ kind: 'provider', id: providerId, field: 'provider' }]);
  if (!named.ok) return named;
  const provider = await findProvider(db, providerId);
  if (!provider) throw new Error(`usableProvider: provider ${providerId} is gone`);
  return ok(provider);
}

function windowOf(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Result<{ from: Date; to: Date }> {
  const from = query.from
    ? new Date(Temporal.Instant.from(query.from).epochMilliseconds)
    : new Date(now.getTime() - LIST_WINDOW_DAYS * DAY_MS);
  const to = query.to
    ? new Date(Temporal.Instant.from(query.to).epochMilliseconds)
    : new Date(now.getTime() + LIST_WINDOW_DAYS * DAY_MS);
  if (to <= from) return failure(400, API_ERROR_CODES.invalidQuery, 'to must be after from', 'to');
  if (to.getTime() - from.getTime() > APPOINTMENT_WINDOW_MAX_DAYS * DAY_MS) {
    return failure(
      400,
      API_ERROR_CODES.invalidQuery,
      `The window can be at most ${APPOINTMENT_WINDOW_MAX_DAYS} days`,
      'to',
    );
  }
  return ok({ from, to });
}

export async function providerAppointments(
  db: Db,
  scope: Scope,
  query: ProviderAppointmentsQuery,
  now: Date,
): Promise<Result<ProviderAppointment[]>> {
  const window = windowOf(query, now);
  if (!window.ok) return window;
  const provider = await usableProvider(db, scope, query.provider);
  if (!provider.ok) return provider;
  const rows = query.groupId
    ? await providerBookingRows(db, query.provider, query.groupId)
    : await appointmentRows(db, query.provider, window.value.from, window.value.to);
  const list = query.group ? grouped(rows) : rows.map((row) => [row]);
  return ok(list.map((group) => toAppointment(group, query.user ?? false)));
}

/**
 * The month calendar's bookings in the window (GET /appointments/calendar), as the JSON array text the
 * database writes (`calendarJson`): the route sends it as it is.
 */
export async function calendarAppointments(
  db: Db,
  scope: Scope,
  query: CalendarAppointmentsQuery,
  now: Date,
): Promise<Result<string>> {
  const window = windowOf(query, now);
  if (!window.ok) return window;
  const provider = await usableProvider(db, scope, query.provider);
  if (!provider.ok) return provider;
  return ok(await calendarJson(db, query.provider, window.value.from, window.value.to));
}

/** Rows booked together (one groupId) as one list each, in the order their first row starts. */
export function grouped(rows: AppointmentRow[]): AppointmentRow[][] {
  const groups = new Map<string, AppointmentRow[]>();
  for (const row of rows) {
    const group = groups.get(row.appointment.groupId);
    if (group) group.push(row);
    else groups.set(row.appointment.groupId, [row]);
  }
  return [...groups.values()];
}

export function toAppointment(group: AppointmentRow[], withUser: boolean): ProviderAppointment {
  const [first] = group;
  if (!first) throw new Error('an appointment group has at least one row');
  const { appointment: a, provider, location, bundle, user } = first;
  const items = group.flatMap((row) => (row.item ? [row.item] : []));
  const end = group.reduce(
    (latest, row) => (row.appointment.endDate > latest ? row.appointment.endDate : latest),
    a.endDate,
  );
  const names = group
    .map((row) => row.item?.name ?? row.bundle?.name ?? row.appointment.name)
    .filter(Boolean);
  return {
    id: a.id,
    groupId: a.groupId,
    status: a.status,
    startDate: a.startDate.toISOString(),
    endDate: end.toISOString(),
    name: a.name,
    serviceItemDisplayName: names.length > 0 ? names.join(', ') : null,
    serviceItem: first.item,
    serviceItems: items,
    bundle: bundle ?? group.find((row) => row.bundle)?.bundle ?? null,
    provider,
    location,
    user: withUser ? user : null,
  };
}

/** The payout part of an activity answer, either case of it (`payouts: 'available'` or `'unavailable'`). */
type PayoutFigures = ProviderActivity extends infer Answer
  ? Answer extends ProviderActivity
    ? Pick<Answer, 'payouts' | 'payoutsPast30DaysInCents' | 'lifetimePayoutsInCents'>
    : never
  : never;

/**
 * The activity figures. The bookings and the settlement account are ours; the payouts are those the payment
 * provider lists for the location's account that have arrived (at the local Stripe stand-in, derived from the
 * completed appointments, src/domain/payouts/earnings.ts). When the payment provider does not answer
 * (`PaymentsUnavailableError`), the read still answers, with the payout figures null and
 * `payouts: 'unavailable'`, and `onOutage` logs it as the error handler logs an outage; any other error passes
 * as before.
 */
export async function providerActivity(
  deps: { db: Db; payments: PaymentsService; onOutage(error: PaymentsUnavailableError): void },
  scope: Scope,
  providerId: number,
  now: Date,
): Promise<Result<ProviderActivity>> {
  const { db, payments } = deps;
  const provider = await usableProvider(db, scope, providerId);
  if (!provider.ok) return provider;
  // The window is the marketplace setting (02 §9, 30 days unless an admin changed it on /settings).
  const { activityWindowDays } = await readSettings(db);
  const since = new Date(now.getTime() - activityWindowDays * DAY_MS);
  const account = await findSettlementAccount(db, provider.value.locationId);
  let figures: PayoutFigures;
  try {
    const payouts = account ? await payments.listPayouts(account.accountId) : [];
    figures = {
      payouts: 'available',
      payoutsPast30DaysInCents: sumArrived(payouts, since.getTime(), now.getTime()),
      lifetimePayoutsInCents: sumArrived(payouts, null, now.getTime()),
    };
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error;
    deps.onOutage(error);
    figures = { payouts: 'unavailable', payoutsPast30DaysInCents: null, lifetimePayoutsInCents: null };
  }
  return ok({
    bookingsPast30Days: await countBookings(db, providerId, since, now),
    ...figures,
    activityWindowDays,
    settlementAccount: account ? toSettlementAccount(account) : null,
  });
}
