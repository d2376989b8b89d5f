import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_PAGE_LIMIT_DEFAULT,
  type NotificationPage,
} from '../../../../src/api/contract/notifications';
import { notificationsApi } from '../../../../src/api/notifications/notifications';
import { createNotificationsInboxActors } from '../../../../src/machines/notifications/notifications-inbox.actors';
import { fakeApi } from '../../../support/fake-api';
import { runActor, startActor } from '../../../support/run-actor';

const page: NotificationPage = {
  items: [
    {
      id: 1,
      kind: 'onboarding-stuck',
      recordType: 'provider',
      recordId: '3',
      providerId: 3,
      params: { provider: 'Glow Studio' },
      createdAt: '2026-03-01T09:00:00.000Z',
      readAt: null,
    },
  ],
  nextCursor: 'n-2',
  unread: 1,
};

function setup() {
  const fake = fakeApi();
  return { fake, actors: createNotificationsInboxActors(notificationsApi(fake.client)) };
}

describe('notifications inbox actors', () => {
  it("reads the newest page of the filter, then the one after a cursor, with the actor's signal", async () => {
    const { fake, actors } = setup();
    fake.on('GET /notifications', page, { ...page, items: [], nextCursor: null });

    await expect(runActor(actors.loadNotifications, { filter: 'unread', cursor: null })).resolves.toEqual(
      page,
    );
    const { actor } = startActor(actors.loadNotifications, { filter: 'all', cursor: 'n-2' });
    actor.stop();

    const limit = NOTIFICATION_PAGE_LIMIT_DEFAULT;
    expect(fake.calls.map((call) => call.query)).toEqual([
      { filter: 'unread', limit },
      { filter: 'all', cursor: 'n-2', limit },
    ]);
    expect(fake.calls[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(fake.calls[1]?.signal?.aborted).toBe(true);
  });

  it('marks an entry read or unread, and dismisses it or brings it back, answering its state', async () => {
    const { fake, actors } = setup();
    const state = { id: 1, readAt: '2026-03-01T10:00:00.000Z', dismissed: false, unread: 0 };
    fake
      .on('PUT /notifications/1/read', state)
      .on('PUT /notifications/1/dismiss', { ...state, dismissed: true });

    await expect(runActor(actors.setRead, { id: 1, read: true })).resolves.toEqual(state);
    await runActor(actors.setRead, { id: 1, read: false });
    await expect(runActor(actors.setDismissed, { id: 1, dismissed: true })).resolves.toMatchObject({
      dismissed: true,
    });
    await runActor(actors.setDismissed, { id: 1, dismissed: false });

    expect(fake.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/notifications/1/read', { read: true }],
      ['PUT', '/notifications/1/read', { read: false }],
      ['PUT', '/notifications/1/dismiss', { dismissed: true }],
      ['PUT', '/notifications/1/dismiss', { dismissed: false }],
    ]);
  });
});
