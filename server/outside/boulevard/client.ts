/**
 * The Boulevard client (Admin API, GraphQL), the adapter of server/strategies/scheduling-system.ts for
 * BOULEVARD connections, written as the MINDBODY one is (server/outside/mindbody/client.ts).
 *
 * - Every request is a GraphQL query (POST admin, repeated like a read) signed for the connection's business:
 *   HTTP Basic of the platform's API key and a token made from the business id and the time with the API
 *   secret (wire.ts, `adminToken`); a fresh token each request, so nothing is kept between requests.
 * - Locations: the `locations` connection, every page by cursor; the ones without a valid address (street,
 *   city, zip and country) are left out, so a business with none answers [] ("Connected. But no valid
 *   locations found…"). Ids are Boulevard's own.
 * - Providers: the business itself (`business { id name }`), `id` the business id it was asked with (the
 *   provider's externalId).
 * - Service items: the `services` connection, every page, the inactive ones left out; the business is the
 *   saved connection's, else the provider's external id.
 * Outcomes: a blank business id is `rejected` "Business ID required" (spec 02 §5); a business Boulevard does not
 * know or that has not installed the app (403) is `not-connected`, what the console's verification polls
 * through; a refused key or signature (401) is `rejected` with the console's refusal message; anything else
 * (no answer, a 5xx after the retries, another status, a GraphQL error) is "Boulevard did not answer".
 */
import * as v from 'valibot';
import type { ExternalServiceItem } from '../../../src/api/contract/provider-svc-item';
import type { ExternalLocation } from '../../../src/api/contract/strategies';
import {
  adapterFailure,
  adapterOk,
  BOULEVARD_NOT_CONNECTED,
  CREDENTIALS_REFUSED,
  hasValidAddress,
  type AdapterResult,
  type BoulevardConnection,
  type SchedulingSystem,
  type ServiceItemCatalogue,
} from '../../strategies/scheduling-system';
import { blank, ianaZone, toExternalLocation } from '../location';
import { createOutsideClient, type OutsideAnswer, type OutsideClientOptions } from '../http';
import {
  ADMIN_ENDPOINT,
  adminAuthorization,
  adminToken,
  BusinessResponseSchema,
  ErrorBodySchema,
  LocationsResponseSchema,
  PAGE,
  QUERIES,
  ServicesResponseSchema,
  type LocationSchema,
  type PageInfoSchema,
} from './wire';

export const BOULEVARD_UNAVAILABLE = 'Boulevard did not answer';
/** Spec 02 §5's message for a connection without a business id. */
export const BOULEVARD_REQUIRED = 'Business ID required';

export interface BoulevardClientOptions extends Omit<OutsideClientOptions, 'system'> {
  /** The platform's API key (BOULEVARD_API_KEY). */
  apiKey: string;
  /** The platform's API secret, base64 as the developer portal gives it (BOULEVARD_API_SECRET). */
  apiSecret: string;
  /** Items asked per page (`first`, at most 100). */
  pageSize?: number;
  now?: () => number;
}

export type BoulevardClient = SchedulingSystem<BoulevardConnection> &
  ServiceItemCatalogue<BoulevardConnection>;

type Location = v.InferOutput<typeof LocationSchema>;
type PageInfo = v.InferOutput<typeof PageInfoSchema>;
type Refused = Extract<OutsideAnswer<unknown>, { ok: false }>;

function toLocation(location: Location): ExternalLocation {
  const { address, coordinates } = location;
  return toExternalLocation({
    id: location.id,
    name: location.name,
    street: address?.line1,
    line2: address?.line2,
    city: address?.city,
    state: address?.state,
    zip: address?.zip,
    country: address?.country,
    lat: coordinates?.latitude,
    lng: coordinates?.longitude,
    timezone: ianaZone(location.tz),
  });
}

