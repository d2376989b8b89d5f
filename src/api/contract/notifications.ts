/**
 * The admins' inbox (GET /notifications, admins only): what needs an admin's action, produced by the API
 * from real events. Read and dismissed are each admin's own (PUT /notifications/{id}/read and /dismiss).
 */
import * as v from 'valibot';
import { cursorPageEntries, onceQuery, wholeText } from './primitives';
import {
  NOTIFICATION_FILTERS,
  NOTIFICATION_KINDS,
  type NotificationFilter,
  type NotificationKind,
} from '../../domain/notifications/kinds';

export { NOTIFICATION_FILTERS, NOTIFICATION_KINDS, type NotificationFilter, type NotificationKind };

/** A provider in onboarding this long without finishing it is "stuck". */
export const ONBOARDING_STUCK_DAYS = 7;

const ParamValueSchema = v.union([v.string(), v.number(), v.array(v.string())]);

export const NotificationSchema = v.object({
  id: v.number(),
  kind: v.picklist(NOTIFICATION_KINDS),
  /** `provider` (its id) or `appointment` (the booking's groupId). */
  recordType: v.string(),
  recordId: v.string(),
  providerId: v.nullable(v.number()),
  /** What the sentence names: `provider`, `customer`, `start`, `recipient`, `requirements`, `system`. */
  params: v.record(v.string(), ParamValueSchema),
  /** ISO instant. */
  createdAt: v.string(),
  /** When this admin read it (ISO instant), null while unread. */
  readAt: v.nullable(v.string()),
});
export type Notification = v.InferOutput<typeof NotificationSchema>;

/** One page, newest first; `nextCursor` reads the next older page; `unread` counts this admin's unread. */
export const NotificationPageSchema = v.object({
  ...cursorPageEntries(NotificationSchema),
  unread: v.number(),
});
export type NotificationPage = v.InferOutput<typeof NotificationPageSchema>;

export const NOTIFICATION_PAGE_LIMIT_DEFAULT = 20;
export const NOTIFICATION_PAGE_LIMIT_MAX = 100;

const limitMessage = `limit must be a whole number from 1 to ${NOTIFICATION_PAGE_LIMIT_MAX}`;

/** GET /notifications query: `filter` (unread or all, default all), `cursor`, `limit` (1–100, default 20). */
export const NotificationQuerySchema = v.object({
  filter: v.optional(
    v.pipe(
      onceQuery('filter'),
      v.picklist(NOTIFICATION_FILTERS, `filter must be one of ${NOTIFICATION_FILTERS.join(', ')}`),
    ),
  ),
  cursor: v.optional(
    v.pipe(onceQuery('cursor'), v.minLength(1, 'cursor must not be empty'), v.maxLength(200)),
  ),
  limit: v.optional(v.pipe(onceQuery('limit'), wholeText(1, NOTIFICATION_PAGE_LIMIT_MAX, limitMessage))),
});
export type NotificationQuery = v.InferInput<typeof NotificationQuerySchema>;

/** PUT /notifications/{id}/read body: read (true) or back to unread (false). */
export const NotificationReadInputSchema = v.object({
  read: v.boolean('read must be true or false'),
});

/** PUT /notifications/{id}/dismiss body: dismissed (true), or back in the inbox (false: undo). */
export const NotificationDismissInputSchema = v.object({
  dismissed: v.boolean('dismissed must be true or false'),
});

/** What PUT …/read and …/dismiss answer: the entry as this admin now sees it, and their unread count. */
export const NotificationStateSchema = v.object({
  id: v.number(),
  readAt: v.nullable(v.string()),
  dismissed: v.boolean(),
  unread: v.number(),
});
export type NotificationState = v.InferOutput<typeof NotificationStateSchema>;
