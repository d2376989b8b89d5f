/**
 * The Square client, the adapter of server/strategies/scheduling-system.ts for SQUARE connections, written
 * like the MINDBODY one (docs/architecture.md, "Outside systems").
 *
 * - OAuth (code flow): the authorisation page returns a code, exchanged at POST oauth2/token
 *   (`authorization_code`, with the application id and secret) for an access token (30 days), a refresh
 *   token and the merchant id. A saved connection's access token is renewed (`refresh_token` grant) once it
 *   is more than 7 days old, as Square recommends, and whenever Square refuses it as expired
 *   (401 ACCESS_TOKEN_EXPIRED); the renewed tokens go back to the caller (`renewed`) to be kept.
 * - Locations: GET v2/locations (one answer, every location); inactive ones are left out. Ids are Square's.
 * - Providers: the merchant (GET v2/merchants/me), `id` its merchant id (the provider's externalId).
 * - Service items: the ITEMs of the catalogue (GET v2/catalog/list?types=ITEM, every page by cursor), each
 *   with the name of its first category (types=CATEGORY, read only when an item names one).
 * Every request names the API version (Square-Version). Refusals answer the console's messages: a token
 * Square does not know, or that has expired past renewal, "The Square access token is not valid"; a token
 * the seller revoked, not connected; a refused code "The authorization code is invalid, expired or was
 * already used"; a vendor that does not answer "Square did not answer".
 */
import * as v from 'valibot';
import type { ExternalServiceItem } from '../../../src/api/contract/provider-svc-item';
import type { ExternalLocation } from '../../../src/api/contract/strategies';
import {
  adapterFailure,
  adapterOk,
  type AdapterResult,
  type OAuthSchedulingSystem,
  type OAuthTokens,
  type ServiceItemCatalogue,
  type SquareConnection,
} from '../../strategies/scheduling-system';
import { createOutsideClient, type OutsideAnswer, type OutsideClientOptions } from '../http';
import { blank, knownZone, toExternalLocation } from '../location';
import {
  CatalogListResponseSchema,
  ErrorBodySchema,
  HEADER,
  LocationsResponseSchema,
  MerchantResponseSchema,
  PATHS,
  SQUARE_TOKEN_LIFE_MS,
  SQUARE_VERSION,
  TokenResponseSchema,
  type CatalogObjectSchema,
  type LocationSchema,
} from './wire';

export const SQUARE_UNAVAILABLE = 'Square did not answer';
export const SQUARE_TOKEN_REFUSED = 'The Square access token is not valid';
export const SQUARE_NOT_CONNECTED =
  'The Square seller no longer allows Upkeep to connect: connect Square again';
export const SQUARE_CODE_REFUSED = 'The authorization code is invalid, expired or was already used';

export interface SquareClientOptions extends Omit<OutsideClientOptions, 'system'> {
  /** The application's id and secret (SQUARE_APPLICATION_ID, SQUARE_APPLICATION_SECRET). */
  applicationId: string;
  applicationSecret: string;
  now?: () => number;
}

export type SquareClient = OAuthSchedulingSystem<SquareConnection> & ServiceItemCatalogue<SquareConnection>;

/** A token is renewed once fewer than this remain of its 30 days: Square's advice is every 7 days or less. */
export const RENEW_WHEN_LEFT_MS = SQUARE_TOKEN_LIFE_MS - 7 * 24 * 60 * 60_000;

type Location = v.InferOutput<typeof LocationSchema>;
type CatalogObject = v.InferOutput<typeof CatalogObjectSchema>;
type Refused = Extract<OutsideAnswer<unknown>, { ok: false }>;

function toLocation(location: Location): ExternalLocation {
  const address = location.address;
  return toExternalLocation({
    id: location.id,
    name: location.name,
    street: address?.address_line_1,
    line2: address?.address_line_2,
    city: address?.locality,
    state: address?.administrative_district_level_1,
    zip: address?.postal_code,
    country: blank(address?.country) ?? location.country,
    lat: location.coordinates?.latitude,
    lng: location.coordinates?.longitude,
    timezone: knownZone(location.timezone),
  });
}

