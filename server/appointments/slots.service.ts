/**
 * Open slots on the reference API (02 §7 POST /appointments/availability, and .../explain): gathers what the
 * slot engine (src/domain/appointments/slots.ts) needs for one provider and a booking's service items — the
 * location's zone, the weekly availability of each category booked, the provider's other appointments, the
 * special dates that close the booking's days (a holiday-list entry is a one-day special date; it is named
 * as a holiday when its date is one) and the earliest booking day — and asks it.
 *
 * A special date with no services attached closes the location for every booking; one with services (or
 * bundles) attached closes it for bookings holding one of them.
 */
import { Temporal } from 'temporal-polyfill';
import * as v from 'valibot';
import type {
  AvailabilityRequest,
  Explanation,
  ExplainRequest,
  ProviderSlots,
} from '../../src/api/contract/appointment-operations';
import { DEFAULT_AVAILABILITY_DAYS } from '../../src/api/contract/appointment-operations';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import { TimeslotsSchema } from '../../src/api/contract/onboarding';
import {
  explainTime,
  openSlots,
  type ClosedDays,
  type SlotExplanation,
  type SlotRules,
  type WeekAvailability,
} from '../../src/domain/appointments/slots';
import { holidaysOfYear } from '../../src/domain/providers/holidays';
import type { Db } from '../db/client';
import { failure, ok, type Result } from '../http/result';
import { checkReferences, mayUseProvider, type Scope } from '../http/scope';
import {
  bookingProvider,
  busyAppointments,
  locationAvailabilities,
  locationSpecialDates,
  providersWithCoordinates,
  serviceItemsByIds,
  type BookingItem,
  type BookingProvider,
} from './operations.repository';

type Reader = Pick<Db, 'select'>;

/** Providers searched around a point: within this distance, the nearest first, at most this many. */
const NEAR_KM = 50;
const NEAR_MAX = 10;

export interface BookingContext {
  provider: BookingProvider;
  timeZone: string;
  items: BookingItem[];
  durationMinutes: number;
}