export function createBoulevardClient(options: BoulevardClientOptions): BoulevardClient {
  const { apiKey, apiSecret, log, pageSize = PAGE.default, now = Date.now } = options;
  const http = createOutsideClient({ ...options, system: 'Boulevard' });

  /** One query for one business, signed now. */
  const query = <TSchema extends v.GenericSchema>(
    businessId: string,
    text: string,
    schema: TSchema,
    variables: Record<string, unknown> = {},
  ) =>
    http.request({
      method: 'POST',
      path: ADMIN_ENDPOINT,
      headers: {
        Authorization: adminAuthorization(
          apiKey,
          adminToken(businessId, Math.floor(now() / 1000), apiSecret),
        ),
      },
      body: { query: text, variables },
      schema,
      read: true,
    });

  /** A failure as the console's outcome; the vendor's code (never a value of the request) is logged. */
  function refused<T>(answer: Refused, name: string): AdapterResult<T> {
    if (answer.kind === 'unavailable') return adapterFailure('unavailable', BOULEVARD_UNAVAILABLE);
    const body = v.safeParse(ErrorBodySchema, answer.body);
    const code = body.success ? (body.output.errors[0]?.extensions?.code ?? null) : null;
    log.warn(
      { system: 'Boulevard', path: ADMIN_ENDPOINT, query: name, status: answer.status, code },
      'Outside system refused the request',
    );
    if (answer.status === 403) return adapterFailure('not-connected', BOULEVARD_NOT_CONNECTED);
    // A refused key or signature is the platform's configuration; any other status (a wrong
    // BOULEVARD_API_URL's 404, a 400 for a query it cannot read) is not the provider's to fix.
    return answer.status === 401
      ? adapterFailure('rejected', CREDENTIALS_REFUSED)
      : adapterFailure('unavailable', BOULEVARD_UNAVAILABLE);
  }

  const variables = (after: string | null) => ({ first: pageSize, ...(after !== null && { after }) });

  /** Every node of a connection, page after page by cursor: `page` reads one page's edges and pageInfo. */
  const allNodes = <T>(
    page: (after: string | null) => Promise<OutsideAnswer<{ edges: { node: T }[]; pageInfo: PageInfo }>>,
  ) =>
    http.allCursorPages<T>(async (cursor) => {
      const answer = await page(cursor ?? null);
      if (!answer.ok) return answer;
      const { edges, pageInfo } = answer.value;
      return {
        ok: true,
        value: {
          items: edges.map((edge) => edge.node),
          cursor: pageInfo.hasNextPage ? (pageInfo.endCursor ?? undefined) : undefined,
        },
      };
    });

  return {
    strategy: 'BOULEVARD',

    async fetchLocations({ businessId }) {
      const id = businessId.trim();
      if (!id) return adapterFailure('rejected', BOULEVARD_REQUIRED);
      const locations = await allNodes(async (after) => {
        const answer = await query(id, QUERIES.locations, LocationsResponseSchema, variables(after));
        return answer.ok ? { ok: true, value: answer.value.data.locations } : answer;
      });
      if (!locations.ok) return refused(locations, 'locations');
      return adapterOk(locations.value.map(toLocation).filter(hasValidAddress));
    },

    async fetchProviders({ businessId }) {
      const id = businessId.trim();
      if (!id) return adapterFailure('rejected', BOULEVARD_REQUIRED);
      const answer = await query(id, QUERIES.business, BusinessResponseSchema);
      if (!answer.ok) return refused(answer, 'business');
      return adapterOk([{ id, name: answer.value.data.business.name }]);
    },

    async fetchServiceItems({ businessId }, externalId): Promise<AdapterResult<ExternalServiceItem[]>> {
      const id = businessId.trim() || externalId?.trim() || '';
      if (!id) return adapterFailure('rejected', BOULEVARD_REQUIRED);
      const services = await allNodes(async (after) => {
        const answer = await query(id, QUERIES.services, ServicesResponseSchema, variables(after));
        return answer.ok ? { ok: true, value: answer.value.data.services } : answer;
      });
      if (!services.ok) return refused(services, 'services');
      return adapterOk(
        services.value
          .filter((service) => service.active !== false)
          .map((service) => ({
            id: service.id,
            name: service.name,
            category: blank(service.category?.name),
          })),
      );
    },
  };
}