const categoryOf = (item: CatalogObject) =>
  item.item_data?.categories?.[0]?.id ?? blank(item.item_data?.category_id) ?? null;

export function createSquareClient(options: SquareClientOptions): SquareClient {
  const { applicationId, applicationSecret, log, now = Date.now } = options;
  const http = createOutsideClient({ ...options, system: 'Square' });
  const headers = (token?: string) => ({
    [HEADER.version]: SQUARE_VERSION,
    ...(token !== undefined && { [HEADER.authorization]: `Bearer ${token}` }),
  });

  /** The vendor's first error code, logged (never a value of the request). */
  function vendorCode(answer: Refused & { kind: 'refused' }, path: string): string | null {
    const body = v.safeParse(ErrorBodySchema, answer.body);
    const code = body.success ? body.output.errors[0]!.code : null;
    log.warn({ system: 'Square', path, status: answer.status, code }, 'Outside system refused the request');
    return code;
  }

  /** A refused API read as the console's outcome: 401/403 are about the token; anything else is not. */
  function refused<T>(answer: Refused, path: string): AdapterResult<T> {
    if (answer.kind === 'unavailable') return adapterFailure('unavailable', SQUARE_UNAVAILABLE);
    const code = vendorCode(answer, path);
    if (code === 'ACCESS_TOKEN_REVOKED') return adapterFailure('not-connected', SQUARE_NOT_CONNECTED);
    return [401, 403].includes(answer.status)
      ? adapterFailure('rejected', SQUARE_TOKEN_REFUSED)
      : adapterFailure('unavailable', SQUARE_UNAVAILABLE);
  }

  /** POST oauth2/token with a grant; never repeated (the vendor may have answered a first attempt). */
  async function token(grant: Record<string, string>, refusal: string): Promise<AdapterResult<OAuthTokens>> {
    const answer = await http.request({
      method: 'POST',
      path: PATHS.token,
      headers: headers(),
      body: { client_id: applicationId, client_secret: applicationSecret, ...grant },
      schema: TokenResponseSchema,
    });
    if (!answer.ok) {
      if (answer.kind === 'unavailable') return adapterFailure('unavailable', SQUARE_UNAVAILABLE);
      const code = vendorCode(answer, PATHS.token);
      if (code === 'ACCESS_TOKEN_REVOKED') return adapterFailure('not-connected', SQUARE_NOT_CONNECTED);
      return [400, 401].includes(answer.status)
        ? adapterFailure('rejected', refusal)
        : adapterFailure('unavailable', SQUARE_UNAVAILABLE);
    }
    const { access_token, refresh_token, token_type, merchant_id, expires_at } = answer.value;
    const expires = Date.parse(expires_at);
    return adapterOk({
      accessToken: access_token,
      refreshToken: refresh_token,
      tokenType: token_type,
      merchantId: merchant_id,
      expiresAt: new Date(Number.isNaN(expires) ? now() + SQUARE_TOKEN_LIFE_MS : expires),
    });
  }

  /** New tokens for a saved connection, handed to whoever keeps them. */
  async function renew(c: SquareConnection): Promise<AdapterResult<OAuthTokens>> {
    const renewed = await token(
      { grant_type: 'refresh_token', refresh_token: c.refreshToken ?? '' },
      SQUARE_TOKEN_REFUSED,
    );
    if (renewed.ok) {
      await c.renewed?.(renewed.value);
      log.info(
        { system: 'Square', expiresAt: renewed.value.expiresAt.toISOString() },
        'Square token renewed',
      );
    }
    return renewed;
  }

  /** `call` with a valid token: renewed first when old, and once more when Square says it has expired. */
  async function withToken<T>(
    c: SquareConnection,
    call: (token: string) => Promise<OutsideAnswer<T>>,
    path: string,
  ): Promise<AdapterResult<T>> {
    let accessToken = c.accessToken.trim();
    if (!accessToken) return adapterFailure('rejected', SQUARE_TOKEN_REFUSED);
    const renewable = Boolean(c.refreshToken?.trim());
    let renewed = false;
    if (renewable && c.expiresAt && c.expiresAt.getTime() - now() < RENEW_WHEN_LEFT_MS) {
      const fresh = await renew(c);
      renewed = true;
      if (fresh.ok) accessToken = fresh.value.accessToken;
      // A renewal that failed is already logged; a token not yet expired still answers meanwhile.
      else if (c.expiresAt.getTime() <= now()) return fresh;
    }
    let answer = await call(accessToken);
    if (!answer.ok && answer.kind === 'refused' && answer.status === 401 && renewable && !renewed) {
      const body = v.safeParse(ErrorBodySchema, answer.body);
      if (body.success && body.output.errors[0]!.code === 'ACCESS_TOKEN_EXPIRED') {
        const fresh = await renew(c);
        if (!fresh.ok) return fresh;
        answer = await call(fresh.value.accessToken);
      }
    }
    return answer.ok ? adapterOk(answer.value) : refused(answer, path);
  }

  const read = <TSchema extends v.GenericSchema>(
    path: string,
    schema: TSchema,
    accessToken: string,
    query?: Record<string, string>,
  ) => http.request({ method: 'GET', path, headers: headers(accessToken), schema, ...(query && { query }) });

  /** Every catalogue object of a type, page after page by cursor. */
  const catalogue = (accessToken: string, type: 'ITEM' | 'CATEGORY') =>
    http.allCursorPages<CatalogObject>(async (cursor) => {
      const answer = await read(PATHS.catalog, CatalogListResponseSchema, accessToken, {
        types: type,
        ...(cursor !== undefined && { cursor }),
      });
      return answer.ok
        ? { ok: true, value: { items: answer.value.objects, cursor: answer.value.cursor } }
        : answer;
    });

  return {
    strategy: 'SQUARE',

    async fetchLocations(c) {
      const found = await withToken(
        c,
        (accessToken) => read(PATHS.locations, LocationsResponseSchema, accessToken),
        PATHS.locations,
      );
      if (!found.ok) return found;
      return adapterOk(
        found.value.locations
          .filter((location) => location.status !== 'INACTIVE')
          .map((location) => toLocation(location)),
      );
    },

    async fetchProviders(c) {
      const found = await withToken(
        c,
        (accessToken) => read(PATHS.merchant, MerchantResponseSchema, accessToken),
        PATHS.merchant,
      );
      if (!found.ok) return found;
      const { id, business_name } = found.value.merchant;
      return adapterOk([{ id, name: blank(business_name) ?? id }]);
    },

    async fetchServiceItems(c): Promise<AdapterResult<ExternalServiceItem[]>> {
      const found = await withToken(
        c,
        async (accessToken) => {
          const items = await catalogue(accessToken, 'ITEM');
          if (!items.ok) return items;
          const live = items.value.filter((item) => !item.is_deleted && item.item_data);
          if (!live.some((item) => categoryOf(item) !== null))
            return { ok: true, value: { live, names: [] } };
          const categories = await catalogue(accessToken, 'CATEGORY');
          return categories.ok ? { ok: true, value: { live, names: categories.value } } : categories;
        },
        PATHS.catalog,
      );
      if (!found.ok) return found;
      const names = new Map(
        found.value.names.map((category) => [category.id, category.category_data?.name ?? null]),
      );
      return adapterOk(
        found.value.live.map((item) => {
          const category = categoryOf(item);
          return {
            id: item.id,
            name: item.item_data!.name,
            category: category === null ? null : (names.get(category) ?? null),
          };
        }),
      );
    },

    exchangeOAuthCode: (code) =>
      token({ grant_type: 'authorization_code', code: code.trim() }, SQUARE_CODE_REFUSED),
  };
}
