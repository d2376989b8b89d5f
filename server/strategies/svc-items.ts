/**
 * GET /strategies/fetch/svc-items?provider= (spec 02 §7): the service items of a provider's scheduling system,
 * which the mapping editor maps to ours (for BOULEVARD: the Boulevard services that book the items it picks). They come from the provider's scheduling-system adapter
 * (`fetchServiceItems` of scheduling-system.ts, asked with the provider's saved connection and external id),
 * the same adapters as the connection's locations and providers: each strategy's real client, talking to its
 * vendor's URL or, unset, to the local stand-in (config.ts).
 * Roles: admin and provider (a provider user only for their own providers).
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  ExternalServiceItemQuerySchema,
  type ExternalServiceItemList,
} from '../../src/api/contract/provider-svc-item';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Strategy } from '../../src/api/contract/provider';
import type { Db } from '../db/client';
import { credentials, providers } from '../db/schema';
import { answer, failure, ok, recordNotFound, type Result } from '../http/result';
import type { HonoEnv } from '../http/types';
import { query } from '../http/validate';
import { forbidden, mayUseProvider, scopeOf, type Scope } from '../http/scope';
import { openSecrets } from '../onboarding/secrets';
import type { SchedulingSystems } from './scheduling-system';
import { fromAdapter, noteConnectionOutcome, squareConnectionOf } from './service';
import type { SystemsRouteDeps } from './routes';

/** The strategies with a scheduling system whose service items the mappings name (MANUAL has none). */
export const MAPPING_STRATEGIES = ['MINDBODY', 'BOOKER', 'SQUARE', 'BOULEVARD'] as const;
export type MappingStrategy = (typeof MAPPING_STRATEGIES)[number];

const isMappingStrategy = (strategy: Strategy): strategy is MappingStrategy =>
  (MAPPING_STRATEGIES as readonly string[]).includes(strategy);

export async function fetchServiceItemsFor(
  db: Db,
  systems: SchedulingSystems,
  scope: Scope,
  providerId: number,
): Promise<Result<ExternalServiceItemList>> {
  const [row] = await db
    .select({ provider: providers, credentials })
    .from(providers)
    .leftJoin(credentials, eq(credentials.id, providers.credentialsId))
    .where(eq(providers.id, providerId));
  if (!row) return recordNotFound(API_ERROR_CODES.providerNotFound, 'provider', providerId, 'provider');
  if (!mayUseProvider(scope, providerId)) return forbidden(`Provider ${providerId}`);
  const { strategy } = row.provider;
  if (!isMappingStrategy(strategy)) {
    return failure(
      400,
      API_ERROR_CODES.strategyWithoutServiceItems,
      `A ${strategy} provider has no external service items to map`,
      'provider',
    );
  }
  const saved = row.credentials && openSecrets(row.credentials);
  const field = 'provider';
  const { externalId } = row.provider;
  let found;
  if (strategy === 'MINDBODY') {
    found = await systems.MINDBODY.fetchServiceItems(
      { username: saved?.username ?? '', password: saved?.password ?? '', siteId: saved?.siteId ?? '' },
      externalId,
    );
  } else if (strategy === 'SQUARE') {
    const connection = saved ? squareConnectionOf(db, saved) : { accessToken: '' };
    found = await systems.SQUARE.fetchServiceItems(connection, externalId);
  } else if (strategy === 'BOULEVARD') {
    // The business id of the saved connection, else the provider's external id (as for its locations).
    const businessId = saved?.businessId ?? externalId;
    if (!businessId) {
      return failure(
        422,
        API_ERROR_CODES.strategyNoConnection,
        `Provider ${providerId} has no Boulevard business id`,
        field,
      );
    }
    found = await systems.BOULEVARD.fetchServiceItems({ businessId }, externalId);
  } else {
    found = await systems.BOOKER.fetchServiceItems({}, externalId);
  }
  const items = await noteConnectionOutcome(db, row.provider, fromAdapter(found, field));
  return items.ok ? ok({ strategy, items: items.value }) : items;
}

export function serviceItemSourceRoutes({ db, allow, systems }: SystemsRouteDeps) {
  return new Hono<HonoEnv>().get(
    '/',
    allow('admin', 'provider'),
    query(ExternalServiceItemQuerySchema),
    async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await fetchServiceItemsFor(db, systems, scope, c.req.valid('query').provider));
    },
  );
}
