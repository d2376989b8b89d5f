import { Box, Button, Field, Flex, Input, NativeSelect } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { FieldError, SelectField, SelectOptions } from './FormParts';
import { formatCount } from '../../domain/shared/format';

/**
 * A typed filter of a list's filter bar: applied on Enter or when the field is left, not on every key. Key
 * it by the applied value, so a change from elsewhere (Clear filters, the back button) starts it afresh.
 */
export function TypedFilter(props: {
  label: string;
  name: string;
  value: string;
  disabled?: boolean;
  placeholder?: string;
  onCommit(value: string): void;
}) {
  const [typed, setTyped] = useState(props.value);
  const commit = () => typed.trim() !== props.value && props.onCommit(typed.trim());
  return (
    <Field.Root
      flex={{ base: '1 1 12rem', sm: '1' }}
      minW={{ base: '0', sm: '40' }}
      disabled={props.disabled}
    >
      <Field.Label>{props.label}</Field.Label>
      <Input
        name={props.name}
        type="search"
        autoComplete="off"
        bg="white"
        value={typed}
        {...(props.placeholder ? { placeholder: props.placeholder } : {})}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
    </Field.Root>
  );
}

/** A day filter (From, To): applied as it changes; empty is no filter. */
export function DateFilter(props: {
  label: string;
  name: string;
  value: string | undefined;
  /** Shown under the field (e.g. a To before the From). */
  error?: string | undefined;
  onChange(value: string | undefined): void;
}) {
  return (
    <Field.Root w={{ base: 'full', sm: '40' }} invalid={props.error !== undefined}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        type="date"
        name={props.name}
        bg="white"
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value || undefined)}
      />
      <FieldError error={props.error} />
    </Field.Root>
  );
}

/** One value of a facet: what it is in the URL, its label, and how many rows it would show. */
export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

/**
 * A facet of a list's filter bar: a choice among the values that exist, each with how many rows it would
 * show ("MINDBODY (4)"); "All" is no filter. Applied as it changes. A chosen value the counts do not name
 * (yet) stays listed without a count, so the field always shows what is applied.
 */
export function FacetFilter(props: {
  label: string;
  name: string;
  value: string;
  options: readonly FacetOption[];
  /** How many rows "All" shows. */
  total: number;
  onChange(value: string): void;
}) {
  // A value from the URL matches its option without regard to case (?country=us is "US").
  const chosen =
    props.options.find((option) => option.value.toLowerCase() === props.value.toLowerCase())?.value ??
    props.value;
  const listed = chosen === '' || props.options.some((option) => option.value === chosen);
  return (
    // Two to a row on a phone, so the facets do not push the list below the first screen.
    <Field.Root w={{ base: 'calc(50% - 0.375rem)', sm: 'auto' }} flex={{ sm: '1' }} minW={{ sm: '32' }}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root bg="white">
        <NativeSelect.Field
          name={props.name}
          value={chosen}
          onChange={(event) => props.onChange(event.target.value)}
        >
          <option value="">{`All (${formatCount(props.total)})`}</option>
          {!listed && <option value={chosen}>{chosen}</option>}
          <SelectOptions
            options={props.options.map((option) => ({
              value: option.value,
              label: `${option.label} (${formatCount(option.count)})`,
            }))}
          />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** How many of a bar's further filters are set (neither missing nor empty), for `MoreFilters`. */
export const countSet = (...values: readonly unknown[]): number =>
  values.filter((value) => value !== undefined && value !== null && value !== '').length;

/**
 * A filter bar's further filters, folded away on a phone behind one button that says how many are set
 * ("Filters · 2"), so the list starts on the first screen; from Chakra's md width up they are always shown,
 * in the bar's own row. The first filter (the search box) stays outside, always in view.
 */
export function MoreFilters(props: { set: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        type="button"
        display={{ base: 'inline-flex', md: 'none' }}
        variant="outline"
        bg="white"
        alignSelf="flex-end"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((shown) => !shown)}
      >
        {props.set > 0 ? `Filters · ${props.set}` : 'Filters'}
      </Button>
      <Box id={id} display={{ base: open ? 'contents' : 'none', md: 'contents' }}>
        {props.children}
      </Box>
    </>
  );
}

/**
 * A filter bar's Clear filters, at its end. From Chakra's md width up it is always in the bar (disabled while
 * nothing is set); on a phone it shows only while a filter is set, so it never takes a row of its own for
 * nothing above the list.
 */
function ClearFilters(props: { set: boolean; onClear(): void; mt: { sm: string } | undefined }) {
  return (
    <Button
      type="button"
      variant="ghost"
      colorPalette="teal"
      mt={props.mt}
      display={{ base: props.set ? 'inline-flex' : 'none', md: 'inline-flex' }}
      disabled={!props.set}
      onClick={props.onClear}
    >
      Clear filters
    </Button>
  );
}

/**
 * A list's filter bar: a search form that is never submitted (each filter applies itself), its filters in a
 * wrapping row. The typed `search` comes first and stays in view; the further filters (`children`) fold
 * behind Filters on a phone (`MoreFilters`, saying how many of them are `set`); Clear filters ends the bar.
 * `align="flex-start"` lines up the fields' tops, for a bar with a field that may show an error under it;
 * Clear filters then moves down by a label's height to sit beside the fields. The History and appointments
 * bars.
 */
export function FilterBar(props: {
  label: string;
  align: 'flex-start' | 'flex-end';
  search: { label: string; name: string; value: string; onCommit(value: string): void };
  /** How many of the further filters are set (`countSet`). */
  set: number;
  /** Whether Clear filters has anything to clear; by default, whether the search or a further filter is set. */
  canClear?: boolean;
  onClear(): void;
  children: ReactNode;
}) {
  const { search } = props;
  return (
    <Flex
      as="form"
      role="search"
      aria-label={props.label}
      onSubmit={(event) => event.preventDefault()}
      gap="3"
      wrap="wrap"
      align={props.align}
      mb="4"
    >
      <TypedFilter
        key={`${search.name}:${search.value}`}
        label={search.label}
        name={search.name}
        value={search.value}
        onCommit={search.onCommit}
      />
      <MoreFilters set={props.set}>{props.children}</MoreFilters>
      <ClearFilters
        set={props.canClear ?? (search.value !== '' || props.set > 0)}
        onClear={props.onClear}
        mt={props.align === 'flex-start' ? { sm: '6' } : undefined}
      />
    </Flex>
  );
}

/** A filter that picks one of a list of values; its first option ("Every status", value "") sets none. */
export function ChoiceFilter(props: {
  label: string;
  /** Its width from Chakra's sm up (full width on a phone). */
  width: string;
  value: string | number;
  allLabel: string;
  options: readonly { value: string | number; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <Flex w={{ base: 'full', sm: props.width }}>
      <SelectField label={props.label} value={props.value} onChange={props.onChange}>
        <option value="">{props.allLabel}</option>
        <SelectOptions
          options={props.options.map((option) => ({ value: option.value, label: option.label }))}
        />
      </SelectField>
    </Flex>
  );
}
