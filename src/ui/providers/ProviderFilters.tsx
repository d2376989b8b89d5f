import { Button, Field, Flex, Group, Input } from '@chakra-ui/react';
import type { ProviderFacets } from '../../api/contract/provider-list';
import type { OnboardingStrategy } from '../../domain/onboarding/strategies';
import { ONBOARDING_STATE_LABELS, type OnboardingState } from '../../domain/overview/onboarding-states';
import { STRATEGY_LABELS, YES_NO_LABELS, type YesNo } from '../../domain/providers/provider-list';
import { cityLineOf } from '../../domain/providers/providers';
import { FacetFilter, MoreFilters } from '../kit/FilterFields';

/** The facets' chosen values ('' for all). */
export interface ProviderFacetValues {
  country: string;
  city: string;
  strategy: OnboardingStrategy | '';
  onboarding: OnboardingState | '';
  payoutsReady: YesNo | '';
  public: YesNo | '';
}
export type ProviderFacetName = keyof ProviderFacetValues;

export type ProviderView = 'table' | 'tiles';

export interface ProviderFiltersProps {
  /** The provider name as typed (applied after a pause). */
  q: string;
  onQ(value: string): void;
  values: ProviderFacetValues;
  /** The counts behind each value; null while they load (the facets then list no values). */
  facets: ProviderFacets | null;
  onFacet(name: ProviderFacetName, value: string): void;
  view: ProviderView;
  onView(view: ProviderView): void;
}

const FACETS: readonly ProviderFacetName[] = [
  'country',
  'city',
  'strategy',
  'onboarding',
  'payoutsReady',
  'public',
];

const EMPTY: ProviderFacets = {
  total: 0,
  strategy: [],
  onboarding: [],
  payoutsReady: [],
  public: [],
  country: [],
  city: [],
};

/**
 * The providers list's filters (spec 02 §2: country, city and provider name; issue 31: scheduling system,
 * onboarding state, payouts ready, public), each value with how many providers it shows; and the view.
 */
export function ProviderFilters(props: ProviderFiltersProps) {
  const facets = props.facets ?? EMPTY;
  const facet = (
    name: ProviderFacetName,
    label: string,
    options: { value: string; label: string; count: number }[],
  ) => (
    <FacetFilter
      label={label}
      name={name}
      value={props.values[name]}
      options={options}
      total={facets.total}
      onChange={(value) => props.onFacet(name, value)}
    />
  );
  const yesNo = (rows: ProviderFacets['public']) =>
    rows.map((row) => ({ value: row.value, label: YES_NO_LABELS[row.value], count: row.count }));
  return (
    <Flex direction="column" gap="3" mb="5">
      <Flex
        as="form"
        role="search"
        aria-label="Filter providers"
        gap="3"
        wrap="wrap"
        align="flex-end"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field.Root flex={{ base: '1 1 12rem', sm: '1.5' }} minW={{ base: '0', sm: '48' }}>
          <Field.Label>Provider name</Field.Label>
          <Input
            name="q"
            type="search"
            bg="white"
            autoComplete="off"
            value={props.q}
            onChange={(event) => props.onQ(event.target.value)}
          />
        </Field.Root>
        <MoreFilters set={FACETS.filter((name) => props.values[name] !== '').length}>
          {facet(
            'country',
            'Country',
            facets.country.map((row) => ({ ...row, label: row.value })),
          )}
          {facet(
            'city',
            'City',
            facets.city.map((row) => ({
              value: row.value,
              label: cityLineOf({ city: row.value, state: row.state }) ?? row.value,
              count: row.count,
            })),
          )}
          {facet(
            'strategy',
            'Scheduling system',
            facets.strategy.map((row) => ({ ...row, label: STRATEGY_LABELS[row.value] })),
          )}
          {facet(
            'onboarding',
            'Onboarding state',
            facets.onboarding.map((row) => ({ ...row, label: ONBOARDING_STATE_LABELS[row.value] })),
          )}
          {facet('payoutsReady', 'Payouts ready', yesNo(facets.payoutsReady))}
          {facet('public', 'Public', yesNo(facets.public))}
        </MoreFilters>
      </Flex>
      <Group attached alignSelf="flex-end" role="group" aria-label="View">
        {(['table', 'tiles'] as const).map((view) => (
          <Button
            key={view}
            size="sm"
            variant={props.view === view ? 'solid' : 'outline'}
            colorPalette={props.view === view ? 'teal' : 'gray'}
            aria-pressed={props.view === view}
            onClick={() => props.onView(view)}
          >
            {view === 'table' ? 'Table' : 'Tiles'}
          </Button>
        ))}
      </Group>
    </Flex>
  );
}
