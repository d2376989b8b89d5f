/**
 * The audit event kinds and record types with their labels: apart from ./audit, because the History route's
 * URL check (in the first load) reads the names, and the rest of what History shows loads with its screen.
 */
export const KIND_LABELS = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  'sign-in': 'Signed in',
  'view-as-start': 'Started viewing as',
  'view-as-end': 'Stopped viewing as',
  'role-change': 'Changed role',
  refused: 'Refused',
} as const;
/** The event kinds (the wire contract's `AUDIT_KINDS`). */
export type AuditKind = keyof typeof KIND_LABELS;
export const AUDIT_KIND_NAMES = Object.keys(KIND_LABELS) as AuditKind[];

export const RECORD_TYPE_LABELS = {
  provider: 'Provider',
  location: 'Location',
  user: 'User',
  credit: 'Credit',
  promo: 'Promo code',
  'service-item': 'Service item',
  bundle: 'Bundle',
  'service-category': 'Service category',
  'price-tier': 'Pricing tier',
  polygon: 'Pricing tier area',
  commission: 'Commission',
  'special-date': 'Special date',
  appointment: 'Appointment',
  credentials: 'Scheduling credentials',
  availability: 'Availability',
  'provider-svc-item': 'Service mapping',
  invite: 'Provider invite',
  'settlement-account': 'Settlement account',
  upload: 'Upload',
  lead: 'Waitlist sign-up',
  'user-credit': 'User credit',
  'user-provider': 'User provider',
  'bundle-service-item': 'Bundle service item',
  'promo-service': 'Promo code service',
  'price-tier-service-item': 'Pricing tier price',
  'special-date-service-item': 'Special date service',
  'appointment-cancellation': 'Appointment cancellation',
  receipt: 'Receipt',
  settings: 'Marketplace settings',
} as const;
export type AuditRecordType = keyof typeof RECORD_TYPE_LABELS;
export const AUDIT_RECORD_TYPES = Object.keys(RECORD_TYPE_LABELS) as AuditRecordType[];
