/**
 * What the History screen and the "Changed by" line show of an audit event: plain labels for its kind and
 * record type, who did it, the record's page in the console, a compact list of what changed, and the
 * filters as the URL holds them. Times and the API's query from the filters are in ./audit-times (the time
 * library stays out of the first load), the names of the kinds and record types in ./audit-kinds (the first
 * load reads them, for the History route's URL check).
 */
import type { AuditKind, AuditRecordType } from './audit-kinds';

export { AUDIT_KIND_NAMES, AUDIT_RECORD_TYPES, type AuditKind, type AuditRecordType } from './audit-kinds';

/** Each event kind as a person reads it. */
export const KIND_LABELS: Readonly<Record<AuditKind, string>> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  'sign-in': 'Signed in',
  'view-as-start': 'Started viewing as',
  'view-as-end': 'Stopped viewing as',
  'role-change': 'Changed role',
  refused: 'Refused',
};

/** Each record type as a person reads it. */
export const RECORD_TYPE_LABELS: Readonly<Record<AuditRecordType, string>> = {
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
};

export const AUDIT_MESSAGES = {
  loadFailed: 'The history could not be loaded.',
  olderFailed: 'Older events could not be loaded.',
  empty: 'No events match these filters',
  downloadFailed: 'The history could not be downloaded.',
} as const;

const isKind = (kind: string): kind is AuditKind => Object.hasOwn(KIND_LABELS, kind);
const isRecordType = (type: string): type is AuditRecordType => Object.hasOwn(RECORD_TYPE_LABELS, type);

/** The kind as a plain label; a kind this console does not know yet reads "Other". */
export function kindLabel(kind: string): string {
  return isKind(kind) ? KIND_LABELS[kind] : 'Other';
}

/** The record type as a plain label; an unknown one reads "Record". */
export function recordTypeLabel(type: string): string {
  return isRecordType(type) ? RECORD_TYPE_LABELS[type] : 'Record';
}

/** The role as a badge reads it ("Admin", "Provider"). */
export function roleLabel(role: string): string {
  return role ? `${role.charAt(0).toUpperCase()}${role.slice(1).toLowerCase()}` : '';
}

/** Who did it: the email, else the uid, else "Someone not signed in". */
export function actorLabel(event: { actorEmail: string | null; actorUid: string | null }): string {
  return event.actorEmail ?? event.actorUid ?? 'Someone not signed in';
}

/**
 * The console page that shows a record, where one exists: a provider's manage view, the credit and promo
 * code editors. A user's event names the user's row id, while the user drawer opens by sign-in uid, so a
 * user's event links nowhere.
 */
export function recordHref(type: string | null, id: string | null): string | null {
  if (!type || !id || !/^[1-9]\d*$/.test(id)) return null;
  const pages: Record<string, string> = {
    provider: `/providers?provider=${id}`,
    credit: `/credits?id=${id}`,
    promo: `/promocodes?id=${id}`,
    settings: '/settings',
  };
  return pages[type] ?? null;
}

export interface ChangeLine {
  /** The field as words ("Price in cents"). */
  field: string;
  /** The value before, when the event says (an update); null for a created record's field. */
  from: string | null;
  to: string;
}

const VALUE_MAX = 60;

/** A value as one short line of text: "—" for none, long texts cut with "…". */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/** "priceInCents" → "Price in cents", "is_active" → "Is active". */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : field;
}

/** Reads `{ from, to }` (the wire contract) or `[from, to]` as a before-and-after pair. */
function pairOf(value: unknown): { from: unknown; to: unknown } | null {
  if (Array.isArray(value) && value.length === 2) return { from: value[0], to: value[1] };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length === 2 && 'from' in value && 'to' in value) return value as { from: unknown; to: unknown };
  }
  return null;
}

/** Bookkeeping every write moves on: not what the person changed. */
const BOOKKEEPING_FIELDS = new Set(['version', 'updatedAt']);

/** What changed, one line per field: "from → to" for an update, the value for a created record. */
export function changeLines(changes: Record<string, unknown> | null): ChangeLine[] {
  if (!changes) return [];
  const fields = Object.entries(changes).filter(([field]) => !BOOKKEEPING_FIELDS.has(field));
  return fields.map(([field, value]) => {
    const pair = pairOf(value);
    return pair
      ? { field: fieldLabel(field), from: formatValue(pair.from), to: formatValue(pair.to) }
      : { field: fieldLabel(field), from: null, to: formatValue(value) };
  });
}

/** How many change lines a row shows before "Show all". */
export const CHANGES_SHOWN = 3;

/** The verb of the "Changed by" line for the latest event of a record. */
export function changedByVerb(kind: string): string {
  if (kind === 'create') return 'Created by';
  if (kind === 'delete') return 'Deleted by';
  return 'Changed by';
}

/** The kinds that change a record (the "Changed by" line skips sign-ins, view-as and refusals). */
export const RECORD_CHANGE_KINDS: readonly string[] = ['create', 'update', 'delete', 'role-change'];

/** The filters as the URL holds them: dates are whole days (YYYY-MM-DD) in the reader's zone. */
export interface AuditFilters {
  actor: string;
  recordType: AuditRecordType | undefined;
  recordId: string;
  kind: AuditKind | undefined;
  from: string | undefined;
  to: string | undefined;
}

export const NO_AUDIT_FILTERS: AuditFilters = {
  actor: '',
  recordType: undefined,
  recordId: '',
  kind: undefined,
  from: undefined,
  to: undefined,
};

/** GET /audit's filters (no cursor or limit). */
export interface AuditQuery {
  actor?: string;
  recordType?: string;
  recordId?: string;
  kind?: string;
  from?: string;
  to?: string;
}

/** Whether any filter is set (the empty state then offers Clear filters). */
export function hasFilters(filters: AuditFilters): boolean {
  return (
    filters.actor.trim() !== '' ||
    filters.recordType !== undefined ||
    filters.recordId.trim() !== '' ||
    filters.kind !== undefined ||
    filters.from !== undefined ||
    filters.to !== undefined
  );
}

/** Whether two filter sets ask for the same events. */
export function sameFilters(a: AuditFilters, b: AuditFilters): boolean {
  return (
    a.actor === b.actor &&
    a.recordType === b.recordType &&
    a.recordId === b.recordId &&
    a.kind === b.kind &&
    a.from === b.from &&
    a.to === b.to
  );
}

/** The latest event that changed the record, from its newest events (sign-ins and refusals skipped). */
export function latestChange<E extends { kind: string }>(events: readonly E[]): E | null {
  return events.find((event) => RECORD_CHANGE_KINDS.includes(event.kind)) ?? null;
}
