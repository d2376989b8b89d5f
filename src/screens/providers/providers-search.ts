import * as v from 'valibot';
import { SearchIdSchema } from '../../api/contract/search-params';
import { ONBOARDING_STRATEGIES } from '../../domain/onboarding/strategy-names';
import { ONBOARDING_STATES } from '../../domain/overview/onboarding-state-names';
import { PROVIDER_SORT_COLUMNS, SORT_DIRECTIONS, YES_NO } from '../../domain/providers/provider-list-params';

/**
 * /providers in the URL: the filters, the order, the view (table or tiles), the page, and the provider being
 * managed; a bad value falls back.
 */
const text = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200)), ''), '');
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  v.fallback(v.optional(v.picklist(values)), undefined);
export const ProvidersSearchSchema = v.object({
  country: text,
  city: text,
  q: text,
  /** Only the providers in one onboarding state (the Overview's links, and the facet). */
  onboarding: oneOf(ONBOARDING_STATES),
  strategy: oneOf(ONBOARDING_STRATEGIES),
  payoutsReady: oneOf(YES_NO),
  public: oneOf(YES_NO),
  sort: v.fallback(v.optional(v.picklist(PROVIDER_SORT_COLUMNS), 'name'), 'name'),
  dir: v.fallback(v.optional(v.picklist(SORT_DIRECTIONS), 'asc'), 'asc'),
  view: v.fallback(v.optional(v.picklist(['table', 'tiles']), 'table'), 'table'),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  provider: SearchIdSchema,
});
export type ProvidersSearch = v.InferOutput<typeof ProvidersSearchSchema>;
export const PROVIDERS_PAGE_SIZE = 24;
export const PROVIDERS_SEARCH_DEFAULTS = {
  country: '',
  city: '',
  q: '',
  sort: 'name',
  dir: 'asc',
  view: 'table',
  page: 1,
} as const;

/** Every filter cleared (the empty state's Clear filters), keeping the order and the view. */
export const PROVIDERS_NO_FILTERS = {
  country: '',
  city: '',
  q: '',
  onboarding: undefined,
  strategy: undefined,
  payoutsReady: undefined,
  public: undefined,
  page: 1,
} as const satisfies Partial<ProvidersSearch>;
