/**
 * Boulevard's Admin API on the wire (the pages cited in server/README.md, "Outside systems: Boulevard"): one
 * GraphQL endpoint, requests signed per business, and the parts of its answers the client reads, as valibot
 * schemas. Field names are the vendor's (camelCase). Unknown fields are allowed; a field the client needs that
 * is missing or of another type makes the whole answer `unavailable`. The stand-in (standin.routes.ts) answers
 * these shapes and checks the signature with `adminToken`, the one place the token is built.
 */
import { createHmac } from 'node:crypto';
import * as v from 'valibot';

/** Where the API lives below the vendor's host; the stand-in is mounted at the same path below /standins. */
export const BOULEVARD_API_PATH = '/api/2020-01';
/** The Admin API's one endpoint below the base URL (GraphQL over POST). */
export const ADMIN_ENDPOINT = 'admin';
/** The stand-in's mount point on the API: BOULEVARD_API_URL's default is the API's own origin plus this. */
export const BOULEVARD_STANDIN_PATH = `/standins/boulevard${BOULEVARD_API_PATH}`;
/** The API key and secret (base64, as the developer portal gives it) the stand-in accepts by default. */
export const BOULEVARD_STANDIN_API_KEY = 'standin-boulevard-api-key';
export const BOULEVARD_STANDIN_API_SECRET = Buffer.from('standin-boulevard-api-secret').toString('base64');

/** The token's prefix: an Admin API token for one business. */
export const ADMIN_TOKEN_PREFIX = 'blvd-admin-v1';
/** Items asked per page of a connection (`first`), and the most the stand-in gives. */
export const PAGE = { default: 100, max: 100 } as const;

/**
 * The Admin API's credentials for one business at one time (unix seconds): the token is the base64
 * HMAC-SHA256 of `blvd-admin-v1{businessId}{timestamp}` under the decoded secret, followed by that payload;
 * the Authorization header is HTTP Basic of `{apiKey}:{token}`.
 */
export function adminToken(businessId: string, timestamp: number, secret: string): string {
  const payload = `${ADMIN_TOKEN_PREFIX}${businessId}${timestamp}`;
  const signature = createHmac('sha256', Buffer.from(secret, 'base64'))
    .update(payload, 'utf8')
    .digest('base64');
  return `${signature}${payload}`;
}

export const adminAuthorization = (apiKey: string, token: string) =>
  `Basic ${Buffer.from(`${apiKey}:${token}`, 'utf8').toString('base64')}`;

/** A GraphQL error as the vendor sends it (`extensions.code` when it says one). */
export const GraphqlErrorSchema = v.object({
  message: v.optional(v.string()),
  extensions: v.optional(v.object({ code: v.optional(v.string()) })),
});
export const ErrorBodySchema = v.object({ errors: v.array(GraphqlErrorSchema) });

const text = v.nullish(v.string());
const number = v.nullish(v.number());

export const PageInfoSchema = v.object({ hasNextPage: v.boolean(), endCursor: v.nullable(v.string()) });
const connection = <T extends v.GenericSchema>(node: T) =>
  v.object({ edges: v.array(v.object({ node })), pageInfo: PageInfoSchema });

export const AddressSchema = v.object({
  line1: text,
  line2: text,
  city: text,
  state: text,
  zip: text,
  country: text,
});
export const LocationSchema = v.object({
  id: v.string(),
  name: v.string(),
  tz: text,
  address: v.nullish(AddressSchema),
  coordinates: v.nullish(v.object({ latitude: number, longitude: number })),
});
export const ServiceSchema = v.object({
  id: v.string(),
  name: v.string(),
  active: v.nullish(v.boolean()),
  category: v.nullish(v.object({ name: text })),
});
export const BusinessSchema = v.object({ id: v.string(), name: v.string() });

/** `{ data: … }` with the root field the query asked for. */
export const BusinessResponseSchema = v.object({ data: v.object({ business: BusinessSchema }) });
export const LocationsResponseSchema = v.object({
  data: v.object({ locations: connection(LocationSchema) }),
});
export const ServicesResponseSchema = v.object({ data: v.object({ services: connection(ServiceSchema) }) });

export type WireAddress = v.InferInput<typeof AddressSchema>;
export type WireLocation = v.InferInput<typeof LocationSchema>;
export type WireService = v.InferInput<typeof ServiceSchema>;

/** The queries the client sends (the stand-in answers these root fields). */
export const QUERIES = {
  business: 'query Business { business { id name } }',
  locations: `query Locations($first: Int!, $after: String) {
  locations(first: $first, after: $after) {
    edges { node { id name tz address { line1 line2 city state zip country } coordinates { latitude longitude } } }
    pageInfo { hasNextPage endCursor }
  }
}`,
  services: `query Services($first: Int!, $after: String) {
  services(first: $first, after: $after) {
    edges { node { id name active category { name } } }
    pageInfo { hasNextPage endCursor }
  }
}`,
} as const;
