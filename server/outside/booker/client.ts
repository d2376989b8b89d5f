/**
 * The Booker client (Booker by Mindbody: v5 auth, v4.1 merchant API), the adapter of
 * server/strategies/scheduling-system.ts for BOOKER connections, written like the MINDBODY one
 * (docs/architecture.md, "Outside systems").
 *
 * - BOOKER connects with the platform's own partner account (spec 02: no per-provider credentials): a token
 *   from POST v5/auth/connect/token (client credentials, scope `merchant`, the client id and secret, and the
 *   `Ocp-Apim-Subscription-Key` every request carries). It is kept in this process until a minute before
 *   `expires_in` runs out; a token the vendor refuses (401) is asked for again once, then the refusal stands.
 * - Locations: POST v4.1/merchant/locations, every page (PageNumber/PageSize). Ids are ours: `bk-<Booker id>`
 *   (locations and treatments alike).
 * - Providers: the brands (parent accounts) of those locations, `id` the brand's account name.
 * - Service items: the active treatments of every location (POST v4.1/merchant/treatments, every page),
 *   each once.
 * Refusals (the key, the client or the token) answer the sandbox's "The scheduling system refused these
 * credentials"; a vendor that does not answer is "Booker did not answer".
 */
import * as v from 'valibot';
import type { ExternalServiceItem } from '../../../src/api/contract/provider-svc-item';
import type { ExternalLocation, ExternalProvider } from '../../../src/api/contract/strategies';
import {
  adapterFailure,
  adapterOk,
  CREDENTIALS_REFUSED,
  type AdapterResult,
  type BookerConnection,
  type SchedulingSystem,
  type ServiceItemCatalogue,
} from '../../strategies/scheduling-system';
import { createOutsideClient, type OutsideAnswer, type OutsideClientOptions } from '../http';
import { blank, ianaZone, toExternalLocation } from '../location';
import {
  GatewayErrorSchema,
  GRANT_TYPE,
  HEADER,
  LocationsResponseSchema,
  OAuthErrorSchema,
  PAGE,
  PATHS,
  SCOPE,
  TokenResponseSchema,
  TreatmentsResponseSchema,
  V4ErrorSchema,
  type LocationSchema,
  type TreatmentSchema,
  type TypeSchema,
} from './wire';

export const BOOKER_UNAVAILABLE = 'Booker did not answer';

export interface BookerClientOptions extends Omit<OutsideClientOptions, 'system'> {
  /** The platform's partner client id and secret, and its API subscription key (BOOKER_* in .env). */
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  /** Items asked per page. */
  pageSize?: number;
  now?: () => number;
}

export type BookerClient = SchedulingSystem<BookerConnection> & ServiceItemCatalogue<BookerConnection>;

type Location = v.InferOutput<typeof LocationSchema>;
type Treatment = v.InferOutput<typeof TreatmentSchema>;
type Refused = Extract<OutsideAnswer<unknown>, { ok: false }>;

/** Renew this long before the vendor's expiry, so a token never runs out during a request. */
const EXPIRY_MARGIN_MS = 60_000;
/** When the vendor does not say, a token is trusted this long (a refusal renews it anyway). */
const DEFAULT_TOKEN_LIFE_MS = 60 * 60_000;

/** Booker's country ids as ISO 3166-1 codes (the ones a US marketplace meets). */
const COUNTRIES: Record<number, string> = { 1: 'US', 2: 'CA', 13: 'AU', 69: 'GB' };

function countryOf(country: v.InferOutput<typeof TypeSchema> | null | undefined) {
  if (!country) return null;
  const name = blank(country.Name);
  return COUNTRIES[country.ID] ?? (name && /^[A-Z]{2}$/.test(name) ? name : null);
}

function toLocation(location: Location): ExternalLocation {
  const address = location.Address;
  return toExternalLocation({
    id: `bk-${location.ID}`,
    name: location.BusinessName,
    street: address?.Street1,
    line2: address?.Street2,
    city: address?.City,
    state: address?.State,
    zip: address?.Zip,
    country: countryOf(address?.Country),
    lat: location.Latitude,
    lng: location.Longitude,
    timezone: ianaZone(location.TimeZone?.StandardName),
  });
}

