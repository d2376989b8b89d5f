/**
 * The admins' inbox in the database: raising a notification (nothing when the same condition is open
 * already), resolving conditions that no longer hold, one admin's page of it and their read and dismissed
 * state. No HTTP here.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  Notification,
  NotificationFilter,
  NotificationKind,
} from '../../src/api/contract/notifications';
import type { Db } from '../db/client';
import { notifications, notificationStates } from '../db/schema';
import { microsOf, olderThan, timePage, type TimePage, type TimePosition } from '../db/time-cursor';

type Writer = Pick<Db, 'insert'>;

export interface RaisedNotification {
  kind: NotificationKind;
  recordType: 'provider' | 'appointment';
  recordId: string;
  providerId: number | null;
  params: Record<string, string | number | string[]>;
  dedupeKey: string;
}

/** Adds the notification unless one with its dedupe key is open (the partial unique index decides). */
export async function raiseNotification(db: Writer, notification: RaisedNotification, at?: Date) {
  await db
    .insert(notifications)
    .values({ ...notification, ...(at ? { createdAt: at } : {}) })
    .onConflictDoNothing();
}

/** The open notifications of these keys stop: their conditions no longer hold. */
export async function resolveNotifications(db: Pick<Db, 'update'>, dedupeKeys: string[], at: Date) {
  if (dedupeKeys.length === 0) return;
  await db
    .update(notifications)
    .set({ resolvedAt: at })
    .where(and(inArray(notifications.dedupeKey, dedupeKeys), isNull(notifications.resolvedAt)));
}

/** An admin's state row, as the inbox's "hidden from this admin" test reads it. */
const hidden = alias(notificationStates, 'hidden');

/**
 * Open, and neither dismissed by the admin nor (for `unread`) read by them. Written as "no state row of this
 * admin that hides it" (an anti-join on the state's primary key), so a page walks notifications_created_idx
 * and stops at its limit instead of hashing and sorting every notification (tests/api/explain-lists.test.ts).
 */
function inbox(db: Pick<Db, 'select'>, uid: string, filter: NotificationFilter): SQL[] {
  const hides =
    filter === 'unread'
      ? or(isNotNull(hidden.dismissedAt), isNotNull(hidden.readAt))
      : isNotNull(hidden.dismissedAt);
  return [
    isNull(notifications.resolvedAt),
    notExists(
      db
        .select({ one: sql`1` })
        .from(hidden)
        .where(and(eq(hidden.notificationId, notifications.id), eq(hidden.uid, uid), hides)),
    ),
  ];
}

/** The admin's own state of each notification (none yet: unread, not dismissed). */
const stateOf = (uid: string) =>
  and(eq(notificationStates.notificationId, notifications.id), eq(notificationStates.uid, uid));

export async function unreadCount(db: Pick<Db, 'select'>, uid: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(...inbox(db, uid, 'unread')));
  return row?.n ?? 0;
}

/** One admin's page, newest first, after the cursor's position; `nextCursor` null at the end. */
export async function notificationPage(
  db: Pick<Db, 'select'>,
  uid: string,
  filter: NotificationFilter,
  position: TimePosition | undefined,
  limit: number,
): Promise<TimePage<Notification>> {
  const where = inbox(db, uid, filter);
  if (position) where.push(olderThan(notifications.createdAt, notifications.id, position));
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      recordType: notifications.recordType,
      recordId: notifications.recordId,
      providerId: notifications.providerId,
      params: notifications.params,
      createdAt: notifications.createdAt,
      readAt: notificationStates.readAt,
      micros: microsOf(notifications.createdAt),
    })
    .from(notifications)
    .leftJoin(notificationStates, stateOf(uid))
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  return timePage(rows, limit, ({ micros: _micros, createdAt, readAt, kind, ...row }) => ({
    ...row,
    kind: kind as NotificationKind,
    createdAt: createdAt.toISOString(),
    readAt: readAt?.toISOString() ?? null,
  }));
}

export async function notificationExists(db: Pick<Db, 'select'>, id: number): Promise<boolean> {
  const [row] = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.id, id));
  return row !== undefined;
}

/** Sets one admin's read or dismissed time of a notification (null clears it); answers their state. */
export async function setNotificationState(
  db: Db,
  uid: string,
  id: number,
  change: { readAt: Date | null } | { dismissedAt: Date | null },
) {
  const [row] = await db
    .insert(notificationStates)
    .values({ uid, notificationId: id, ...change })
    .onConflictDoUpdate({
      target: [notificationStates.uid, notificationStates.notificationId],
      set: change,
    })
    .returning();
  return {
    id,
    readAt: row?.readAt?.toISOString() ?? null,
    dismissed: row?.dismissedAt != null,
    unread: await unreadCount(db, uid),
  };
}
