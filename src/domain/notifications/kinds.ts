/**
 * The kinds of the admins' inbox entries (the wire contract's picklist). Apart from the sentences in
 * ./notifications, which need the time library: the route's URL check reads the contract in the first load.
 */
export const NOTIFICATION_KINDS = [
  'onboarding-stuck',
  'connection-down',
  'payouts-requirements',
  'late-cancellation',
  'receipt-failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
