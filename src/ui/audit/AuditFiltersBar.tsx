import {
  AUDIT_KIND_NAMES,
  AUDIT_RECORD_TYPES,
  KIND_LABELS,
  RECORD_TYPE_LABELS,
  type AuditFilters,
} from '../../domain/audit/audit';
import { ChoiceFilter, DateFilter, FilterBar, TypedFilter, countSet } from '../kit/FilterFields';

export interface AuditFiltersBarProps {
  filters: AuditFilters;
  onChange(change: Partial<AuditFilters>): void;
  onClear(): void;
}

/**
 * The History filters (person, record type and id, kind, from and to dates); each lives in the URL. The
 * record id applies within a record type, so it waits for one. On a phone all but the person fold behind
 * Filters.
 */
export function AuditFiltersBar({ filters, onChange, onClear }: AuditFiltersBarProps) {
  return (
    <FilterBar
      label="Filter history"
      align="flex-end"
      search={{
        label: 'Person (email or uid)',
        name: 'actor',
        value: filters.actor,
        onCommit: (actor) => onChange({ actor }),
      }}
      set={countSet(filters.recordType, filters.recordId, filters.kind, filters.from, filters.to)}
      onClear={onClear}
    >
      <ChoiceFilter
        label="Record type"
        width="48"
        value={filters.recordType ?? ''}
        allLabel="All records"
        options={AUDIT_RECORD_TYPES.map((type) => ({ value: type, label: RECORD_TYPE_LABELS[type] }))}
        onChange={(value) =>
          onChange({
            recordType: (value || undefined) as AuditFilters['recordType'],
            ...(value ? {} : { recordId: '' }),
          })
        }
      />
      <TypedFilter
        key={`record:${filters.recordId}`}
        label="Record id"
        name="recordId"
        value={filters.recordId}
        disabled={!filters.recordType}
        onCommit={(recordId) => onChange({ recordId })}
      />
      <ChoiceFilter
        label="What"
        width="44"
        value={filters.kind ?? ''}
        allLabel="Every kind"
        options={AUDIT_KIND_NAMES.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
        onChange={(value) => onChange({ kind: (value || undefined) as AuditFilters['kind'] })}
      />
      <DateFilter label="From" name="from" value={filters.from} onChange={(from) => onChange({ from })} />
      <DateFilter label="To" name="to" value={filters.to} onChange={(to) => onChange({ to })} />
    </FilterBar>
  );
}
