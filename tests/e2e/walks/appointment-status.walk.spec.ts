/**
 * Appointment status and cancel's walk (appointmentStatusMachine, the tools of the provider dashboard's
 * appointment drawer): the demo admin, signed in and viewing as a provider of the path's own, opens the
 * path's booking (four days ahead, so CANCELLED can be chosen and only warns) from Upcoming, changes its
 * status (and undoes it from the toast's Undo, or the failed Undo's), and opens the cancel dialog, changes
 * its refund and late-fee choices, retries and confirms.
 *
 * Each call ends the way the path says against the real API: a failure is the reference API's test-mode
 * fault switch on that request (`X-Test-Fault: appointment` for the status, `appointment:GET` for the
 * preview, `appointment:DELETE` for the cancel); a preview the path interrupts (a choice changed or the dialog
 * closed while it is worked out) is held in the browser until the console drops it, so the screen shows it
 * in flight. An appointment already cancelled (the second variant, cancelled over the API and opened from
 * the month calendar) starts locked.
 */
import type { Page, Route } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { TEST_FAULT_HEADER } from '../../../src/api/contract/onboarding';
import { decodeTokenClaims, SESSION_SLICE } from '../../../src/domain/auth/session';
import { cancellationOutcome } from '../../../src/domain/appointments/operations';
import { statusLabel } from '../../../src/domain/appointments/status-labels';
import { monthOf } from '../../../src/domain/dashboard/appointments';
import { PROVIDER_MESSAGES } from '../../../src/domain/shared/messages';
import {
  appointmentStatusMachine,
  type AppointmentStatusContext,
} from '../../../src/machines/appointments/appointment-status.machine';
import type { ModelPath } from '../../support/model';
import { api, checkA11y, expect, ownProvider, tokenOf } from '../fixtures';
import { DEMO, E2E } from '../stack';
import { seedSignedIn } from './seed';
import { defineWalk, passThrough, registerWalk } from './walk';

const ZONE = 'America/Los_Angeles';
const PRICE_IN_CENTS = 20_000;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** What the fault switch answers (server/http/test-faults.ts), shown as the preview's failure. */
const FAULT_MESSAGE = 'This request failed on purpose (test mode)';

type Outcome = 'done' | 'error';
type Call = 'status' | 'preview' | 'cancel';

interface Data {
  groupId: string;
  providerId: number;
  /** How each call the path starts must end, in order (set before the step that starts it). */
  next: Record<Call, Outcome[]>;
  /** ofetch retries a failed GET once: the retry of a failed preview fails the same way. */
  previewRetries: number;
  /** Previews held in flight (the path changes a choice or closes the dialog before they answer). */
  held: number;
  /** Previews the path's steps expect held so far. */
  heldExpected: number;
}

/** The file's records, made once: a category and its item, and a customer. */
interface Shared {
  admin: string;
  adminUid: string;
  categoryId: number;
  itemId: number;
  itemName: string;
  userId: number;
}

let shared: Promise<Shared> | null = null;
let serial = 0;

