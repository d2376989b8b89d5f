/**
 * Booker's API on the wire (Booker by Mindbody, the pages cited in server/README.md, "Outside systems:
 * Booker"): the partner token endpoint (v5), the v4.1 merchant reads the client uses (locations and
 * treatments, paged by PageNumber and PageSize) and the vendor's error bodies, as valibot schemas. Field
 * names are the vendor's (PascalCase in v4.1, snake_case in the OAuth answers). Unknown fields are allowed
 * (the vendor sends many more); a field the client needs that is missing or of another type makes the whole
 * answer `unavailable`. The stand-in (standin.routes.ts) answers these shapes.
 */
import * as v from 'valibot';

/** The stand-in's mount point on the API: BOOKER_API_URL's default is the API's own origin plus this. */
export const BOOKER_STANDIN_PATH = '/standins/booker';
/** Booker's own API host (its staging host: https://api-staging.booker.com). */
export const BOOKER_PRODUCTION_URL = 'https://api.booker.com';
/** The partner client id, secret and API subscription key the stand-in accepts (the env defaults). */
export const BOOKER_STANDIN_CLIENT_ID = 'standin-booker-client';
export const BOOKER_STANDIN_CLIENT_SECRET = 'standin-booker-client-secret';
export const BOOKER_STANDIN_SUBSCRIPTION_KEY = 'standin-booker-subscription-key';

/** The API gateway's key header (Azure API Management), sent with every request, the token's too. */
export const HEADER = {
  subscriptionKey: 'Ocp-Apim-Subscription-Key',
  authorization: 'Authorization',
} as const;

/** The vendor's paths below the base URL. */
export const PATHS = {
  token: 'v5/auth/connect/token',
  locations: 'v4.1/merchant/locations',
  treatments: 'v4.1/merchant/treatments',
} as const;

/** The token's grant and scope: the platform's own partner account, at merchant level. */
export const GRANT_TYPE = 'client_credentials';
export const SCOPE = 'merchant';

/** PageNumber/PageSize paging (v4.1 `UsePaging`): the client's page and the largest the stand-in takes. */
export const PAGE = { default: 50, max: 100 } as const;

const text = v.nullish(v.string());
const number = v.nullish(v.number());

/** POST v5/auth/connect/token's answer. */
export const TokenResponseSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: text,
  /** Seconds the token answers. */
  expires_in: number,
});

/** A refused token request (OAuth 2: `invalid_client`, `invalid_grant`, `unsupported_grant_type`…). */
export const OAuthErrorSchema = v.object({ error: v.string(), error_description: v.optional(v.string()) });
/** The gateway's refusal (a missing or wrong subscription key, a rate limit). */
export const GatewayErrorSchema = v.object({ statusCode: v.number(), message: v.string() });
/** A v4.1 refusal: `{ IsSuccess: false, ErrorCode, ErrorMessage }`. */
export const V4ErrorSchema = v.object({
  IsSuccess: v.optional(v.boolean()),
  ErrorCode: v.optional(v.number()),
  ErrorMessage: v.optional(v.string()),
});

export const TypeSchema = v.object({ ID: v.number(), Name: text });

export const AddressSchema = v.object({
  Street1: text,
  Street2: text,
  City: text,
  State: text,
  Zip: text,
  Country: v.nullish(TypeSchema),
});

export const LocationSchema = v.object({
  ID: v.number(),
  BusinessName: v.string(),
  AccountName: text,
  BrandAccountName: text,
  Address: v.nullish(AddressSchema),
  TimeZone: v.nullish(v.object({ ID: number, Name: text, StandardName: text })),
  Latitude: number,
  Longitude: number,
});
/** POST v4.1/merchant/locations: a page of the locations the token reaches, and how many there are. */
export const LocationsResponseSchema = v.object({
  Results: v.array(LocationSchema),
  TotalResultsCount: v.number(),
});

export const TreatmentSchema = v.object({
  ID: v.number(),
  Name: v.string(),
  Category: v.nullish(TypeSchema),
  IsActive: v.nullish(v.boolean()),
});
/** POST v4.1/merchant/treatments: a page of one location's treatments (services). */
export const TreatmentsResponseSchema = v.object({
  Treatments: v.array(TreatmentSchema),
  TotalResultsCount: v.number(),
});

export type WireLocation = v.InferInput<typeof LocationSchema>;
export type WireTreatment = v.InferInput<typeof TreatmentSchema>;
