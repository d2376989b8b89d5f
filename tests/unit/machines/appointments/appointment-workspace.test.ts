import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import type { ProviderAppointment } from '../../../../src/api/contract/appointment';
import type { AppointmentListItem, AppointmentListPage } from '../../../../src/api/contract/appointment-list';
import {
  NO_APPOINTMENT_FILTERS,
  WORKSPACE_MESSAGES,
  type AppointmentFilters,
} from '../../../../src/domain/appointments/workspace';
import {
  appointmentWorkspaceMachine,
  BOOKING_LOAD_FAILED,
  type LoadAppointmentPageInput,
  type LoadBookingInput,
} from '../../../../src/machines/appointments/appointment-workspace.machine';
import { appointmentWorkspaceView } from '../../../../src/machines/appointments/appointment-workspace.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const LA = 'America/Los_Angeles';

function row(id: number, status: AppointmentListItem['status'] = 'ACTIVE'): AppointmentListItem {
  return {
    id,
    groupId: `g${id}`,
    status,
    startDate: `2026-03-0${id}T17:30:00.000Z`,
    endDate: `2026-03-0${id}T18:30:00.000Z`,
    timezone: LA,
    provider: { id: 7, name: 'Glow Studio' },
    customer: { displayName: 'Jordan Lee', email: 'jordan@example.com' },
    service: 'HydraFacial',
  };
}

const booking: ProviderAppointment = {
  id: 3,
  groupId: 'g3',
  status: 'ACTIVE',
  startDate: '2026-03-03T17:30:00.000Z',
  endDate: '2026-03-03T18:30:00.000Z',
  name: null,
  serviceItemDisplayName: 'HydraFacial',
  serviceItem: null,
  serviceItems: [],
  bundle: null,
  provider: { id: 7, name: 'Glow Studio' },
  location: { id: 1, timezone: LA, name: 'Glow' },
  user: { displayName: 'Jordan Lee', email: 'jordan@example.com', phone: null, birthdate: null },
};

const first: AppointmentListPage = { items: [row(3), row(2)], nextCursor: 'c2' };
const last: AppointmentListPage = { items: [row(1, 'COMPLETED')], nextCursor: null };
const completed: AppointmentFilters = { ...NO_APPOINTMENT_FILTERS, status: 'COMPLETED' };

function start(
  load: (input: LoadAppointmentPageInput) => Promise<AppointmentListPage>,
  read: (input: LoadBookingInput) => Promise<ProviderAppointment | null> = async () => booking,
  filters: AppointmentFilters = NO_APPOINTMENT_FILTERS,
) {
  const loads: LoadAppointmentPageInput[] = [];
  const reads: LoadBookingInput[] = [];
  const actor = createActor(
    appointmentWorkspaceMachine.provide({
      actors: {
        loadAppointmentPage: fromPromise(({ input }: { input: LoadAppointmentPageInput }) => {
          loads.push(input);
          return load(input);
        }),
        loadBooking: fromPromise(({ input }: { input: LoadBookingInput }) => {
          reads.push(input);
          return read(input);
        }),
      },
    }),
    { input: { filters } },
  );
  const messages: string[] = [];
  actor.on('notify', (notice) => messages.push(notice.message));
  actor.start();
  return { actor, loads, reads, messages, view: () => appointmentWorkspaceView(actor.getSnapshot()) };
}

const pages = async (input: LoadAppointmentPageInput) => (input.cursor === null ? first : last);
const ready = { list: 'ready' } as const;

