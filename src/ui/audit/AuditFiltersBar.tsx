import { Button, Flex } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import {
  AUDIT_KIND_NAMES,
  AUDIT_RECORD_TYPES,
  KIND_LABELS,
  RECORD_TYPE_LABELS,
  type AuditFilters,
} from '../../domain/audit/audit';
import { DateFilter, MoreFilters, TypedFilter, countSet } from '../kit/FilterFields';
import { SelectField } from '../kit/FormParts';

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
  const submit = (event: FormEvent) => event.preventDefault();
  return (
    <Flex
      as="form"
      role="search"
      aria-label="Filter history"
      onSubmit={submit}
      gap="3"
      wrap="wrap"
      align="flex-end"
      mb="4"
    >
      <TypedFilter
        key={`actor:${filters.actor}`}
        label="Person (email or uid)"
        name="actor"
        value={filters.actor}
        onCommit={(actor) => onChange({ actor })}
      />
      <MoreFilters
        set={countSet(filters.recordType, filters.recordId, filters.kind, filters.from, filters.to)}
      >
        <Flex w={{ base: 'full', sm: '48' }}>
          <SelectField
            label="Record type"
            value={filters.recordType ?? ''}
            onChange={(value) =>
              onChange({
                recordType: (value || undefined) as AuditFilters['recordType'],
                ...(value ? {} : { recordId: '' }),
              })
            }
          >
            <option value="">All records</option>
            {AUDIT_RECORD_TYPES.map((type) => (
              <option key={type} value={type}>
                {RECORD_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
        </Flex>
        <TypedFilter
          key={`record:${filters.recordId}`}
          label="Record id"
          name="recordId"
          value={filters.recordId}
          disabled={!filters.recordType}
          onCommit={(recordId) => onChange({ recordId })}
        />
        <Flex w={{ base: 'full', sm: '44' }}>
          <SelectField
            label="What"
            value={filters.kind ?? ''}
            onChange={(value) => onChange({ kind: (value || undefined) as AuditFilters['kind'] })}
          >
            <option value="">Every kind</option>
            {AUDIT_KIND_NAMES.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </SelectField>
        </Flex>
        <DateFilter label="From" name="from" value={filters.from} onChange={(from) => onChange({ from })} />
        <DateFilter label="To" name="to" value={filters.to} onChange={(to) => onChange({ to })} />
      </MoreFilters>
      <Button variant="ghost" colorPalette="teal" onClick={onClear}>
        Clear filters
      </Button>
    </Flex>
  );
}
