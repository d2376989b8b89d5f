import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS } from '../../../src/api/contract/audit';
import {
  actorLabel,
  AUDIT_KIND_NAMES,
  AUDIT_RECORD_TYPES,
  changedByVerb,
  changeLines,
  fieldLabel,
  formatValue,
  hasFilters,
  KIND_LABELS,
  kindLabel,
  latestChange,
  NO_AUDIT_FILTERS,
  RECORD_TYPE_LABELS,
  recordHref,
  recordTypeLabel,
  roleLabel,
  sameFilters,
} from '../../../src/domain/audit/audit';
import { auditQuery, formatWhen, relativeTime } from '../../../src/domain/audit/audit-times';

const AT = '2026-03-05T18:07:00Z';
const at = Date.parse(AT);

describe('audit event labels', () => {
  it('every kind of the wire contract has a plain label, never the raw name', () => {
    expect(AUDIT_KIND_NAMES).toEqual([...AUDIT_KINDS]);
    expect(AUDIT_KINDS.map(kindLabel)).toEqual([
      'Created',
      'Updated',
      'Deleted',
      'Signed in',
      'Started viewing as',
      'Stopped viewing as',
      'Changed role',
      'Refused',
    ]);
    expect(kindLabel('export')).toBe('Other');
  });

  it('the names the URL check reads are the labelled kinds and record types, in the same order', () => {
    expect(Object.keys(KIND_LABELS)).toEqual([...AUDIT_KIND_NAMES]);
    expect(Object.keys(RECORD_TYPE_LABELS)).toEqual([...AUDIT_RECORD_TYPES]);
  });

  it('record types, roles and who', () => {
    expect(recordTypeLabel('service-item')).toBe('Service item');
    expect(recordTypeLabel('promo')).toBe('Promo code');
    expect(recordTypeLabel('widget')).toBe('Record');
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('')).toBe('');
    expect(actorLabel({ actorEmail: 'ada@upkeep.test', actorUid: 'a1' })).toBe('ada@upkeep.test');
    expect(actorLabel({ actorEmail: null, actorUid: 'a1' })).toBe('a1');
    expect(actorLabel({ actorEmail: null, actorUid: null })).toBe('Someone not signed in');
    expect(changedByVerb('create')).toBe('Created by');
    expect(changedByVerb('delete')).toBe('Deleted by');
    expect(changedByVerb('update')).toBe('Changed by');
  });

  it('links a record to its page in the console where it has one', () => {
    expect(recordHref('provider', '12')).toBe('/providers?provider=12');
    expect(recordHref('user', '12')).toBeNull();
    expect(recordHref('credit', '4')).toBe('/credits?id=4');
    expect(recordHref('promo', '9')).toBe('/promocodes?id=9');
    expect(recordHref('credit', 'x')).toBeNull();
    expect(recordHref('bundle', '3')).toBeNull();
    expect(recordHref(null, '3')).toBeNull();
    expect(recordHref('provider', null)).toBeNull();
  });
});

describe('what changed', () => {
  it('an update reads "from → to" per field, from either shape; a create lists the values', () => {
    expect(
      changeLines({
        priceInCents: { from: 100, to: 250 },
        name: ['Old', 'New'],
        active: true,
        version: { from: 1, to: 2 },
        updatedAt: { from: 'a', to: 'b' },
      }),
    ).toEqual([
      { field: 'Price in cents', from: '100', to: '250' },
      { field: 'Name', from: 'Old', to: 'New' },
      { field: 'Active', from: null, to: 'true' },
    ]);
    expect(changeLines(null)).toEqual([]);
  });

  it('values read as one short line', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue('')).toBe('—');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue('x'.repeat(80))).toHaveLength(60);
    expect(fieldLabel('is_active')).toBe('Is active');
    expect(fieldLabel('__')).toBe('__');
  });

  it('the latest change skips sign-ins, view-as and refusals', () => {
    expect(latestChange([{ kind: 'refused' }, { kind: 'update' }, { kind: 'create' }])).toEqual({
      kind: 'update',
    });
    expect(latestChange([{ kind: 'sign-in' }])).toBeNull();
  });
});

describe('times', () => {
  it('one date-time format in the reader zone', () => {
    expect(formatWhen(AT, 'America/Los_Angeles')).toBe('Mar 5, 2026, 10:07 AM');
    expect(formatWhen(AT, 'Europe/Paris')).toBe('Mar 5, 2026, 7:07 PM');
    expect(formatWhen('not a time', 'UTC')).toBe('—');
  });

  it.each([
    [10_000, 'just now'],
    [3 * 60_000 + 5_000, '3 min ago'],
    [2 * 3_600_000, '2 h ago'],
    [26 * 3_600_000, '1 day ago'],
    [4 * 86_400_000, '4 days ago'],
    [40 * 86_400_000, 'on Mar 5, 2026'],
    [-60_000, 'just now'],
  ])('%i ms later reads "%s"', (later, text) => {
    expect(relativeTime(AT, at + later, 'America/Los_Angeles')).toBe(text);
  });

  it('a bad instant reads "—"', () => {
    expect(relativeTime('nope', at, 'UTC')).toBe('—');
  });
});

describe('filters', () => {
  it('become the query: dates are whole days in the zone, the record id only with a type', () => {
    expect(auditQuery(NO_AUDIT_FILTERS, 'UTC')).toEqual({});
    expect(
      auditQuery(
        {
          actor: ' ada@upkeep.test ',
          recordType: 'credit',
          recordId: ' 4 ',
          kind: 'update',
          from: '2026-03-01',
          to: '2026-03-05',
        },
        'America/Los_Angeles',
      ),
    ).toEqual({
      actor: 'ada@upkeep.test',
      recordType: 'credit',
      recordId: '4',
      kind: 'update',
      from: '2026-03-01T08:00:00Z',
      to: '2026-03-06T08:00:00Z',
    });
    expect(auditQuery({ ...NO_AUDIT_FILTERS, recordId: '4', from: 'bad' }, 'UTC')).toEqual({});
  });

  it('know whether any is set and whether two sets are the same', () => {
    expect(hasFilters(NO_AUDIT_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_AUDIT_FILTERS, to: '2026-03-01' })).toBe(true);
    expect(hasFilters({ ...NO_AUDIT_FILTERS, actor: ' ' })).toBe(false);
    expect(sameFilters(NO_AUDIT_FILTERS, { ...NO_AUDIT_FILTERS })).toBe(true);
    expect(sameFilters(NO_AUDIT_FILTERS, { ...NO_AUDIT_FILTERS, kind: 'delete' })).toBe(false);
  });
});
