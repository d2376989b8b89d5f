/**
 * Service categories and their items (spec 01 §3), shared by the client (parsing responses) and the API
 * (validating requests). Money is integer cents.
 */
import * as v from 'valibot';
import { wholeNumber } from './primitives';
import { ServiceItemSchema, type ServiceItem } from './service-item';

export { ServiceItemSchema, type ServiceItem };

export const ServiceCategorySchema = v.object({
  id: wholeNumber,
  name: v.string(),
  iconURL: v.nullable(v.string()),
  serviceItems: v.array(ServiceItemSchema),
});
export type ServiceCategory = v.InferOutput<typeof ServiceCategorySchema>;

export const ServiceCategoryListSchema = v.array(ServiceCategorySchema);
export type ServiceCategoryList = v.InferOutput<typeof ServiceCategoryListSchema>;

const NAME_REQUIRED = 'name is required';

export const ServiceCategoryInputSchema = v.object(
  {
    name: v.pipe(
      v.string(NAME_REQUIRED),
      v.trim(),
      v.nonEmpty(NAME_REQUIRED),
      v.maxLength(200, 'name must be at most 200 characters'),
    ),
    // An emptied icon field means "no icon".
    iconURL: v.optional(
      v.nullable(
        v.pipe(
          v.string('iconURL must be a string'),
          v.trim(),
          v.maxLength(2048, 'iconURL must be at most 2048 characters'),
          v.transform((text) => (text === '' ? null : text)),
        ),
      ),
    ),
  },
  // A missing key is reported by the object schema; give it the same words as an empty name.
  (issue) => (issue.expected === '"name"' ? NAME_REQUIRED : 'must be an object with a name'),
);
export type ServiceCategoryInput = v.InferInput<typeof ServiceCategoryInputSchema>;
export type ServiceCategoryInputParsed = v.InferOutput<typeof ServiceCategoryInputSchema>;