function roundTheClock() {
  const day = Array.from({ length: 96 }, (_, i) => ({
    time: `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
    checked: true,
  }));
  return Object.fromEntries(WEEKDAYS.map((name) => [name, day]));
}

async function makeShared(): Promise<Shared> {
  const admin = await tokenOf(DEMO.admin);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const category = await api<{ id: number }>(admin, 'POST', '/svc-category', {
    name: `Walk Status ${stamp}`,
  });
  const itemName = `Walked ${stamp}`;
  const item = await api<{ id: number }>(admin, 'POST', '/svc-item', {
    name: itemName,
    serviceCategoryId: category.id,
    timeInMins: 30,
    priceInCents: PRICE_IN_CENTS,
  });
  const user = await api<{ id: number }>(admin, 'POST', '/user/register', {
    email: `walk-status-${stamp}@upkeep.test`,
    firstName: 'Casey',
    lastName: 'Customer',
    password: 'customer-password',
    phone: '555-0100',
    birthdate: '1990-04-05',
  });
  return {
    admin,
    adminUid: decodeTokenClaims(admin)?.uid ?? '',
    categoryId: category.id,
    itemId: item.id,
    itemName,
    userId: user.id,
  };
}

/**
 * The `n`th path's start: four days ahead in the location's zone (so CANCELLED can be chosen), from 10:00 in
 * half-hour steps, so that no booking crosses midnight into a day of its own.
 */
function startOf(n: number): string {
  return Temporal.Now.zonedDateTimeISO(ZONE)
    .toPlainDate()
    .add({ days: 4 })
    .toZonedDateTime({ timeZone: ZONE, plainTime: Temporal.PlainTime.from('10:00') })
    .add({ minutes: 30 * n })
    .toInstant()
    .toString();
}

async function statusOnServer(data: Data): Promise<string | undefined> {
  const { admin } = await (shared ??= makeShared());
  const list = await api<{ status: string }[]>(
    admin,
    'GET',
    `/appointments?provider=${data.providerId}&groupId=${encodeURIComponent(data.groupId)}`,
  );
  return list[0]?.status;
}

/** The model's snapshot a step starts from. */
function snapshotBefore(path: ModelPath, index: number) {
  return index === 0 ? path.initial : path.steps[index - 1]?.snapshot;
}

/** The toast whose Undo a `status.undo` step presses: the step before it said it (null: none did). */
function undoToast(path: ModelPath, index: number): string | null {
  const said = path.steps[index - 1];
  const from = snapshotBefore(path, index - 1);
  if (said?.label === 'done: updateStatus' && from?.matches('savingStatus'))
    return PROVIDER_MESSAGES.appointmentUpdated;
  if (said?.label === 'error: updateStatus' && from?.matches('undoingStatus'))
    return PROVIDER_MESSAGES.appointmentUpdateError;
  return null;
}

/** The state's context before a step. */
function contextBefore(path: ModelPath, index: number): AppointmentStatusContext {
  return snapshotBefore(path, index)?.context as AppointmentStatusContext;
}

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Appointment' });
const picker = (page: Page) => drawer(page).getByRole('combobox', { name: 'Status' });
const cancelDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Cancel Appointment' });
const confirmButton = (page: Page) => cancelDialog(page).getByRole('button', { name: 'Cancel Appointment' });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
/** A toast's Undo button is named after the toast (src/ui/kit/toaster.tsx). */
const undoButton = (page: Page, text: string) =>
  page.getByRole('button', { name: `Undo: ${text}`, exact: true });

/** The dialog shows the context's refund option and late-fee choice. */
async function choicesShown(page: Page, context: AppointmentStatusContext) {
  await expect(cancelDialog(page)).toBeVisible();
  await expect(cancelDialog(page).getByLabel('Cancel option')).toHaveValue(context.refundOption);
  await expect(cancelDialog(page).getByLabel('Late charges')).toHaveValue(
    context.lateCancelFee ? 'fee' : 'none',
  );
}

const EVENTS = {
  'status.choose': [
    { type: 'status.choose', status: 'COMPLETED' },
    { type: 'status.choose', status: 'CANCELLED' },
  ],
  'status.undo': [{ type: 'status.undo', from: 'ACTIVE', to: 'COMPLETED' }],
  'cancel.open': [{ type: 'cancel.open' }],
  'refund.choose': [
    { type: 'refund.choose', option: 'NO_REFUND' },
    { type: 'refund.choose', option: 'CREDIT_POINTS' },
  ],
  'lateFee.set': [
    { type: 'lateFee.set', on: false },
    { type: 'lateFee.set', on: true },
  ],
  'cancel.confirm': [{ type: 'cancel.confirm' }],
  'cancel.close': [{ type: 'cancel.close' }],
  retry: [{ type: 'retry' }],
} as const;

const OUTCOME = { status: 'LATE_CANCELLED', summary: 'fee' } as const;
/** Three days after "now": CANCELLED is selectable (and only warns); the real booking is further ahead. */
const NOW = '2026-03-05T18:00:00Z';
const subject = { id: 1, groupId: 'walk', startDate: '2026-03-08T18:00:00Z' };

registerWalk(
  defineWalk<typeof appointmentStatusMachine, Data>({
    machine: appointmentStatusMachine,
    file: 'tests/e2e/walks/appointment-status.walk.spec.ts',
    model: [
      {
        input: { appointment: { ...subject, status: 'ACTIVE' }, now: NOW, canCancel: true },
        events: EVENTS,
        outputs: { previewCancellation: [OUTCOME], cancelAppointment: [OUTCOME] },
        // The refund and fee choices tell vertices apart, so paths run through several of them in a row.
        serializeState: ({ value, context }) =>
          JSON.stringify([
            value,
            context.appointment.status,
            context.refundOption,
            context.lateCancelFee,
            context.undoable,
          ]),
      },
      // Cancelled already (over the API): the drawer opens locked.
      { input: { appointment: { ...subject, status: 'LATE_CANCELLED' }, now: NOW, canCancel: true } },
    ],
    unplayable: (path) => {
      // A select sends no change for the option it already shows.
      const same = path.steps.some((step, i) => {
        const context = contextBefore(path, i);
        const event = step.event as { type: string; status?: string; option?: string; on?: boolean };
        return (
          (event.type === 'status.choose' && event.status === context.appointment.status) ||
          (event.type === 'refund.choose' && event.option === context.refundOption) ||
          (event.type === 'lateFee.set' && event.on === context.lateCancelFee)
        );
      });
      if (same) return 'a select cannot choose the option it already shows';
      // The Undo is pressed while its toast shows (at least 10 s): right after the change is saved, or
      // after the Undo failed (its error toast offers it again).
      const late = path.steps.some(
        (step, i) =>
          step.kind === 'event' && step.event.type === 'status.undo' && undoToast(path, i) === null,
      );
      return late ? "the toast's Undo is pressed right after the toast that offers it" : false;
    },
    start: async (page, _path, _arrange, variant): Promise<Data> => {
      const s = await (shared ??= makeShared());
      const n = ++serial;
      // A provider of the path's own, at a Los Angeles location open round the clock.
      const provider = await ownProvider(`Walk Status ${Date.now()}-${n}`, { timezone: ZONE });
      await api(s.admin, 'POST', '/availabilities', {
        serviceCategory: { id: s.categoryId },
        location: { id: provider.locationId },
        timeslots: roundTheClock(),
      });
      const startDate = startOf(n);
      const booking = await api<{ groupId: string }>(s.admin, 'POST', '/appointments', {
        user: s.userId,
        provider: provider.id,
        serviceItemIds: [s.itemId],
        startDate,
        paymentMethod: 'SAVED_CARD',
      });
      const data: Data = {
        groupId: booking.groupId,
        providerId: provider.id,
        next: { status: [], preview: [], cancel: [] },
        previewRetries: 0,
        held: 0,
        heldExpected: 0,
      };

      // Every status save, preview and cancel of the booking passes here: it goes to the API as the path
      // says (with the fault switch when it must fail), or a preview the path interrupts is held.
      const statusPath = /^\/appointments\/\d+\/?$/;
      const previewPath = /^\/appointments\/[^/]+\/cancellation\/?$/;
      const cancelPath = /^\/appointments\/[^/]+\/?$/;
      const withFault = (route: Route, fault: string) =>
        route.continue({ headers: { ...route.request().headers(), [TEST_FAULT_HEADER]: fault } });
      await page.route(
        (url) => url.origin === E2E.apiUrl && url.pathname.startsWith('/appointments/'),
        async (route) => {
          const method = route.request().method();
          const { pathname } = new URL(route.request().url());
          if (method === 'PUT' && statusPath.test(pathname)) {
            return data.next.status.shift() === 'error' ? withFault(route, 'appointment') : route.continue();
          }
          if (method === 'GET' && previewPath.test(pathname)) {
            if (data.previewRetries > 0) {
              data.previewRetries--;
              return withFault(route, 'appointment:GET');
            }
            const outcome = data.next.preview.shift();
            if (outcome === undefined) {
              // Never answered: the console drops it when the path moves on.
              data.held++;
              return undefined;
            }
            if (outcome === 'done') return route.continue();
            data.previewRetries = 1;
            return withFault(route, 'appointment:GET');
          }
          if (method === 'DELETE' && cancelPath.test(pathname)) {
            return data.next.cancel.shift() === 'error'
              ? withFault(route, 'appointment:DELETE')
              : route.continue();
          }
          return route.continue();
        },
      );

      await seedSignedIn(page, DEMO.admin, {
        [SESSION_SLICE]: { uid: s.adminUid, isAdmin: true, viewAsProvider: true, providerId: provider.id },
      });
      if (variant === 1) {
        await api(
          s.admin,
          'DELETE',
          `/appointments/${encodeURIComponent(booking.groupId)}?latecancelfee=true&refundOption=REFUND`,
        );
        const month = monthOf(Temporal.Instant.from(startDate), ZONE);
        await page.goto(`/provider/overview?provider=${provider.id}&month=${month}`);
        await page.getByRole('button', { name: new RegExp(s.itemName) }).click();
      } else {
        await page.goto(`/provider/overview?provider=${provider.id}`);
        await page
          .getByRole('list', { name: 'Upcoming appointments' })
          .getByRole('button', { name: new RegExp(`^${s.itemName} `) })
          .click();
      }
      await expect(drawer(page)).toBeVisible();
      return data;
    },
    events: {
      'status.choose': async ({ page, event }) => void (await picker(page).selectOption(event.status)),
      'status.undo': async ({ page, path, index }) =>
        undoButton(page, undoToast(path, index) ?? PROVIDER_MESSAGES.appointmentUpdated).click(),
      'cancel.open': async ({ page }) =>
        drawer(page).getByRole('button', { name: 'Cancel Appointment' }).click(),
      'refund.choose': async ({ page, event }) =>
        void (await cancelDialog(page).getByLabel('Cancel option').selectOption(event.option)),
      'lateFee.set': async ({ page, event }) =>
        void (await cancelDialog(page)
          .getByLabel('Late charges')
          .selectOption(event.on ? 'fee' : 'none')),
      'cancel.confirm': async ({ page }) => confirmButton(page).click(),
      'cancel.close': async ({ page }) =>
        cancelDialog(page).getByRole('button', { name: 'Keep Appointment' }).click(),
      retry: async ({ page }) => cancelDialog(page).getByRole('button', { name: 'Try again' }).click(),
    },
    outcomes: {
      updateStatus: {
        done: async ({ data }) => void data.next.status.push('done'),
        error: async ({ data }) => void data.next.status.push('error'),
      },
      previewCancellation: {
        done: async ({ data }) => void data.next.preview.push('done'),
        error: async ({ data }) => void data.next.preview.push('error'),
      },
      cancelAppointment: {
        done: async ({ data }) => void data.next.cancel.push('done'),
        error: async ({ data }) => void data.next.cancel.push('error'),
      },
    },
    delays: {},
    checks: {
      ready: async ({ page, data, snapshot, step, path, index }) => {
        const context = snapshot.context as AppointmentStatusContext;
        // What the step said first: a toast does not stay for long.
        const event = step?.event as { type: string; status?: string } | undefined;
        const undone = step !== undefined && snapshotBefore(path, index)?.matches('undoingStatus');
        if (step?.label === 'done: updateStatus' && !undone) {
          // Saved: the toast offers the change's Undo.
          await expect(toast(page, PROVIDER_MESSAGES.appointmentUpdated)).toBeVisible();
          await expect(undoButton(page, PROVIDER_MESSAGES.appointmentUpdated)).toBeVisible();
        }
        if (step?.label === 'done: updateStatus' && undone) {
          // Put back: said with the status's label, and this toast offers no Undo of its own.
          const said = PROVIDER_MESSAGES.statusChangedBack(statusLabel(context.appointment.status));
          await expect(toast(page, said)).toBeVisible();
          await expect(undoButton(page, said)).toHaveCount(0);
          await expect(undoButton(page, PROVIDER_MESSAGES.appointmentUpdated)).toHaveCount(0);
        }
        if (step?.label === 'error: updateStatus') {
          await expect(toast(page, PROVIDER_MESSAGES.appointmentUpdateError)).toBeVisible();
          // A failed Undo offers it again; a failed save has nothing to undo.
          await expect(undoButton(page, PROVIDER_MESSAGES.appointmentUpdateError)).toHaveCount(
            undone ? 1 : 0,
          );
        }
        if (event?.type === 'status.choose' && event.status === 'CANCELLED')
          await expect(toast(page, PROVIDER_MESSAGES.contactSupportToCancel)).toBeVisible();
        await expect(cancelDialog(page)).toBeHidden();
        await expect(picker(page)).toBeEnabled();
        await expect(picker(page)).toHaveValue(context.appointment.status);
        await expect(picker(page).locator('option[value="CANCELLED"]')).toBeEnabled();
        await expect(picker(page).locator('option[value="LATE_CANCELLED"]')).toBeDisabled();
        await expect(drawer(page).getByRole('button', { name: 'Cancel Appointment' })).toBeEnabled();
        // What the picker shows is what the server holds.
        expect(await statusOnServer(data)).toBe(context.appointment.status);
      },
      savingStatus: passThrough('the status is saved within a moment'),
      undoingStatus: passThrough('the status before is put back within a moment'),
      cancelDialog: passThrough(
        'the state value type names the compound state too; its children are checked',
      ),
      'cancelDialog.previewing': async ({ page, data, snapshot, path, index }) => {
        await choicesShown(page, snapshot.context as AppointmentStatusContext);
        const next = path.steps[index + 1];
        if (next?.kind !== 'event') return; // answered at once: its outcome's state is checked
        // The path changes a choice or closes the dialog first: the preview is held, and shown in flight.
        data.heldExpected++;
        await expect.poll(() => data.held).toBeGreaterThanOrEqual(data.heldExpected);
        await expect(cancelDialog(page).getByRole('status')).toHaveText(
          'Working out the refund and charges…',
        );
        await expect(confirmButton(page)).toBeDisabled();
      },
      'cancelDialog.previewFailed': async ({ page, snapshot }) => {
        await choicesShown(page, snapshot.context as AppointmentStatusContext);
        await expect(cancelDialog(page).getByRole('alert')).toHaveText(FAULT_MESSAGE);
        await expect(cancelDialog(page).getByRole('button', { name: 'Try again' })).toBeVisible();
        await expect(confirmButton(page)).toBeDisabled();
        await checkA11y(page, 'cancel dialog, preview failed');
      },
      'cancelDialog.confirming': async ({ page, snapshot, step }) => {
        const context = snapshot.context as AppointmentStatusContext;
        if (step?.label === 'error: cancelAppointment')
          await expect(toast(page, PROVIDER_MESSAGES.cancelFailed)).toBeVisible();
        await choicesShown(page, context);
        // The sentence is the server's answer for this booking's price and the choices shown.
        const { summary } = cancellationOutcome({
          priceInCents: PRICE_IN_CENTS,
          lateCancelFee: context.lateCancelFee,
          refundOption: context.refundOption,
        });
        await expect(cancelDialog(page).getByText(summary, { exact: true })).toBeVisible();
        await expect(confirmButton(page)).toBeEnabled();
      },
      'cancelDialog.cancelling': passThrough('the cancel is answered within a moment'),
      locked: async ({ page, data, snapshot, step }) => {
        const context = snapshot.context as AppointmentStatusContext;
        if (step) {
          // Cancelled here: said so; it leaves Upcoming, and its drawer closes with it.
          await expect(toast(page, PROVIDER_MESSAGES.appointmentCancelled)).toBeVisible();
          await expect(drawer(page)).toBeHidden();
          expect(await statusOnServer(data)).toBe(context.lateCancelFee ? 'LATE_CANCELLED' : 'CANCELLED');
          return;
        }
        // Opened cancelled: nothing can be changed.
        await expect(picker(page)).toHaveValue('LATE_CANCELLED');
        await expect(picker(page)).toBeDisabled();
        await expect(drawer(page).getByRole('button', { name: 'Cancel Appointment' })).toBeDisabled();
        await expect(drawer(page).getByRole('button', { name: 'Update Appointment' })).toBeDisabled();
      },
    },
  }),
);
