/**
 * The admins' inbox (admins only): GET /notifications (a page, newest first, by cursor; `filter` unread or
 * all; the caller's unread count), PUT /notifications/{id}/read ({ read }) and PUT /notifications/{id}/dismiss
 * ({ dismissed }), each the caller's own. GET sweeps the conditions found by looking first (sweep.ts);
 * the others are raised where they happen (events.ts). `now` is injectable, so a test can make days pass.
 */
import { Hono } from 'hono';
import {
  NOTIFICATION_PAGE_LIMIT_DEFAULT,
  NotificationDismissInputSchema,
  NotificationQuerySchema,
  NotificationReadInputSchema,
  type NotificationPage,
  type NotificationState,
} from '../../src/api/contract/notifications';
import type { Db } from '../db/client';
import { cursorPosition } from '../db/time-cursor';
import { answer, ok } from '../http/result';
import type { Allow } from '../http/auth';
import { API_ERROR_CODES, fail } from '../http/errors';
import type { HonoEnv } from '../http/types';
import { IdParam, jsonBody, params, query } from '../http/validate';
import { notificationExists, notificationPage, setNotificationState, unreadCount } from './repository';
import { sweepNotifications } from './sweep';

export function notificationRoutes({
  db,
  allow,
  now = () => new Date(),
}: {
  db: Db;
  allow: Allow;
  now?: () => Date;
}) {
  const admin = allow('admin');
  const missing = (c: Parameters<typeof fail>[0], id: number) =>
    fail(c, 404, API_ERROR_CODES.notificationNotFound, `No notification with id ${id}`, 'id');
  return new Hono<HonoEnv>()
    .get('/', admin, query(NotificationQuerySchema), async (c) => {
      const { cursor, limit, filter } = c.req.valid('query');
      const read = cursorPosition(cursor);
      if (!read.ok) return answer(c, read);
      const position = read.value;
      await sweepNotifications(db, now());
      const { uid } = c.get('caller');
      const page = await notificationPage(
        db,
        uid,
        filter ?? 'all',
        position,
        limit ?? NOTIFICATION_PAGE_LIMIT_DEFAULT,
      );
      return answer(c, ok<NotificationPage>({ ...page, unread: await unreadCount(db, uid) }));
    })
    .put('/:id/read', admin, params({ id: IdParam }), jsonBody(NotificationReadInputSchema), async (c) => {
      const { id } = c.req.valid('param');
      if (!(await notificationExists(db, id))) return missing(c, id);
      const readAt = c.req.valid('json').read ? now() : null;
      return answer(
        c,
        ok<NotificationState>(await setNotificationState(db, c.get('caller').uid, id, { readAt })),
      );
    })
    .put(
      '/:id/dismiss',
      admin,
      params({ id: IdParam }),
      jsonBody(NotificationDismissInputSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        if (!(await notificationExists(db, id))) return missing(c, id);
        const dismissedAt = c.req.valid('json').dismissed ? now() : null;
        return answer(
          c,
          ok<NotificationState>(await setNotificationState(db, c.get('caller').uid, id, { dismissedAt })),
        );
      },
    );
}
