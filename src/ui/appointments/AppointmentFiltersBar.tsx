import { Button, Flex } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import {
  APPOINTMENT_STATUS_ORDER,
  STATUS_LABELS,
  type AppointmentStatus,
} from '../../domain/appointments/status-labels';
import {
  toBeforeFrom,
  WORKSPACE_MESSAGES,
  type AppointmentFilters,
} from '../../domain/appointments/workspace';
import { DateFilter, MoreFilters, TypedFilter, countSet } from '../kit/FilterFields';
import { SelectField } from '../kit/FormParts';

export interface AppointmentFiltersBarProps {
  filters: AppointmentFilters;
  /** The providers to choose among; null when there is no choice (one provider, or viewing as one). */
  providers: readonly { id: number; name: string }[] | null;
  onChange(change: Partial<AppointmentFilters>): void;
  onClear(): void;
  /** Whether Clear filters has anything to clear. */
  canClear: boolean;
}

/** The workspace's filters (customer, status, provider, from and to days); each lives in the URL. */
export function AppointmentFiltersBar({
  filters,
  providers,
  onChange,
  onClear,
  canClear,
}: AppointmentFiltersBarProps) {
  const submit = (event: FormEvent) => event.preventDefault();
  return (
    <Flex
      as="form"
      role="search"
      aria-label="Filter appointments"
      onSubmit={submit}
      gap="3"
      wrap="wrap"
      align="flex-start"
      mb="4"
    >
      <TypedFilter
        key={`q:${filters.q}`}
        label="Customer (name or email)"
        name="q"
        value={filters.q}
        onCommit={(q) => onChange({ q })}
      />
      <MoreFilters set={countSet(filters.status, filters.provider, filters.from, filters.to)}>
        <Flex w={{ base: 'full', sm: '44' }}>
          <SelectField
            label="Status"
            value={filters.status ?? ''}
            onChange={(value) => onChange({ status: (value || undefined) as AppointmentStatus | undefined })}
          >
            <option value="">Every status</option>
            {APPOINTMENT_STATUS_ORDER.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        </Flex>
        {providers && (
          <Flex w={{ base: 'full', sm: '56' }}>
            <SelectField
              label="Provider"
              value={filters.provider ?? ''}
              onChange={(value) => onChange({ provider: value ? Number(value) : undefined })}
            >
              <option value="">Every provider</option>
              {providers.map((provider) => (
                <option key={provider.id} value={provider.id}>
                  {provider.name}
                </option>
              ))}
            </SelectField>
          </Flex>
        )}
        <DateFilter label="From" name="from" value={filters.from} onChange={(from) => onChange({ from })} />
        <DateFilter
          label="To"
          name="to"
          value={filters.to}
          error={toBeforeFrom(filters) ? WORKSPACE_MESSAGES.toBeforeFrom : undefined}
          onChange={(to) => onChange({ to })}
        />
      </MoreFilters>
      <Button variant="ghost" colorPalette="teal" mt={{ sm: '6' }} disabled={!canClear} onClick={onClear}>
        Clear filters
      </Button>
    </Flex>
  );
}
