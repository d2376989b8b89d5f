import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { AppointmentListItem } from '../../../../src/api/contract/appointment-list';
import { STATUS_LABELS, statusLabel } from '../../../../src/domain/appointments/status-labels';
import { statusOptions } from '../../../../src/domain/appointments/status-rules';
import {
  hasFilters,
  NO_APPOINTMENT_FILTERS,
  refreshLimit,
  sameFilters,
  sameRows,
  startLabels,
  toBeforeFrom,
  workspaceQuery,
} from '../../../../src/domain/appointments/workspace';
import {
  AppointmentsSearchSchema,
  filtersOf,
  toSearch,
} from '../../../../src/screens/appointments/appointments-search';

function row(startDate: string, timezone: string): AppointmentListItem {
  return {
    id: 1,
    groupId: 'g1',
    status: 'ACTIVE',
    startDate,
    endDate: startDate,
    timezone,
    provider: { id: 7, name: 'Glow Studio' },
    customer: { displayName: null, email: 'a@b.test' },
    service: null,
  };
}

describe('appointment status labels', () => {
  it('one catalogue: every status a plain label, the picker reads the same ones', () => {
    expect(STATUS_LABELS).toEqual({
      ACTIVE: 'Active',
      COMPLETED: 'Completed',
      CANCELLED: 'Cancelled',
      LATE_CANCELLED: 'Late cancelled',
      FILMING: 'Filming',
    });
    const options = statusOptions('2030-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
    expect(options.map((o) => o.label)).toEqual([
      'Active',
      'Completed',
      'Filming',
      'Cancelled',
      'Late cancelled',
    ]);
    expect(statusLabel('LATE_CANCELLED')).toBe('Late cancelled');
    expect(statusLabel('NEW_ONE')).toBe('Unknown status');
  });
});

describe('the workspace filters', () => {
  it('the API query leaves the empty filters out, trims the search and drops a To before the From', () => {
    expect(workspaceQuery(NO_APPOINTMENT_FILTERS)).toEqual({});
    expect(
      workspaceQuery({
        status: 'FILMING',
        provider: 4,
        from: '2026-03-01',
        to: '2026-03-31',
        q: ' ada ',
        order: { sort: 'start', dir: 'desc' },
      }),
    ).toEqual({ status: 'FILMING', provider: 4, from: '2026-03-01', to: '2026-03-31', q: 'ada' });
    // The order goes only when it is not the default (newest first).
    expect(workspaceQuery({ ...NO_APPOINTMENT_FILTERS, order: { sort: 'start', dir: 'asc' } })).toEqual({
      sort: 'start',
      dir: 'asc',
    });
    const backwards = { ...NO_APPOINTMENT_FILTERS, from: '2026-03-02', to: '2026-03-01' };
    expect(toBeforeFrom(backwards)).toBe(true);
    expect(workspaceQuery(backwards)).toEqual({ from: '2026-03-02' });
  });

  it('compares filters as applied; a provider fixed by viewing as one is nothing to clear', () => {
    expect(sameFilters(NO_APPOINTMENT_FILTERS, { ...NO_APPOINTMENT_FILTERS, q: '  ' })).toBe(true);
    expect(sameFilters(NO_APPOINTMENT_FILTERS, { ...NO_APPOINTMENT_FILTERS, to: '2026-01-01' })).toBe(false);
    expect(hasFilters(NO_APPOINTMENT_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_APPOINTMENT_FILTERS, provider: 3 })).toBe(true);
    expect(hasFilters({ ...NO_APPOINTMENT_FILTERS, provider: 3 }, 3)).toBe(false);
    expect(hasFilters({ ...NO_APPOINTMENT_FILTERS, provider: 3, status: 'ACTIVE' }, 3)).toBe(true);
    // Another order is other rows to read, but not a filter to clear.
    const oldestFirst = { ...NO_APPOINTMENT_FILTERS, order: { sort: 'start', dir: 'asc' } } as const;
    expect(sameFilters(NO_APPOINTMENT_FILTERS, oldestFirst)).toBe(false);
    expect(sameRows(NO_APPOINTMENT_FILTERS, oldestFirst)).toBe(true);
    expect(hasFilters(oldestFirst)).toBe(false);
  });

  it('reads again after a change the rows shown, at least a page and at most 200', () => {
    expect([0, 49, 50, 120, 200, 900].map(refreshLimit)).toEqual([50, 50, 50, 120, 200, 200]);
  });

  it('each row starts on its own zone’s day and time, worked out once per row', () => {
    const east = row('2030-01-01T10:30:00.000Z', 'Pacific/Kiritimati');
    const west = row('2030-01-02T04:30:00.000Z', 'America/New_York');
    const startOf = startLabels([east, west]);
    expect(startOf(east)).toEqual({ when: 'Wed, Jan 2, 2030, 12:30 AM', zone: 'Pacific/Kiritimati' });
    expect(startOf(west)).toEqual({ when: 'Tue, Jan 1, 2030, 11:30 PM', zone: 'America/New_York' });
    // Across a DST change in its zone.
    const spring = row('2026-03-08T10:30:00.000Z', 'America/Los_Angeles');
    expect(startLabels([spring])(spring).when).toBe('Sun, Mar 8, 2026, 3:30 AM');
    expect(startLabels([east])(east)).toBe(startOf(east));
  });
});

describe('the workspace URL', () => {
  it('keeps good values and drops bad ones', () => {
    const parse = (input: Record<string, unknown>) => v.parse(AppointmentsSearchSchema, input);
    expect(parse({ status: 'FILMING', provider: 4, from: '2026-03-01', to: '2026-03-31', q: 'ada' })).toEqual(
      {
        status: 'FILMING',
        provider: 4,
        from: '2026-03-01',
        to: '2026-03-31',
        q: 'ada',
        sort: 'start',
        dir: 'desc',
      },
    );
    expect(
      parse({
        status: 'DONE',
        provider: -1,
        from: '2026-02-30',
        to: 'soon',
        q: 5,
        sort: 'status',
        dir: 'up',
      }),
    ).toEqual({
      status: undefined,
      provider: undefined,
      from: undefined,
      to: undefined,
      q: 5,
      sort: 'start',
      dir: 'desc',
    });
    expect(parse({ dir: 'asc' })).toMatchObject({ sort: 'start', dir: 'asc' });
  });

  it('the filters take a provider fixed by viewing as one over the URL’s; a numeric search stays a number', () => {
    const search = v.parse(AppointmentsSearchSchema, { provider: 4, q: 310 });
    expect(filtersOf(search, null)).toMatchObject({ provider: 4, q: '310' });
    expect(filtersOf(search, 9)).toMatchObject({ provider: 9 });
    expect(toSearch({ q: '5550101' })).toEqual({ q: 5_550_101 });
    expect(toSearch({ q: 'ada', status: 'ACTIVE' })).toEqual({ q: 'ada', status: 'ACTIVE' });
    expect(toSearch({ from: undefined })).toEqual({ from: undefined });
    expect(toSearch({ order: { sort: 'start', dir: 'asc' } })).toEqual({ sort: 'start', dir: 'asc' });
  });
});
