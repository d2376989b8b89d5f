import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { NO_AUDIT_FILTERS } from '../../../src/domain/audit/audit';
import { filtersOf, HistorySearchSchema, toSearch } from '../../../src/screens/audit/history-search';

const parse = (search: Record<string, unknown>) => v.parse(HistorySearchSchema, search);

describe('the History filters in the URL', () => {
  it('read back what was written; a number the router parsed is its text', () => {
    const search = parse({
      actor: 'ada@upkeep.test',
      recordType: 'credit',
      recordId: 4,
      kind: 'update',
      from: '2026-03-01',
      to: '2026-03-05',
    });
    expect(filtersOf(search)).toEqual({
      actor: 'ada@upkeep.test',
      recordType: 'credit',
      recordId: '4',
      kind: 'update',
      from: '2026-03-01',
      to: '2026-03-05',
    });
  });

  it('a bad value falls back to no filter', () => {
    expect(
      filtersOf(
        parse({ actor: 'x'.repeat(201), recordType: 'widget', kind: 'edit', from: '2026-13-01', to: 5 }),
      ),
    ).toEqual(NO_AUDIT_FILTERS);
    expect(filtersOf(parse({}))).toEqual(NO_AUDIT_FILTERS);
  });

  it('a whole-number text goes into the URL as a number; other texts as they are', () => {
    expect(toSearch({ recordId: '42', actor: 'uid-1', kind: 'delete' })).toEqual({
      recordId: 42,
      actor: 'uid-1',
      kind: 'delete',
    });
    expect(toSearch({ recordId: '007' })).toEqual({ recordId: '007' });
    expect(toSearch({ recordId: '0', actor: '' })).toEqual({ recordId: 0, actor: '' });
    expect(toSearch({ from: undefined })).toEqual({ from: undefined });
    expect(filtersOf(parse(toSearch({ recordId: '42' })))).toMatchObject({ recordId: '42' });
    expect(filtersOf(parse({ recordId: -1 })).recordId).toBe('');
  });
});
