/**
 * The MINDBODY client (Public API v6), the adapter of server/strategies/scheduling-system.ts for MINDBODY
 * connections; the file to copy for the next vendor (docs/architecture.md, "Outside systems").
 *
 * - A connection is checked by issuing a staff user token (POST usertoken/issue with the platform's Api-Key,
 *   the business's SiteId and the staff username and password). Tokens are kept in this process per site,
 *   username and password until a minute before they expire; a token the vendor refuses (401) is issued
 *   again once, then the refusal stands.
 * - Locations: GET site/locations (with the token), every page; country and time zone come from the site
 *   (GET site/sites). Ids are ours: `mb-<MINDBODY id>` (locations and session types alike).
 * - Providers: the site itself (a MINDBODY business is one site), `id` its site id: the provider's externalId.
 * - Service items: the site's appointment session types (GET site/sessiontypes, every page), which need no
 *   staff token; the site is the saved connection's, else the provider's external id.
 * Refusals answer the console's messages (spec 02 §5: "Username required"…, and the sandbox's "The
 * scheduling system refused these credentials"); a vendor that does not answer is "MINDBODY did not answer".
 */
import { createHash } from 'node:crypto';
import * as v from 'valibot';
import type { ExternalServiceItem } from '../../../src/api/contract/provider-svc-item';
import type { ExternalLocation } from '../../../src/api/contract/strategies';
import {
  adapterFailure,
  adapterOk,
  CREDENTIALS_REFUSED,
  type AdapterResult,
  type MindbodyConnection,
  type SchedulingSystem,
  type ServiceItemCatalogue,
} from '../../strategies/scheduling-system';
import { createOutsideClient, type OutsideAnswer, type OutsideClientOptions } from '../http';
import { blank, ianaZone, toExternalLocation } from '../location';
import {
  ErrorBodySchema,
  HEADER,
  IssueResponseSchema,
  LocationsResponseSchema,
  PAGE,
  SessionTypesResponseSchema,
  SitesResponseSchema,
  type LocationSchema,
  type SiteSchema,
} from './wire';

export const MINDBODY_UNAVAILABLE = 'MINDBODY did not answer';
/** Spec 02 §5's messages for a connection missing a field. */
export const MINDBODY_REQUIRED = {
  username: 'Username required',
  password: 'Password required',
  siteId: 'Site ID required',
} as const;

export interface MindbodyClientOptions extends Omit<OutsideClientOptions, 'system'> {
  /** The platform's Api-Key (MINDBODY_API_KEY). */
  apiKey: string;
  /** Items asked per page (the vendor's default 100, at most 200). */
  pageSize?: number;
  now?: () => number;
}

export type MindbodyClient = SchedulingSystem<MindbodyConnection> & ServiceItemCatalogue<MindbodyConnection>;

type Site = v.InferOutput<typeof SiteSchema>;
type Location = v.InferOutput<typeof LocationSchema>;
type Refused = Extract<OutsideAnswer<unknown>, { ok: false }>;

/** Refresh this long before the vendor's expiry, so a token never runs out during a request. */
const EXPIRY_MARGIN_MS = 60_000;
/** When the vendor does not say, a token is trusted this long (a refusal renews it anyway). */
const DEFAULT_TOKEN_LIFE_MS = 60 * 60_000;

function toLocation(location: Location, site: Site | undefined): ExternalLocation {
  return toExternalLocation({
    id: `mb-${location.Id}`,
    name: location.Name,
    street: location.Address,
    line2: location.Address2,
    city: location.City,
    state: location.StateProvCode,
    zip: location.PostalCode,
    country: site?.CountryCode,
    lat: location.Latitude,
    lng: location.Longitude,
    timezone: ianaZone(site?.TimeZone),
  });
}

