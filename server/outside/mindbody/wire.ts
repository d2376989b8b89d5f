/**
 * MINDBODY Public API v6 on the wire (the pages cited in server/README.md, "Outside systems: MINDBODY"): the
 * parts of its answers the client reads, as valibot schemas. Field names are the vendor's (PascalCase).
 * Unknown fields are allowed (the vendor sends many more); a field the client needs that is missing or of
 * another type makes the whole answer `unavailable`. The stand-in (standin.routes.ts) answers these shapes.
 */
import * as v from 'valibot';

/** Where the API lives below the vendor's host; the stand-in is mounted at the same path below /standins. */
export const MINDBODY_API_PATH = '/public/v6';
/** The stand-in's mount point on the API: MINDBODY_API_URL's default is the API's own origin plus this. */
export const MINDBODY_STANDIN_PATH = `/standins/mindbody${MINDBODY_API_PATH}`;
/** The Api-Key the stand-in accepts (MINDBODY_API_KEY's default); any other is refused. */
export const MINDBODY_STANDIN_API_KEY = 'standin-mindbody-api-key';

/** The request headers the vendor reads: the platform's key, the business's site and the staff token. */
export const HEADER = { apiKey: 'Api-Key', siteId: 'SiteId', authorization: 'Authorization' } as const;
/** Limit/Offset pagination query parameters, and the vendor's default and largest page. */
export const PAGE = { limit: 'request.limit', offset: 'request.offset', default: 100, max: 200 } as const;

const text = v.nullish(v.string());
const number = v.nullish(v.number());

export const ErrorBodySchema = v.object({
  Error: v.object({ Message: v.optional(v.string()), Code: v.optional(v.string()) }),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

export const PaginationSchema = v.object({
  RequestedLimit: v.number(),
  RequestedOffset: v.number(),
  PageSize: v.number(),
  TotalResults: v.number(),
});

export const IssueResponseSchema = v.object({
  TokenType: text,
  AccessToken: v.pipe(v.string(), v.minLength(1)),
  Expires: text,
});

export const SiteSchema = v.object({
  Id: v.number(),
  Name: v.string(),
  CountryCode: text,
  TimeZone: text,
});
export const SitesResponseSchema = v.object({
  PaginationResponse: PaginationSchema,
  Sites: v.array(SiteSchema),
});

export const LocationSchema = v.object({
  Id: v.number(),
  Name: v.string(),
  Address: text,
  Address2: text,
  City: text,
  StateProvCode: text,
  PostalCode: text,
  Latitude: number,
  Longitude: number,
});
export const LocationsResponseSchema = v.object({
  PaginationResponse: PaginationSchema,
  Locations: v.array(LocationSchema),
});

export const SessionTypeSchema = v.object({
  Id: v.number(),
  Name: v.string(),
  Category: text,
  Type: text,
});
export const SessionTypesResponseSchema = v.object({
  PaginationResponse: PaginationSchema,
  SessionTypes: v.array(SessionTypeSchema),
});

export type WireSite = v.InferInput<typeof SiteSchema>;
export type WireLocation = v.InferInput<typeof LocationSchema>;
export type WireSessionType = v.InferInput<typeof SessionTypeSchema>;
