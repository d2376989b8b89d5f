/**
 * Square's API on the wire (the pages cited in server/README.md, "Outside systems: Square"): the OAuth token
 * endpoint, the Locations, Merchants and Catalog reads the client uses, and Square's error body, as valibot
 * schemas. Field names are the vendor's (snake_case). Unknown fields are allowed (the vendor sends many
 * more); a field the client needs that is missing or of another type makes the whole answer `unavailable`.
 * The stand-in (standin.routes.ts) answers these shapes.
 */
import * as v from 'valibot';

/** The stand-in's mount point on the API: SQUARE_API_URL's default is the API's own origin plus this. */
export const SQUARE_STANDIN_PATH = '/standins/square';
/** Square's own host for the API and the authorisation page (its sandbox: connect.squareupsandbox.com). */
export const SQUARE_PRODUCTION_URL = 'https://connect.squareup.com';
/** The application id and secret the stand-in accepts (SQUARE_APPLICATION_ID / _SECRET's defaults). */
export const SQUARE_STANDIN_APPLICATION_ID = 'sandbox-upkeep-console';
export const SQUARE_STANDIN_APPLICATION_SECRET = 'standin-square-application-secret';

/** Access tokens the stand-in issues start so (Square's own: `EAAA…`); its refresh tokens `EQAAsandbox-`. */
export const SQUARE_TOKEN_PREFIX = 'EAAAsandbox-';
export const SQUARE_REFRESH_PREFIX = 'EQAAsandbox-';

/** The API version every request names (Square-Version); the vendor answers in that version's shapes. */
export const SQUARE_VERSION = '2026-07-15';
export const HEADER = { version: 'Square-Version', authorization: 'Authorization' } as const;

/** The vendor's paths below the base URL. */
export const PATHS = {
  authorize: 'oauth2/authorize',
  token: 'oauth2/token',
  locations: 'v2/locations',
  merchant: 'v2/merchants/me',
  catalog: 'v2/catalog/list',
} as const;

/** Access tokens answer this long (Square: 30 days); the client renews them before, see client.ts. */
export const SQUARE_TOKEN_LIFE_MS = 30 * 24 * 60 * 60_000;

/** `{ errors: [{ category, code, detail?, field? }] }`: every Square refusal. */
export const ErrorBodySchema = v.object({
  errors: v.pipe(
    v.array(
      v.object({
        category: v.string(),
        code: v.string(),
        detail: v.optional(v.string()),
        field: v.optional(v.string()),
      }),
    ),
    v.minLength(1),
  ),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
export type WireError = ErrorBody['errors'][number];

const text = v.nullish(v.string());

/** POST oauth2/token's answer (ObtainTokenResponse). */
export const TokenResponseSchema = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.string(),
  expires_at: v.string(),
  merchant_id: v.string(),
  refresh_token: v.pipe(v.string(), v.minLength(1)),
});

export const AddressSchema = v.object({
  address_line_1: text,
  address_line_2: text,
  locality: text,
  administrative_district_level_1: text,
  postal_code: text,
  country: text,
});

export const LocationSchema = v.object({
  id: v.string(),
  name: v.string(),
  address: v.nullish(AddressSchema),
  timezone: text,
  status: text,
  country: text,
  coordinates: v.nullish(v.object({ latitude: v.number(), longitude: v.number() })),
});
/** GET v2/locations: every location of the seller, inactive ones too, in one answer (not paged). */
export const LocationsResponseSchema = v.object({ locations: v.optional(v.array(LocationSchema), []) });

export const MerchantResponseSchema = v.object({
  merchant: v.object({ id: v.string(), business_name: text }),
});

/** A catalogue object of ListCatalog: an ITEM (item_data) or a CATEGORY (category_data). */
export const CatalogObjectSchema = v.object({
  type: v.string(),
  id: v.string(),
  is_deleted: v.optional(v.boolean()),
  item_data: v.optional(
    v.object({
      name: v.string(),
      categories: v.optional(v.array(v.object({ id: v.string() }))),
      category_id: text,
    }),
  ),
  category_data: v.optional(v.object({ name: v.string() })),
});
/** GET v2/catalog/list?types=: a page of objects and, when more follow, the cursor of the next page. */
export const CatalogListResponseSchema = v.object({
  objects: v.optional(v.array(CatalogObjectSchema), []),
  cursor: v.optional(v.string()),
});
/** Objects per ListCatalog page (Square: 100, not configurable). */
export const CATALOG_PAGE = 100;

export type WireLocation = v.InferInput<typeof LocationSchema>;
export type WireCatalogObject = v.InferInput<typeof CatalogObjectSchema>;
