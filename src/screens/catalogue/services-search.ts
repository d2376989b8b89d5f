import * as v from 'valibot';
import { SearchIdSchema } from '../../api/contract/search-params';

/**
 * /services (and /) search params: the chosen category and the Injectables tab, so a link or a reload shows
 * the same view. A bad value falls back to "not given" instead of breaking the page.
 */
export const ServicesSearchSchema = v.object({
  category: SearchIdSchema,
  tab: v.fallback(v.optional(v.picklist(['Botox', 'Fillers', 'Other'])), undefined),
});
export type ServicesSearch = v.InferOutput<typeof ServicesSearchSchema>;
