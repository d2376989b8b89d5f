import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type {
  Notification,
  NotificationPage,
  NotificationState,
} from '../../../../src/api/contract/notifications';
import { NOTIFICATION_MESSAGES } from '../../../../src/domain/notifications/notifications';
import {
  notificationsInboxMachine,
  type LoadNotificationsInput,
} from '../../../../src/machines/notifications/notifications-inbox.machine';
import { notificationsInboxView } from '../../../../src/machines/notifications/notifications-inbox.view';
import { assertFullCoverage, coverMachine } from '../../../support/model';

function entry(id: number, readAt: string | null = null): Notification {
  return {
    id,
    kind: 'late-cancellation',
    recordType: 'appointment',
    recordId: `g-${id}`,
    providerId: 7,
    params: { provider: 'Glow Studio', customer: 'Ines', start: '2026-03-04T18:00:00Z', day: '2026-03-04' },
    createdAt: `2026-03-05T18:0${id}:00Z`,
    readAt,
  };
}

const newest: NotificationPage = { items: [entry(3), entry(2)], nextCursor: 'c2', unread: 3 };
const oldest: NotificationPage = { items: [entry(1)], nextCursor: null, unread: 3 };
const state = (id: number, readAt: string | null, unread: number, dismissed = false): NotificationState => ({
  id,
  readAt,
  dismissed,
  unread,
});

interface Stubs {
  load?: (input: LoadNotificationsInput) => Promise<NotificationPage>;
  setRead?: (input: { id: number; read: boolean }) => Promise<NotificationState>;
  setDismissed?: (input: { id: number; dismissed: boolean }) => Promise<NotificationState>;
}

function start(stubs: Stubs = {}) {
  const loads: LoadNotificationsInput[] = [];
  const writes: unknown[] = [];
  const actor = createActor(
    notificationsInboxMachine.provide({
      actors: {
        loadNotifications: fromPromise(({ input }: { input: LoadNotificationsInput }) => {
          loads.push(input);
          return (stubs.load ?? (async (i) => (i.cursor === null ? newest : oldest)))(input);
        }),
        setRead: fromPromise(({ input }: { input: { id: number; read: boolean } }) => {
          writes.push({ read: input });
          return (stubs.setRead ?? (async (i) => state(i.id, i.read ? '2026-03-06T00:00:00Z' : null, 2)))(
            input,
          );
        }),
        setDismissed: fromPromise(({ input }: { input: { id: number; dismissed: boolean } }) => {
          writes.push({ dismiss: input });
          return (stubs.setDismissed ?? (async (i) => state(i.id, null, i.dismissed ? 2 : 3, i.dismissed)))(
            input,
          );
        }),
      },
    }),
    { input: { filter: 'unread' } },
  );
  const messages: string[] = [];
  actor.on('notify', (notice) => messages.push(notice.message));
  actor.start();
  return { actor, loads, writes, messages, view: () => notificationsInboxView(actor.getSnapshot()) };
}

