/**
 * GET /strategies/fetch/svc-items?provider= (spec 02 §7): the service items of a provider's scheduling system,
 * which the mapping editor maps to ours. The items come from an `ExternalServiceItemSource` (the interface a
 * real integration implements: one call per provider, with its strategy, external id and credentials); the
 * default is the local sandbox catalogue below, documented in server/README.md. Roles: admin and provider
 * (a provider user only for their own providers).
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  ExternalServiceItemQuerySchema,
  type ExternalServiceItem,
  type ExternalServiceItemList,
} from '../../src/api/contract/provider-svc-item';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Strategy } from '../../src/api/contract/provider';
import type { Db } from '../db/client';
import { credentials, providers } from '../db/schema';
import type { Allow } from '../http/auth';
import { answer, failure, ok, type Result } from '../http/result';
import type { HonoEnv } from '../http/types';
import { query } from '../http/validate';
import { forbidden, mayUseProvider, scopeOf, type Scope } from '../providers/access.service';

/** The strategies whose step 2 maps external service items (MANUAL and BOULEVARD pick ours directly). */
export const MAPPING_STRATEGIES = ['MINDBODY', 'BOOKER', 'SQUARE'] as const;
export type MappingStrategy = (typeof MAPPING_STRATEGIES)[number];

/** What a source needs to ask a scheduling system for one provider's items. Secrets never leave the server. */
export interface ServiceItemRequest {
  strategy: MappingStrategy;
  externalId: string | null;
  credentials: {
    username: string | null;
    password: string | null;
    siteId: string | null;
    accessToken: string | null;
  } | null;
}

/** A scheduling system's service-item catalogue. Rejects with `ServiceItemSourceError` when it cannot answer. */
export interface ExternalServiceItemSource {
  readonly name: string;
  fetchServiceItems(request: ServiceItemRequest): Promise<ExternalServiceItem[]>;
}

export class ServiceItemSourceError extends Error {}

const item = (id: string, name: string, category: string | null): ExternalServiceItem => ({
  id,
  name,
  category,
});

/** The sandbox catalogues: each strategy's system lists its own names and ids (server/README.md). */
export const SANDBOX_SERVICE_ITEMS: Record<MappingStrategy, readonly ExternalServiceItem[]> = {
  MINDBODY: [
    item('mb-1001', 'Signature HydraFacial', 'Facials'),
    item('mb-1002', 'Glycolic Peel', 'Facials'),
    item('mb-1003', 'Dermaplane Facial', 'Facials'),
    item('mb-1004', 'Collagen Induction (Microneedling)', 'Facials'),
    item('mb-2001', 'Botox Cosmetic (per unit)', 'Injectables'),
    item('mb-2002', 'Dysport (per unit)', 'Injectables'),
    item('mb-2003', 'Xeomin (per unit)', 'Injectables'),
    item('mb-2004', 'Juvederm Ultra Syringe', 'Injectables'),
    item('mb-2005', 'Restylane Lyft Syringe', 'Injectables'),
    item('mb-3001', 'Laser Hair Removal - Underarm', 'Laser'),
    item('mb-3002', 'Laser Hair Removal - Full Leg', 'Laser'),
    item('mb-3003', 'Laser Hair Removal - Brazilian', 'Laser'),
    item('mb-3004', 'Laser Hair Removal - Lip', 'Laser'),
    item('mb-4001', 'CoolSculpting Cycle', 'Body'),
    item('mb-4002', 'Emsculpt NEO Session', 'Body'),
    item('mb-4003', 'Lymphatic Massage 60', 'Body'),
    item('mb-5001', 'Glow Package', null),
    item('mb-5002', 'Smooth Skin Package', null),
  ],
  BOOKER: [
    item('bk-501', 'HydraFacial Deluxe', 'Skin'),
    item('bk-502', 'Chemical Peel', 'Skin'),
    item('bk-503', 'Dermaplaning', 'Skin'),
    item('bk-504', 'Microneedling', 'Skin'),
    item('bk-511', 'Botox', 'Injectables'),
    item('bk-512', 'Dysport', 'Injectables'),
    item('bk-513', 'Xeomin', 'Injectables'),
    item('bk-514', 'Juvederm', 'Injectables'),
    item('bk-515', 'Restylane', 'Injectables'),
    item('bk-521', 'Underarm Laser', 'Laser'),
    item('bk-522', 'Full Leg Laser', 'Laser'),
    item('bk-523', 'Brazilian Laser', 'Laser'),
    item('bk-524', 'Upper Lip Laser', 'Laser'),
    item('bk-531', 'CoolSculpting', 'Body'),
    item('bk-532', 'Emsculpt', 'Body'),
    item('bk-533', 'Lymphatic Drainage', 'Body'),
    item('bk-541', 'Glow Up Bundle', 'Packages'),
    item('bk-542', 'Smooth Skin Bundle', 'Packages'),
  ],
  SQUARE: [
    item('SQ-FAC-HYDRA', 'HydraFacial', 'Facials'),
    item('SQ-FAC-PEEL', 'Chemical Peel', 'Facials'),
    item('SQ-FAC-DERMA', 'Dermaplaning', 'Facials'),
    item('SQ-FAC-MICRO', 'Microneedling', 'Facials'),
    item('SQ-INJ-BOTOX', 'Botox', 'Injectables'),
    item('SQ-INJ-DYSPORT', 'Dysport', 'Injectables'),
    item('SQ-INJ-XEOMIN', 'Xeomin', 'Injectables'),
    item('SQ-INJ-JUVEDERM', 'Juvederm', 'Injectables'),
    item('SQ-INJ-RESTYLANE', 'Restylane', 'Injectables'),
    item('SQ-LSR-UNDERARM', 'Laser: Underarms', 'Laser'),
    item('SQ-LSR-LEGS', 'Laser: Full Legs', 'Laser'),
    item('SQ-LSR-BRAZILIAN', 'Laser: Brazilian', 'Laser'),
    item('SQ-LSR-LIP', 'Laser: Upper Lip', 'Laser'),
    item('SQ-BODY-COOL', 'CoolSculpting', 'Body'),
    item('SQ-BODY-EMS', 'Emsculpt', 'Body'),
    item('SQ-BODY-LYMPH', 'Lymphatic Drainage Massage', 'Body'),
    item('SQ-BUN-GLOW', 'Glow Up Facial Bundle', 'Bundles'),
  ],
};