describe('appointment workspace machine', () => {
  it('reads the first page, then further pages after the last cursor until there are none', async () => {
    const { actor, loads, view } = start(pages);
    expect(view()).toMatchObject({ loading: true, empty: false, hasMore: false });
    await waitFor(actor, (s) => s.matches(ready));
    expect(view().rows.map((r) => r.id)).toEqual([3, 2]);
    expect(view()).toMatchObject({ loading: false, hasMore: true, canClearFilters: false });
    actor.send({ type: 'more.load' });
    expect(view()).toMatchObject({ loadingMore: true, hasMore: true });
    await waitFor(actor, (s) => s.matches(ready));
    expect(view().rows.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(view().hasMore).toBe(false);
    actor.send({ type: 'more.load' });
    expect(loads).toEqual([
      { filters: NO_APPOINTMENT_FILTERS, cursor: null, limit: 50 },
      { filters: NO_APPOINTMENT_FILTERS, cursor: 'c2', limit: 50 },
    ]);
  });

  it('other filters read the first page again and drop the rows shown; the same filters read nothing', async () => {
    const { actor, loads, view } = start(pages);
    await waitFor(actor, (s) => s.matches(ready));
    actor.send({ type: 'filters.change', filters: { ...NO_APPOINTMENT_FILTERS, q: '  ' } });
    expect(loads).toHaveLength(1);
    actor.send({ type: 'filters.change', filters: completed });
    expect(view()).toMatchObject({ loading: true, rows: [], canClearFilters: true });
    await waitFor(actor, (s) => s.matches(ready));
    expect(loads.at(-1)).toEqual({ filters: completed, cursor: null, limit: 50 });
  });

  it('another order of the same rows keeps them shown, busy, until the new order comes; it is no filter to clear', async () => {
    const { actor, loads, view } = start(pages);
    await waitFor(actor, (s) => s.matches(ready));
    const oldestFirst: AppointmentFilters = {
      ...NO_APPOINTMENT_FILTERS,
      order: { sort: 'start', dir: 'asc' },
    };
    actor.send({ type: 'filters.change', filters: oldestFirst });
    expect(view()).toMatchObject({
      loading: false,
      refreshing: true,
      hasMore: false,
      canClearFilters: false,
    });
    expect(view().rows.map((r) => r.id)).toEqual([3, 2]);
    await waitFor(actor, (s) => s.matches(ready));
    expect(loads.at(-1)).toEqual({ filters: oldestFirst, cursor: null, limit: 50 });
    expect(view()).toMatchObject({ refreshing: false, hasMore: true });
  });

  it('no match is the empty state; a provider fixed by viewing as one is not a filter to clear', async () => {
    const { actor, view } = start(async () => ({ items: [], nextCursor: null }), undefined, completed);
    await waitFor(actor, (s) => s.matches(ready));
    expect(view()).toMatchObject({ empty: true, canClearFilters: true, hasMore: false });
    const viewing = start(async () => ({ items: [], nextCursor: null }), undefined, {
      ...NO_APPOINTMENT_FILTERS,
      provider: 7,
    });
    await waitFor(viewing.actor, (s) => s.matches(ready));
    expect(appointmentWorkspaceView(viewing.actor.getSnapshot(), 7).canClearFilters).toBe(false);
    expect(appointmentWorkspaceView(viewing.actor.getSnapshot()).canClearFilters).toBe(true);
  });

  it('a first page that fails shows the plain message, and Try again reads it again', async () => {
    let fail = true;
    const { actor, view } = start(async (input) => {
      if (fail) throw new ApiRequestError(500, 'internal', 'boom');
      return pages(input);
    });
    await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(view()).toMatchObject({ error: WORKSPACE_MESSAGES.loadFailed, empty: false, loading: false });
    fail = false;
    actor.send({ type: 'retry' });
    expect(view().error).toBeNull();
    await waitFor(actor, (s) => s.matches(ready));
    expect(view().rows).toHaveLength(2);
  });

  it('a further page that fails keeps the rows and Load more, with its message, until one arrives', async () => {
    let fail = true;
    const { actor, view } = start(async (input) => {
      if (input.cursor !== null && fail) throw new Error('offline');
      return pages(input);
    });
    await waitFor(actor, (s) => s.matches(ready));
    actor.send({ type: 'more.load' });
    await waitFor(actor, (s) => s.context.moreError !== null);
    expect(view()).toMatchObject({ moreError: WORKSPACE_MESSAGES.moreFailed, hasMore: true });
    expect(view().rows).toHaveLength(2);
    fail = false;
    actor.send({ type: 'more.load' });
    await waitFor(actor, (s) => s.context.rows.length === 3);
    expect(view().moreError).toBeNull();
  });

  it('a row opens the drawer with its booking; closing forgets it; a failed read offers Try again', async () => {
    let fail = true;
    const { actor, reads, view } = start(pages, async () => {
      if (fail) throw new ApiRequestError(403, 'auth/forbidden', 'Provider 7 is not yours');
      return booking;
    });
    await waitFor(actor, (s) => s.matches(ready));
    actor.send({ type: 'appointment.open', providerId: 7, groupId: 'g3' });
    expect(view()).toMatchObject({ opening: true, booking: null });
    await waitFor(actor, (s) => s.matches({ drawer: 'failed' }));
    expect(view().openError).toBe('Provider 7 is not yours');
    fail = false;
    actor.send({ type: 'drawer.retry' });
    await waitFor(actor, (s) => s.matches({ drawer: 'open' }));
    expect(view()).toMatchObject({ booking, opening: false, openError: null });
    expect(reads).toEqual([
      { providerId: 7, groupId: 'g3' },
      { providerId: 7, groupId: 'g3' },
    ]);
    actor.send({ type: 'drawer.close' });
    expect(view().booking).toBeNull();
    expect(actor.getSnapshot().context.open).toBeNull();
  });

  it('the drawer and the list move on their own: new filters keep the drawer, a row opened keeps the list', async () => {
    let answer: (booking: ProviderAppointment) => void = () => undefined;
    const { actor, loads, reads, view } = start(
      pages,
      (input) =>
        new Promise<ProviderAppointment>((resolve) => {
          answer = (b) => resolve({ ...b, groupId: input.groupId });
        }),
    );
    await waitFor(actor, (s) => s.matches(ready));
    actor.send({ type: 'appointment.open', providerId: 7, groupId: 'g3' });
    // Another row while the first is read: that one is read instead.
    actor.send({ type: 'appointment.open', providerId: 7, groupId: 'g2' });
    expect(actor.getSnapshot().matches({ list: 'ready', drawer: 'loading' })).toBe(true);
    answer(booking);
    await waitFor(actor, (s) => s.matches({ drawer: 'open' }));
    expect(view().booking?.groupId).toBe('g2');
    expect(reads.map((r) => r.groupId)).toEqual(['g3', 'g2']);
    // New filters while the first page is read, and again after: the drawer stays open throughout.
    actor.send({ type: 'filters.change', filters: completed });
    actor.send({ type: 'filters.change', filters: { ...completed, q: 'jordan' } });
    expect(actor.getSnapshot().matches({ list: 'loading', drawer: 'open' })).toBe(true);
    await waitFor(actor, (s) => s.matches(ready));
    expect(loads.map((l) => l.filters.q)).toEqual(['', '', 'jordan']);
    expect(actor.getSnapshot().matches({ drawer: 'open' })).toBe(true);
  });

  it('a failed booking read without a message says so plainly', async () => {
    const { actor, view } = start(pages, () => Promise.reject(new Error('')));
    actor.send({ type: 'appointment.open', providerId: 7, groupId: 'g3' });
    await waitFor(actor, (s) => s.matches({ drawer: 'failed' }));
    expect(view().openError).toBe(BOOKING_LOAD_FAILED);
  });

  it('after a change the booking and the rows shown are read again; a booking gone closes the drawer', async () => {
    let status: AppointmentListItem['status'] = 'ACTIVE';
    let gone = false;
    const { actor, loads, reads, view } = start(
      async (input) => (input.cursor === null ? { items: [row(3, status), row(2)], nextCursor: 'c2' } : last),
      async () => (gone ? null : { ...booking, status }),
    );
    await waitFor(actor, (s) => s.matches(ready));
    actor.send({ type: 'more.load' });
    await waitFor(actor, (s) => s.context.rows.length === 3);
    actor.send({ type: 'appointment.open', providerId: 7, groupId: 'g3' });
    await waitFor(actor, (s) => s.matches({ drawer: 'open' }));
    status = 'COMPLETED';
    actor.send({ type: 'appointment.changed' });
    expect(view()).toMatchObject({ refreshing: true, booking: { status: 'ACTIVE' } });
    expect(view().rows).toHaveLength(3);
    await waitFor(actor, (s) => s.matches({ list: 'ready', drawer: 'open' }));
    expect(view().booking?.status).toBe('COMPLETED');
    expect(view().rows.map((r) => [r.id, r.status])).toEqual([
      [3, 'COMPLETED'],
      [2, 'ACTIVE'],
    ]);
    expect(loads.at(-1)).toEqual({ filters: NO_APPOINTMENT_FILTERS, cursor: null, limit: 50 });
    expect(reads).toHaveLength(2);

    gone = true;
    actor.send({ type: 'appointment.changed' });
    await waitFor(actor, (s) => s.matches({ list: 'ready', drawer: 'closed' }));
    expect(view().booking).toBeNull();
  });

  it('rows that cannot be read again after a change stay, with a toast', async () => {
    let fail = false;
    const { actor, messages, view } = start(async (input) => {
      if (fail) throw new Error('offline');
      return pages(input);
    });
    await waitFor(actor, (s) => s.matches(ready));
    fail = true;
    actor.send({ type: 'appointment.changed' });
    await waitFor(actor, (s) => s.matches(ready));
    expect(view().rows).toHaveLength(2);
    expect(messages).toEqual([WORKSPACE_MESSAGES.refreshFailed]);
  });

  it('the model walk covers every state and transition', async () => {
    const report = await coverMachine(appointmentWorkspaceMachine, {
      input: { filters: NO_APPOINTMENT_FILTERS },
      events: {
        'filters.change': [
          { type: 'filters.change', filters: NO_APPOINTMENT_FILTERS },
          { type: 'filters.change', filters: completed },
        ],
        'more.load': [{ type: 'more.load' }],
        retry: [{ type: 'retry' }],
        'appointment.open': [{ type: 'appointment.open', providerId: 7, groupId: 'g3' }],
        'appointment.changed': [{ type: 'appointment.changed' }],
        'drawer.retry': [{ type: 'drawer.retry' }],
        'drawer.close': [{ type: 'drawer.close' }],
      },
      outputs: { loadAppointmentPage: [first, last], loadBooking: [booking, null] },
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.filters.status ?? null,
          s.context.nextCursor,
          s.context.error !== null,
          s.context.moreError !== null,
          s.context.booking !== null,
        ]),
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