/** The service items of a booking in the order asked (404 naming the first unknown one). */
export async function bookingItems(db: Reader, ids: readonly number[]): Promise<Result<BookingItem[]>> {
  const rows = await serviceItemsByIds(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items: BookingItem[] = [];
  for (const id of ids) {
    const item = byId.get(id);
    if (!item) {
      return failure(
        404,
        API_ERROR_CODES.serviceItemNotFound,
        `No service item with id ${id}`,
        'serviceItemIds',
      );
    }
    items.push(item);
  }
  return ok(items);
}

/** The provider (404 unknown, 403 not the caller's) and the items, for a booking or a slot question. */
export async function bookingContext(
  db: Reader,
  scope: Scope,
  providerId: number,
  itemIds: readonly number[],
  options: { lock?: boolean } = {},
): Promise<Result<BookingContext>> {
  const named = await checkReferences(db, scope, [{ kind: 'provider', id: providerId, field: 'provider' }]);
  if (!named.ok) return named;
  const provider = await bookingProvider(db, providerId, options.lock);
  // Providers are never deleted: the one just found is there.
  if (!provider) throw new Error(`bookingContext: provider ${providerId} is gone`);
  const items = await bookingItems(db, itemIds);
  if (!items.ok) return items;
  return ok({
    provider,
    timeZone: provider.locationTimeZone ?? provider.providerTimeZone,
    items: items.value,
    durationMinutes: items.value.reduce((sum, item) => sum + item.timeInMins, 0),
  });
}

const holidayCache = new Map<string, Map<string, string>>();
/** The holiday list's dates of a year where the location is, and their names. */
function holidayNames(year: number, timeZone: string): Map<string, string> {
  const key = `${year}:${timeZone}`;
  let names = holidayCache.get(key);
  if (!names) {
    names = new Map(holidaysOfYear(year, timeZone).map((h) => [h.date.toString(), h.name]));
    holidayCache.set(key, names);
  }
  return names;
}

function weekOf(timeslots: unknown, name: string): WeekAvailability | undefined {
  const parsed = v.safeParse(TimeslotsSchema, timeslots);
  return parsed.success ? { name, week: parsed.output } : undefined;
}

/** The engine's rules for a booking over the instants [from, to) (appointments looked up there). */
export async function slotRules(
  db: Reader,
  context: BookingContext,
  window: { from: Temporal.Instant; to: Temporal.Instant },
  now: Temporal.Instant,
  excludeGroupId?: string,
): Promise<SlotRules> {
  const { provider, timeZone, items } = context;
  const base = {
    timeZone,
    durationMinutes: context.durationMinutes,
    availableAfterDays: provider.availableAfterDays,
    now,
  };
  if (provider.locationId === null) return { ...base, availabilities: [], appointments: [], closedDays: [] };
  const categoryIds = [...new Set(items.map((item) => item.serviceCategoryId))];
  const rows = await locationAvailabilities(db, provider.locationId, categoryIds);
  const availabilities: WeekAvailability[] = [];
  for (const categoryId of categoryIds) {
    const row = rows.find((r) => r.serviceCategoryId === categoryId);
    const name = items.find((item) => item.serviceCategoryId === categoryId)?.categoryName ?? 'Category';
    const week = row ? weekOf(row.timeslots, name) : undefined;
    // A category booked without availability at the location: nothing is open.
    if (!week) return { ...base, availabilities: [], appointments: [], closedDays: [] };
    availabilities.push(week);
  }
  const firstDay = window.from.toZonedDateTimeISO(timeZone).toPlainDate().subtract({ days: 1 });
  const itemIds = new Set(items.map((item) => item.id));
  const closedDays: ClosedDays[] = [];
  for (const special of await locationSpecialDates(db, provider.locationId, firstDay.toString())) {
    if (special.hasItems && ![...special.itemIds].some((id) => itemIds.has(id))) continue;
    const start = Temporal.PlainDate.from(special.startDate);
    const end = Temporal.PlainDate.from(special.endDate);
    const holiday = start.equals(end) ? holidayNames(start.year, timeZone).get(start.toString()) : undefined;
    closedDays.push(
      holiday ? { start, end, kind: 'holiday', name: holiday } : { start, end, kind: 'special-date' },
    );
  }
  const busy = await busyAppointments(
    db,
    provider.id,
    new Date(window.from.epochMilliseconds),
    new Date(window.to.add({ minutes: context.durationMinutes }).epochMilliseconds),
    excludeGroupId,
  );
  return {
    ...base,
    availabilities,
    closedDays,
    appointments: busy.map((a) => ({
      start: Temporal.Instant.fromEpochMilliseconds(a.start.getTime()),
      end: Temporal.Instant.fromEpochMilliseconds(a.end.getTime()),
    })),
  };
}

/** Why this start is or is not open for the booking (appointments around it looked up). */
export async function explainStart(
  db: Reader,
  context: BookingContext,
  time: Temporal.Instant,
  now: Date,
  excludeGroupId?: string,
): Promise<SlotExplanation> {
  const window = { from: time.subtract({ hours: 24 }), to: time.add({ hours: 24 }) };
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  const rules = await slotRules(db, context, window, instant, excludeGroupId);
  return explainTime(rules, time);
}

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

async function providersAsked(db: Reader, scope: Scope, request: AvailabilityRequest): Promise<number[]> {
  if (request.provider !== undefined) return [request.provider];
  const point = request.coordinates;
  if (!point) return [];
  const near = (await providersWithCoordinates(db))
    .filter((row) => mayUseProvider(scope, row.id))
    .map((row) => ({ id: row.id, km: distanceKm(point, { lat: row.lat ?? 0, lng: row.lng ?? 0 }) }))
    .filter((row) => row.km <= NEAR_KM)
    .sort((a, b) => a.km - b.km || a.id - b.id);
  return near.slice(0, NEAR_MAX).map((row) => row.id);
}

/** POST /appointments/availability. */
export async function availability(
  db: Db,
  scope: Scope,
  request: AvailabilityRequest,
  now: Date,
): Promise<Result<ProviderSlots[]>> {
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  const days = request.days ?? DEFAULT_AVAILABILITY_DAYS;
  const result: ProviderSlots[] = [];
  for (const providerId of await providersAsked(db, scope, request)) {
    const context = await bookingContext(db, scope, providerId, request.serviceItemIds);
    if (!context.ok) return context;
    const from = Temporal.PlainDate.from(request.startDate);
    const window = {
      from: from.toZonedDateTime({ timeZone: context.value.timeZone }).toInstant(),
      to: from.add({ days }).toZonedDateTime({ timeZone: context.value.timeZone }).toInstant(),
    };
    const rules = await slotRules(db, context.value, window, instant, request.excludeGroupId);
    const slots = openSlots(rules, from, days).map((slot) => ({
      start: slot.start.toString(),
      end: slot.end.toString(),
    }));
    result.push({
      providerId,
      providerName: context.value.provider.name,
      timeZone: context.value.timeZone,
      durationMinutes: context.value.durationMinutes,
      earliestAppointmentTime: slots[0]?.start ?? null,
      slots,
    });
  }
  return ok(result);
}

/** POST /appointments/availability/explain. */
export async function explain(
  db: Db,
  scope: Scope,
  request: ExplainRequest,
  now: Date,
): Promise<Result<Explanation>> {
  const context = await bookingContext(db, scope, request.provider, request.serviceItemIds);
  if (!context.ok) return context;
  const time = Temporal.Instant.from(request.time);
  const why = await explainStart(db, context.value, time, now, request.excludeGroupId);
  return ok({
    open: why.open,
    time: time.toString(),
    localTime: why.local.toString({ smallestUnit: 'minute' }),
    timeZone: context.value.timeZone,
    durationMinutes: context.value.durationMinutes,
    reasons: why.reasons,
  });
}