describe('notifications inbox machine', () => {
  it('reads the newest page for the filter, then older pages until there are none', async () => {
    const { actor, loads, view } = start();
    expect(view().loading).toBe(true);
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(view()).toMatchObject({ unread: 3, hasOlder: true, empty: false });
    actor.send({ type: 'older.load' });
    await waitFor(actor, (s) => s.context.items.length === 3);
    expect(view().hasOlder).toBe(false);
    expect(loads).toEqual([
      { filter: 'unread', cursor: null },
      { filter: 'unread', cursor: 'c2' },
    ]);
  });

  it('another filter reads again from the newest page; the same filter reads nothing', async () => {
    const { actor, loads, view } = start();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'filter.change', filter: 'unread' });
    expect(loads).toHaveLength(1);
    actor.send({ type: 'filter.change', filter: 'all' });
    expect(view()).toMatchObject({ loading: true, items: [], filter: 'all' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(loads.at(-1)).toEqual({ filter: 'all', cursor: null });
  });

  it('nothing to show is the empty state; a failed read offers Try again', async () => {
    let fail = true;
    const { actor, view } = start({
      load: async () => {
        if (fail) throw new Error('offline');
        return { items: [], nextCursor: null, unread: 0 };
      },
    });
    await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(view().error).toBe(NOTIFICATION_MESSAGES.loadFailed);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(view()).toMatchObject({ empty: true, error: null });
  });

  it('an older page that fails keeps the entries, with its message by Load older', async () => {
    const { actor, view } = start({
      load: async (input) => {
        if (input.cursor !== null) throw new Error('offline');
        return newest;
      },
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'older.load' });
    await waitFor(actor, (s) => s.context.olderError !== null);
    expect(view()).toMatchObject({ olderError: NOTIFICATION_MESSAGES.olderFailed, hasOlder: true });
    expect(view().items).toHaveLength(2);
  });

  it('marks an entry read and unread with the count the API answers; a refusal is a toast', async () => {
    let refuse = false;
    const { actor, view, messages } = start({
      setRead: async (i) => {
        if (refuse) throw new Error('offline');
        return state(i.id, i.read ? '2026-03-06T00:00:00Z' : null, i.read ? 2 : 3);
      },
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'entry.read', id: 3, read: true });
    expect(view().pendingId).toBe(3);
    await waitFor(actor, (s) => s.matches({ entry: 'idle' }));
    expect(view()).toMatchObject({ unread: 2, pendingId: null });
    expect(view().items[0]?.readAt).toBe('2026-03-06T00:00:00Z');
    actor.send({ type: 'entry.read', id: 3, read: false });
    await waitFor(actor, (s) => s.matches({ entry: 'idle' }));
    expect(view().items[0]?.readAt).toBeNull();
    refuse = true;
    actor.send({ type: 'entry.read', id: 2, read: true });
    await waitFor(actor, (s) => s.matches({ entry: 'idle' }));
    expect(messages).toEqual([NOTIFICATION_MESSAGES.updateFailed]);
    expect(view().items[1]?.readAt).toBeNull();
    actor.send({ type: 'entry.read', id: 99, read: true });
    expect(actor.getSnapshot().matches({ entry: 'idle' })).toBe(true);
  });

  it('dismiss takes the entry out at once and offers Undo, which puts it back in its place', async () => {
    const { actor, view, writes } = start();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'entry.dismiss', id: 3 });
    expect(view().items.map((i) => i.id)).toEqual([2]);
    await waitFor(actor, (s) => s.matches({ entry: 'idle' }));
    expect(view()).toMatchObject({ unread: 2 });
    expect(view().undoable?.id).toBe(3);
    actor.send({ type: 'dismiss.undo' });
    await waitFor(actor, (s) => s.matches({ entry: 'idle' }));
    expect(view().items.map((i) => i.id)).toEqual([3, 2]);
    expect(view()).toMatchObject({ undoable: null, unread: 3 });
    expect(writes).toEqual([
      { dismiss: { id: 3, dismissed: true } },
      { dismiss: { id: 3, dismissed: false } },
    ]);
    actor.send({ type: 'dismiss.undo' });
    expect(writes).toHaveLength(2);
  });

  it('a refused dismiss puts the entry back with a toast; closing the offer drops Undo', async () => {
    let refuse = true;
    const { actor, view, messages } = start({
      setDismissed: async (i) => {
        if (refuse) throw new Error('offline');
        return state(i.id, null, 2, true);
      },
    });
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    actor.send({ type: 'entry.dismiss', id: 2 });
    await waitFor(actor, (s) => s.matches({ entry: 'idle' }));
    expect(view().items.map((i) => i.id)).toEqual([3, 2]);
    expect(messages).toEqual([NOTIFICATION_MESSAGES.updateFailed]);
    refuse = false;
    actor.send({ type: 'entry.dismiss', id: 2 });
    await waitFor(actor, (s) => s.matches({ entry: 'idle' }));
    actor.send({ type: 'undo.close' });
    expect(view().undoable).toBeNull();
  });

  it('the model walk covers every state and transition', async () => {
    const report = await coverMachine(notificationsInboxMachine, {
      input: { filter: 'unread' },
      events: {
        'filter.change': [
          { type: 'filter.change', filter: 'unread' },
          { type: 'filter.change', filter: 'all' },
        ],
        'older.load': [{ type: 'older.load' }],
        retry: [{ type: 'retry' }],
        'entry.read': [{ type: 'entry.read', id: 3, read: true }],
        'entry.dismiss': [{ type: 'entry.dismiss', id: 3 }],
        'dismiss.undo': [{ type: 'dismiss.undo' }],
        'undo.close': [{ type: 'undo.close' }],
      },
      outputs: {
        loadNotifications: [newest, oldest],
        setRead: [state(3, '2026-03-06T00:00:00Z', 2)],
        setDismissed: [state(3, null, 2, true)],
      },
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.filter,
          s.context.nextCursor,
          s.context.error !== null,
          s.context.olderError !== null,
          s.context.items.map((i) => i.id),
          s.context.dismissed?.item.id ?? null,
        ]),
    });
    expect(report.failures).toEqual([]);
    assertFullCoverage(report);
  });
});
