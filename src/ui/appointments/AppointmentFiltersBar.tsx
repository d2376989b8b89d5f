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
import { ChoiceFilter, DateFilter, FilterBar, countSet } from '../kit/FilterFields';
import { namedOptions } from '../kit/FormParts';

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
  return (
    <FilterBar
      label="Filter appointments"
      align="flex-start"
      search={{
        label: 'Customer (name or email)',
        name: 'q',
        value: filters.q,
        onCommit: (q) => onChange({ q }),
      }}
      set={countSet(filters.status, filters.provider, filters.from, filters.to)}
      canClear={canClear}
      onClear={onClear}
    >
      <ChoiceFilter
        label="Status"
        width="44"
        value={filters.status ?? ''}
        allLabel="Every status"
        options={APPOINTMENT_STATUS_ORDER.map((status) => ({
          value: status,
          label: STATUS_LABELS[status],
        }))}
        onChange={(value) => onChange({ status: (value || undefined) as AppointmentStatus | undefined })}
      />
      {providers && (
        <ChoiceFilter
          label="Provider"
          width="56"
          value={filters.provider ?? ''}
          allLabel="Every provider"
          options={namedOptions(providers)}
          onChange={(value) => onChange({ provider: value ? Number(value) : undefined })}
        />
      )}
      <DateFilter label="From" name="from" value={filters.from} onChange={(from) => onChange({ from })} />
      <DateFilter
        label="To"
        name="to"
        value={filters.to}
        error={toBeforeFrom(filters) ? WORKSPACE_MESSAGES.toBeforeFrom : undefined}
        onChange={(to) => onChange({ to })}
      />
    </FilterBar>
  );
}
