/**
 * The kinds of the admins' inbox entries (the wire contract's picklist) and the inbox's filters. Apart from
 * the sentences in ./notifications, which need the time library, and from the contract's schemas: the
 * route's URL check reads the filters in the first load.
 */
export const NOTIFICATION_KINDS = [
  'onboarding-stuck',
  'connection-down',
  'payouts-requirements',
  'late-cancellation',
  'receipt-failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The inbox's filters (GET /notifications?filter=, and the screen's URL). */
export const NOTIFICATION_FILTERS = ['unread', 'all'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];
