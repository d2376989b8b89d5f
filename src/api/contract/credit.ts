/** Credits and the credits granted to a user (01 §3, §7). Money is integer cents. */
import * as v from 'valibot';
import { DESCRIPTION_MAX, MAX_AMOUNT_CENTS, TITLE_MAX } from '../../domain/credits/credits';
import { CREDIT_SORT_COLUMNS } from '../../domain/credits/credit-list';
import { idField, requiredText, sortQueryEntries, wholeNumber } from './primitives';
import { VersionInputSchema, VersionSchema } from './version';

/** A missing key is reported by the object schema; name it like an empty value ("title is required"). */
const missingKey = (what: string) => (issue: v.ObjectIssue) =>
  issue.expected?.startsWith('"') ? `${issue.expected.slice(1, -1)} is required` : `must be ${what}`;

export const CreditSchema = v.object({
  id: wholeNumber,
  title: v.string(),
  description: v.nullable(v.string()),
  totalInCents: wholeNumber,
  version: VersionSchema,
  /** ISO timestamp. */
  createdAt: v.string(),
});
export type Credit = v.InferOutput<typeof CreditSchema>;
export const CreditListSchema = v.array(CreditSchema);

/** GET /credits: in the order asked (`sort` title, total or created; `dir`), by title A to Z without one. */
export const CreditListQuerySchema = v.object(sortQueryEntries(CREDIT_SORT_COLUMNS));
export type CreditListQuery = v.InferOutput<typeof CreditListQuerySchema>;

const title = requiredText('title', TITLE_MAX);
const description = v.optional(
  v.nullable(
    v.pipe(
      v.string('description must be text'),
      v.trim(),
      v.maxLength(DESCRIPTION_MAX, `description can be at most ${DESCRIPTION_MAX} characters`),
      v.transform((text) => (text === '' ? null : text)),
    ),
  ),
  null,
);
const totalInCents = v.pipe(
  v.number('totalInCents must be a number of cents'),
  v.integer('totalInCents must be a whole number of cents'),
  v.minValue(0, 'totalInCents cannot be negative'),
  v.maxValue(MAX_AMOUNT_CENTS, `totalInCents can be at most ${MAX_AMOUNT_CENTS}`),
);

/** POST /credits. */
export const CreditInputSchema = v.object(
  { title, description, totalInCents },
  missingKey('an object with title and totalInCents'),
);
export type CreditInput = v.InferInput<typeof CreditInputSchema>;

/**
 * PUT /credits/{id}: title and description. totalInCents may be sent (the console sends the whole credit)
 * but must equal the stored total: it cannot change after creation (a different value is a 400).
 */
export const CreditUpdateSchema = v.object(
  {
    id: v.optional(wholeNumber),
    title,
    description,
    totalInCents: v.optional(totalInCents),
    version: VersionInputSchema,
  },
  missingKey('an object with a title'),
);
export type CreditUpdate = v.InferInput<typeof CreditUpdateSchema>;

/** A credit granted to a user, with how much of it has been spent. */
export const UserCreditSchema = v.object({
  id: wholeNumber,
  creditId: wholeNumber,
  credit: CreditSchema,
  spentInCents: wholeNumber,
  /** ISO timestamp. */
  createdAt: v.string(),
});
export type UserCredit = v.InferOutput<typeof UserCreditSchema>;
export const UserCreditListSchema = v.array(UserCreditSchema);

/** POST /user/{firebaseUid}/credits: grant one credit of the credit list. */
export const UserCreditInputSchema = v.object(
  {
    creditId: idField('creditId'),
  },
  missingKey('an object with a creditId'),
);
export type UserCreditInput = v.InferInput<typeof UserCreditInputSchema>;