export function createBookerClient(options: BookerClientOptions): BookerClient {
  const { clientId, clientSecret, subscriptionKey, log, pageSize = PAGE.default, now = Date.now } = options;
  const http = createOutsideClient({ ...options, system: 'Booker' });
  let cached: { token: string; until: number } | undefined;

  /** A refusal as the console's outcome; the vendor's code (never a value of the request) is logged. */
  function refused<T>(answer: Refused, path: string): AdapterResult<T> {
    if (answer.kind === 'unavailable') return adapterFailure('unavailable', BOOKER_UNAVAILABLE);
    const oauth = v.safeParse(OAuthErrorSchema, answer.body);
    const gateway = v.safeParse(GatewayErrorSchema, answer.body);
    const v4 = v.safeParse(V4ErrorSchema, answer.body);
    const code = oauth.success
      ? oauth.output.error
      : gateway.success
        ? `gateway ${gateway.output.statusCode}`
        : v4.success && v4.output.ErrorCode !== undefined
          ? `v4 ${v4.output.ErrorCode}`
          : null;
    log.warn({ system: 'Booker', path, status: answer.status, code }, 'Outside system refused the request');
    // 400 and 401 are about the platform's key, client or token, 403 about what the account may read; a
    // 404 (a wrong BOOKER_API_URL, or a location the account no longer reaches) is not the provider's to fix.
    return [400, 401, 403].includes(answer.status)
      ? adapterFailure('rejected', CREDENTIALS_REFUSED)
      : adapterFailure('unavailable', BOOKER_UNAVAILABLE);
  }

  async function issue(): Promise<AdapterResult<string>> {
    const answer = await http.request({
      method: 'POST',
      path: PATHS.token,
      headers: { [HEADER.subscriptionKey]: subscriptionKey },
      form: { grant_type: GRANT_TYPE, client_id: clientId, client_secret: clientSecret, scope: SCOPE },
      schema: TokenResponseSchema,
      // Asking for a partner token twice does no harm: a throttled or failed request is asked again.
      read: true,
    });
    if (!answer.ok) return refused(answer, PATHS.token);
    const life = answer.value.expires_in ? answer.value.expires_in * 1000 : DEFAULT_TOKEN_LIFE_MS;
    cached = { token: answer.value.access_token, until: now() + life - EXPIRY_MARGIN_MS };
    return adapterOk(answer.value.access_token);
  }

  /** `call` with a valid token: the cached one, renewed once when the vendor refuses it. */
  async function withToken<T>(
    call: (token: string) => Promise<OutsideAnswer<T>>,
    path: string,
  ): Promise<AdapterResult<T>> {
    let token: string;
    let fresh = false;
    if (cached && cached.until > now()) {
      token = cached.token;
    } else {
      const issued = await issue();
      if (!issued.ok) return issued;
      token = issued.value;
      fresh = true;
    }
    let answer = await call(token);
    if (!answer.ok && answer.kind === 'refused' && answer.status === 401 && !fresh) {
      cached = undefined;
      const issued = await issue();
      if (!issued.ok) return issued;
      answer = await call(issued.value);
    }
    if (!answer.ok) {
      if (answer.kind === 'refused' && answer.status === 401) cached = undefined;
      return refused(answer, path);
    }
    return adapterOk(answer.value);
  }

  /** Every page of a v4.1 list: PageNumber from 1, until the vendor's total is reached. */
  function everyPage<TSchema extends typeof LocationsResponseSchema | typeof TreatmentsResponseSchema, T>(
    token: string,
    path: string,
    schema: TSchema,
    items: (answer: v.InferOutput<TSchema>) => T[],
    extra: Record<string, unknown> = {},
  ) {
    return http.allPages<T>(async (offset) => {
      const answer = await http.request({
        method: 'POST',
        path,
        headers: { [HEADER.subscriptionKey]: subscriptionKey },
        body: {
          ...extra,
          UsePaging: true,
          PageSize: pageSize,
          PageNumber: Math.floor(offset / pageSize) + 1,
          access_token: token,
        },
        schema,
        read: true,
      });
      return answer.ok
        ? { ok: true, value: { items: items(answer.value), total: answer.value.TotalResultsCount } }
        : answer;
    });
  }

  const locations = (token: string) =>
    everyPage(token, PATHS.locations, LocationsResponseSchema, (answer) => answer.Results);

  return {
    strategy: 'BOOKER',

    async fetchLocations() {
      const found = await withToken(locations, PATHS.locations);
      return found.ok ? adapterOk(found.value.map(toLocation)) : found;
    },

    async fetchProviders() {
      const found = await withToken(locations, PATHS.locations);
      if (!found.ok) return found;
      const brands = new Map<string, ExternalProvider>();
      for (const location of found.value) {
        const brand = blank(location.BrandAccountName) ?? blank(location.AccountName) ?? `bk-${location.ID}`;
        if (!brands.has(brand)) brands.set(brand, { id: brand, name: brand });
      }
      return adapterOk([...brands.values()]);
    },

    async fetchServiceItems(): Promise<AdapterResult<ExternalServiceItem[]>> {
      const found = await withToken(async (token): Promise<OutsideAnswer<Treatment[]>> => {
        const all = await locations(token);
        if (!all.ok) return all;
        const treatments: Treatment[] = [];
        for (const location of all.value) {
          const offered = await everyPage(
            token,
            PATHS.treatments,
            TreatmentsResponseSchema,
            (answer) => answer.Treatments,
            { LocationID: location.ID },
          );
          if (!offered.ok) return offered;
          treatments.push(...offered.value);
        }
        return { ok: true, value: treatments };
      }, PATHS.treatments);
      if (!found.ok) return found;
      const seen = new Set<number>();
      const items: ExternalServiceItem[] = [];
      for (const treatment of found.value) {
        if (treatment.IsActive === false || seen.has(treatment.ID)) continue;
        seen.add(treatment.ID);
        items.push({
          id: `bk-${treatment.ID}`,
          name: treatment.Name,
          category: blank(treatment.Category?.Name),
        });
      }
      return adapterOk(items);
    },
  };
}
