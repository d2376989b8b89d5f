import * as v from 'valibot';
import { SearchIdSchema } from '../../api/contract/primitives';
import { ONBOARDING_STATES } from '../../domain/overview/onboarding-states';

/** /providers in the URL: the filters, the page, and the provider being managed; a bad value falls back. */
const text = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(200)), ''), '');
export const ProvidersSearchSchema = v.object({
  country: text,
  city: text,
  q: text,
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  /** Only the providers in one onboarding state (the Overview's links). */
  onboarding: v.fallback(v.optional(v.picklist(ONBOARDING_STATES)), undefined),
  provider: SearchIdSchema,
});
export type ProvidersSearch = v.InferOutput<typeof ProvidersSearchSchema>;
export const PROVIDERS_PAGE_SIZE = 24;
export const PROVIDERS_SEARCH_DEFAULTS = { country: '', city: '', q: '', page: 1 } as const;