export function createMindbodyClient(options: MindbodyClientOptions): MindbodyClient {
  const { apiKey, log, pageSize = PAGE.default, now = Date.now } = options;
  const http = createOutsideClient({ ...options, system: 'MINDBODY' });
  const tokens = new Map<string, { token: string; until: number }>();

  const keyOf = (c: MindbodyConnection) =>
    createHash('sha256').update(`${c.siteId}\0${c.username}\0${c.password}`).digest('hex');
  const headers = (siteId: string, token?: string) => ({
    [HEADER.apiKey]: apiKey,
    [HEADER.siteId]: siteId,
    ...(token !== undefined && { [HEADER.authorization]: token }),
  });

  /** A failure as the console's outcome; the vendor's code (never a value of the request) is logged. */
  function refused<T>(answer: Refused, path: string): AdapterResult<T> {
    if (answer.kind === 'unavailable') return adapterFailure('unavailable', MINDBODY_UNAVAILABLE);
    const body = v.safeParse(ErrorBodySchema, answer.body);
    const code = body.success ? (body.output.Error.Code ?? null) : null;
    log.warn({ system: 'MINDBODY', path, status: answer.status, code }, 'Outside system refused the request');
    // 400, 401 and 403 are about the login, the site or the key; anything else (a 404: a wrong
    // MINDBODY_API_URL) is not the provider's to fix.
    return [400, 401, 403].includes(answer.status)
      ? adapterFailure('rejected', CREDENTIALS_REFUSED)
      : adapterFailure('unavailable', MINDBODY_UNAVAILABLE);
  }

  async function issue(c: MindbodyConnection): Promise<AdapterResult<string>> {
    const answer = await http.request({
      method: 'POST',
      path: 'usertoken/issue',
      headers: headers(c.siteId),
      body: { Username: c.username, Password: c.password },
      schema: IssueResponseSchema,
    });
    if (!answer.ok) return refused(answer, 'usertoken/issue');
    const expires = answer.value.Expires ? Date.parse(answer.value.Expires) : Number.NaN;
    const until = (Number.isNaN(expires) ? now() + DEFAULT_TOKEN_LIFE_MS : expires) - EXPIRY_MARGIN_MS;
    tokens.set(keyOf(c), { token: answer.value.AccessToken, until });
    return adapterOk(answer.value.AccessToken);
  }

  /** `call` with a valid token: a cached one, renewed once when the vendor refuses it as expired. */
  async function withToken<T>(
    c: MindbodyConnection,
    call: (token: string) => Promise<OutsideAnswer<T>>,
    path: string,
  ): Promise<AdapterResult<T>> {
    const cached = tokens.get(keyOf(c));
    let token: string;
    let fresh = false;
    if (cached && cached.until > now()) {
      token = cached.token;
    } else {
      const issued = await issue(c);
      if (!issued.ok) return issued;
      token = issued.value;
      fresh = true;
    }
    let answer = await call(token);
    if (!answer.ok && answer.kind === 'refused' && answer.status === 401 && !fresh) {
      tokens.delete(keyOf(c));
      const issued = await issue(c);
      if (!issued.ok) return issued;
      answer = await call(issued.value);
    }
    if (!answer.ok) {
      if (answer.kind === 'refused' && answer.status === 401) tokens.delete(keyOf(c));
      return refused(answer, path);
    }
    return adapterOk(answer.value);
  }

  const page = (offset: number) => ({ [PAGE.limit]: pageSize, [PAGE.offset]: offset });

  async function site(siteId: string): Promise<OutsideAnswer<Site | undefined>> {
    const answer = await http.request({
      method: 'GET',
      path: 'site/sites',
      query: { 'request.siteIds': siteId },
      headers: headers(siteId),
      schema: SitesResponseSchema,
    });
    return answer.ok ? { ok: true, value: answer.value.Sites.find((s) => String(s.Id) === siteId) } : answer;
  }

  const missing = (c: MindbodyConnection) =>
    (['username', 'password', 'siteId'] as const).find((field) => !c[field].trim());

  return {
    strategy: 'MINDBODY',

    async fetchLocations(c) {
      const absent = missing(c);
      if (absent) return adapterFailure('rejected', MINDBODY_REQUIRED[absent]);
      const locations = await withToken(
        c,
        (token) =>
          http.allPages(async (offset) => {
            const answer = await http.request({
              method: 'GET',
              path: 'site/locations',
              query: page(offset),
              headers: headers(c.siteId, token),
              schema: LocationsResponseSchema,
            });
            return answer.ok
              ? {
                  ok: true,
                  value: {
                    items: answer.value.Locations,
                    total: answer.value.PaginationResponse.TotalResults,
                  },
                }
              : answer;
          }),
        'site/locations',
      );
      if (!locations.ok) return locations;
      const found = await site(c.siteId);
      if (!found.ok) return refused(found, 'site/sites');
      return adapterOk(locations.value.map((location) => toLocation(location, found.value)));
    },

    async fetchProviders(c) {
      const absent = missing(c);
      if (absent) return adapterFailure('rejected', MINDBODY_REQUIRED[absent]);
      const checked = await withToken(c, () => site(c.siteId), 'site/sites');
      if (!checked.ok) return checked;
      const found = checked.value;
      if (!found) return adapterFailure('rejected', CREDENTIALS_REFUSED);
      return adapterOk([{ id: String(found.Id), name: found.Name }]);
    },

    async fetchServiceItems(c, externalId): Promise<AdapterResult<ExternalServiceItem[]>> {
      const siteId = c.siteId.trim() || externalId?.trim() || '';
      if (!siteId) return adapterFailure('rejected', MINDBODY_REQUIRED.siteId);
      const types = await http.allPages(async (offset) => {
        const answer = await http.request({
          method: 'GET',
          path: 'site/sessiontypes',
          query: page(offset),
          headers: headers(siteId),
          schema: SessionTypesResponseSchema,
        });
        return answer.ok
          ? {
              ok: true,
              value: {
                items: answer.value.SessionTypes,
                total: answer.value.PaginationResponse.TotalResults,
              },
            }
          : answer;
      });
      if (!types.ok) return refused(types, 'site/sessiontypes');
      return adapterOk(
        types.value
          .filter((type) => !type.Type || type.Type === 'Appointment')
          .map((type) => ({ id: `mb-${type.Id}`, name: type.Name, category: blank(type.Category) })),
      );
    },
  };
}