/** The local sandbox: every provider of a strategy sees that strategy's catalogue. */
export function sandboxServiceItemSource(): ExternalServiceItemSource {
  return {
    name: 'sandbox',
    fetchServiceItems: async (request) => [...SANDBOX_SERVICE_ITEMS[request.strategy]],
  };
}

const isMappingStrategy = (strategy: Strategy): strategy is MappingStrategy =>
  (MAPPING_STRATEGIES as readonly string[]).includes(strategy);

export async function fetchServiceItemsFor(
  db: Db,
  source: ExternalServiceItemSource,
  scope: Scope,
  providerId: number,
): Promise<Result<ExternalServiceItemList>> {
  const [row] = await db
    .select({ provider: providers, credentials })
    .from(providers)
    .leftJoin(credentials, eq(credentials.id, providers.credentialsId))
    .where(eq(providers.id, providerId));
  if (!row)
    return failure(404, API_ERROR_CODES.providerNotFound, `No provider with id ${providerId}`, 'provider');
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
  try {
    const items = await source.fetchServiceItems({
      strategy,
      externalId: row.provider.externalId,
      credentials: row.credentials && {
        username: row.credentials.username,
        password: row.credentials.password,
        siteId: row.credentials.siteId,
        accessToken: row.credentials.accessToken,
      },
    });
    return ok({ strategy, items });
  } catch (error) {
    if (!(error instanceof ServiceItemSourceError)) throw error;
    return failure(502, API_ERROR_CODES.strategyUnavailable, error.message);
  }
}

export function serviceItemSourceRoutes({
  db,
  allow,
  source,
}: {
  db: Db;
  allow: Allow;
  source: ExternalServiceItemSource;
}) {
  return new Hono<HonoEnv>().get(
    '/',
    allow('admin', 'provider'),
    query(ExternalServiceItemQuerySchema),
    async (c) => {
      const scope = await scopeOf(db, c.get('caller'));
      return answer(c, await fetchServiceItemsFor(db, source, scope, c.req.valid('query').provider));
    },
  );
}
