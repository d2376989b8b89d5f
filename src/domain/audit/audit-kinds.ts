/**
 * The audit event kinds and record types by name: apart from ./audit, because the History route's URL check
 * (in the first load) reads the names, and the rest of what History shows, their labels included, loads with
 * its screen.
 */

/** The event kinds (the wire contract's `AUDIT_KINDS` is this list). */
export const AUDIT_KIND_NAMES = [
  'create',
  'update',
  'delete',
  'sign-in',
  'view-as-start',
  'view-as-end',
  'role-change',
  'refused',
] as const;
export type AuditKind = (typeof AUDIT_KIND_NAMES)[number];

/** The record types the trail names. */
export const AUDIT_RECORD_TYPES = [
  'provider',
  'location',
  'user',
  'credit',
  'promo',
  'service-item',
  'bundle',
  'service-category',
  'price-tier',
  'polygon',
  'commission',
  'special-date',
  'appointment',
  'credentials',
  'availability',
  'provider-svc-item',
  'invite',
  'settlement-account',
  'upload',
  'lead',
  'user-credit',
  'user-provider',
  'bundle-service-item',
  'promo-service',
  'price-tier-service-item',
  'special-date-service-item',
  'appointment-cancellation',
  'receipt',
  'settings',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];
