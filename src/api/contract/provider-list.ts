/**
 * GET /providers (the list, filtered, sorted, paged) and GET /providers/facets (how many providers each filter
 * value would show): the query both take and their answers. Every parameter is given at most once; a bad one
 * is a 400 naming it.
 */
import * as v from 'valibot';
import { ONBOARDING_STATES } from '../../domain/overview/onboarding-states';
import { PROVIDER_SORT_COLUMNS, YES_NO } from '../../domain/providers/provider-list';
import { oneOfQuery, queryId, sortQueryEntries, wholeNumber, wholeText } from './primitives';
import { PROVIDER_STRATEGIES, ProviderSchema } from './provider';

export const PROVIDER_PAGE_SIZE_MAX = 200;

const oneText = (name: string) =>
  v.optional(
    v.pipe(
      v.array(v.string()),
      v.maxLength(1, `${name} may be given once`),
      v.transform((values) => values[0]?.trim() ?? ''),
      v.maxLength(200, `${name} can be at most 200 characters`),
    ),
  );
const onePositive = (name: string, max: number) =>
  v.optional(
    v.pipe(
      v.array(v.string()),
      v.maxLength(1, `${name} may be given once`),
      v.transform((values) => values[0] ?? ''),
      wholeText(1, max, `${name} must be a whole number from 1 to ${max}`),
    ),
  );

/** The filters (country and city exact but without regard to case; name a substring). */
export const ProviderFilterQueryEntries = {
  country: oneText('country'),
  city: oneText('city'),
  name: oneText('name'),
  /** Only the providers in this onboarding state (src/domain/overview/onboarding-states.ts). */
  onboarding: oneOfQuery('onboarding', ONBOARDING_STATES),
  strategy: oneOfQuery('strategy', PROVIDER_STRATEGIES),
  payoutsReady: oneOfQuery('payoutsReady', YES_NO),
  public: oneOfQuery('public', YES_NO),
};

export const ProviderFacetsQuerySchema = v.object(ProviderFilterQueryEntries);
export type ProviderFacetsQuery = v.InferOutput<typeof ProviderFacetsQuerySchema>;

export const ProviderListQuerySchema = v.object({
  /** One provider by id (the manage view opens one without reading the whole list). */
  id: v.optional(queryId('id')),
  ...ProviderFilterQueryEntries,
  ...sortQueryEntries(PROVIDER_SORT_COLUMNS),
  page: onePositive('page', 100_000),
  pageSize: onePositive('pageSize', PROVIDER_PAGE_SIZE_MAX),
});
export type ProviderListQuery = v.InferOutput<typeof ProviderListQuerySchema>;

/** A provider in the list, with the onboarding checks it has passed (its status badge and payouts column). */
export const ProviderListItemSchema = v.object({
  ...ProviderSchema.entries,
  onboarding: v.object({ connected: v.boolean(), mapped: v.boolean(), payoutsReady: v.boolean() }),
});
export type ProviderListItem = v.InferOutput<typeof ProviderListItemSchema>;

/** GET /providers with `page` or `pageSize`: one page of the filtered list and how many match in all. */
export const ProviderPageSchema = v.object({
  providers: v.array(ProviderListItemSchema),
  total: wholeNumber,
  page: wholeNumber,
  pageSize: wholeNumber,
});
export type ProviderPage = v.InferOutput<typeof ProviderPageSchema>;

const facetCount = <T extends v.GenericSchema<string>>(value: T) =>
  v.array(v.object({ value, count: wholeNumber }));

/**
 * GET /providers/facets: for each filter, how many providers each of its values would show with the other
 * filters as they are (so a chosen value's neighbours keep their counts). Countries and cities are the values
 * that exist; a city carries its state when it has one ("Los Angeles, CA").
 */
export const ProviderFacetsSchema = v.object({
  total: wholeNumber,
  strategy: facetCount(v.picklist(PROVIDER_STRATEGIES)),
  onboarding: facetCount(v.picklist(ONBOARDING_STATES)),
  payoutsReady: facetCount(v.picklist(YES_NO)),
  public: facetCount(v.picklist(YES_NO)),
  country: facetCount(v.string()),
  city: v.array(v.object({ value: v.string(), state: v.nullable(v.string()), count: wholeNumber })),
});
export type ProviderFacets = v.InferOutput<typeof ProviderFacetsSchema>;
