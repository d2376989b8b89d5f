/**
 * Scheduling-system connections (spec 02 §7, Strategies): read a connection's locations and providers from
 * its system, and exchange a Square authorisation code for tokens, which are saved as credentials at once
 * and answered masked (the browser never holds them). Access: an admin everything; a provider user their own
 * providers and the credentials they may use (the onboarding rule). Secrets are never logged: failures carry
 * the system's message only.
 */
import type * as v from 'valibot';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Credentials } from '../../src/api/contract/onboarding';
import type {
  Connection,
  ExchangeOAuthCodeInputSchema,
  ExternalLocation,
  ExternalProvider,
  FetchProvidersInputSchema,
} from '../../src/api/contract/strategies';
import type { Db } from '../db/client';
import { failure, ok, recordNotFound, type Result } from '../http/result';
import {
  findCredentials,
  insertCredentials,
  renewSquareTokens,
  type CredentialsRow,
} from '../onboarding/repository';
import { toCredentials } from '../onboarding/service';
import { checkReferences, forbidden, mayUseProvider, type Scope } from '../http/scope';
import { noteConnection } from '../notifications/events';
import { findProviderConnection } from './repository';
import type { AdapterFailure, AdapterResult, SchedulingSystems, SquareConnection } from './scheduling-system';

/** Where a failure of the system points in the request. */
const FIELD_OF = { MINDBODY: 'password', BOOKER: 'strategy', BOULEVARD: 'businessId', SQUARE: 'accessToken' };

/** An adapter's answer as the API's: a refusal is 422 on `field`, a system that did not answer 502. */
export function fromAdapter<T>(result: AdapterResult<T>, field: string): Result<T> {
  if (result.ok) return ok(result.value);
  const { kind, message }: AdapterFailure = result.failure;
  if (kind === 'not-connected') return failure(422, API_ERROR_CODES.strategyNotConnected, message, field);
  if (kind === 'rejected') return failure(422, API_ERROR_CODES.strategyRejected, message, field);
  return failure(502, API_ERROR_CODES.strategyUnavailable, message);
}

const noConnection = (message: string) =>
  failure(422, API_ERROR_CODES.strategyNoConnection, message, 'provider');

/** What saved credentials hold that a connection may be read with: Square's token, MINDBODY's password. */
const STORED_SECRET = {
  SQUARE: { key: 'accessToken', what: 'Square access token' },
  MINDBODY: { key: 'password', what: 'MINDBODY password' },
} as const;

/** Saved credentials the caller may use (`credentialsId`) holding the secret the strategy reads with. */
async function storedCredentials(
  db: Db,
  scope: Scope,
  strategy: keyof typeof STORED_SECRET,
  id: number,
): Promise<Result<{ row: CredentialsRow; secret: string }>> {
  const usable = await checkReferences(db, scope, [{ kind: 'credentials', id, field: 'credentialsId' }]);
  if (!usable.ok) return usable;
  const row = await findCredentials(db, id);
  if (!row) return recordNotFound(API_ERROR_CODES.credentialsNotFound, 'credentials', id, 'credentialsId');
  const { key, what } = STORED_SECRET[strategy];
  const secret = row.strategy === strategy ? row[key] : null;
  if (!secret) {
    return failure(400, API_ERROR_CODES.badRequest, `Credentials ${id} hold no ${what}`, 'credentialsId');
  }
  return ok({ row, secret });
}

/**
 * A Square connection read with saved credentials: their tokens and expiry, and tokens the client renews
 * written back (encrypted), unless the credentials changed meanwhile (server/README.md, Outside systems:
 * Square).
 */
export function squareConnectionOf(db: Db, row: CredentialsRow): SquareConnection {
  return {
    accessToken: row.accessToken ?? '',
    refreshToken: row.refreshToken,
    expiresAt: row.accessExpiresAt,
    renewed: (tokens) => renewSquareTokens(db, row.id, row.version, tokens),
  };
}

/** POST /strategies/fetch/locations. */
export async function fetchLocations(
  db: Db,
  systems: SchedulingSystems,
  scope: Scope,
  connection: Connection,
): Promise<Result<ExternalLocation[]>> {
  // Saved credentials a body names are the caller's to use, even when a typed secret makes them unneeded.
  const named = 'credentialsId' in connection ? connection.credentialsId : undefined;
  if (named !== undefined) {
    const usable = await checkReferences(db, scope, [
      { kind: 'credentials', id: named, field: 'credentialsId' },
    ]);
    if (!usable.ok) return usable;
  }
  switch (connection.strategy) {
    case 'MINDBODY': {
      const { username, siteId } = connection;
      let password = connection.password;
      if (password === undefined) {
        const stored = await storedCredentials(db, scope, 'MINDBODY', connection.credentialsId ?? 0);
        if (!stored.ok) return stored;
        password = stored.value.secret;
      }
      return fromAdapter(
        await systems.MINDBODY.fetchLocations({ username, password, siteId }),
        FIELD_OF.MINDBODY,
      );
    }
    case 'BOOKER':
      return fromAdapter(await systems.BOOKER.fetchLocations({}), FIELD_OF.BOOKER);
    case 'BOULEVARD':
      return fromAdapter(
        await systems.BOULEVARD.fetchLocations({ businessId: connection.businessId }),
        FIELD_OF.BOULEVARD,
      );
    case 'SQUARE': {
      if (connection.accessToken !== undefined) {
        const typed = { accessToken: connection.accessToken };
        return fromAdapter(await systems.SQUARE.fetchLocations(typed), FIELD_OF.SQUARE);
      }
      const stored = await storedCredentials(db, scope, 'SQUARE', connection.credentialsId ?? 0);
      if (!stored.ok) return stored;
      return fromAdapter(
        await systems.SQUARE.fetchLocations(squareConnectionOf(db, stored.value.row)),
        FIELD_OF.SQUARE,
      );
    }
  }
}

/**
 * A saved connection's answer, noted for the admins' inbox: no answer raises "stopped answering", any
 * answer (items, or a refusal) resolves it.
 */
export async function noteConnectionOutcome<T>(
  db: Db,
  provider: { id: number; name: string; strategy: string },
  result: Result<T>,
): Promise<Result<T>> {
  const down = !result.ok && result.code === API_ERROR_CODES.strategyUnavailable;
  const answered =
    result.ok || (result.status === 422 && result.code !== API_ERROR_CODES.strategyNoConnection);
  if (down || answered) await noteConnection(db, provider, answered);
  return result;
}

/** GET /strategies/fetch/locations?provider=: the saved provider's connection, read with its credentials. */
export async function fetchProviderLocations(
  db: Db,
  systems: SchedulingSystems,
  scope: Scope,
  providerId: number,
): Promise<Result<ExternalLocation[]>> {
  const provider = await findProviderConnection(db, providerId);
  if (!provider) {
    return recordNotFound(API_ERROR_CODES.providerNotFound, 'provider', providerId, 'provider');
  }
  if (!mayUseProvider(scope, providerId)) return forbidden(`Provider ${providerId}`);
  return noteConnectionOutcome(db, provider, await savedConnectionLocations(db, systems, scope, provider));
}

async function savedConnectionLocations(
  db: Db,
  systems: SchedulingSystems,
  scope: Scope,
  provider: NonNullable<Awaited<ReturnType<typeof findProviderConnection>>>,
): Promise<Result<ExternalLocation[]>> {
  const providerId = provider.id;
  if (provider.strategy === 'MANUAL') {
    return noConnection(`Provider ${providerId} enters its details manually: it has no scheduling system`);
  }
  if (provider.strategy === 'BOOKER') return fetchLocations(db, systems, scope, { strategy: 'BOOKER' });
  const row = provider.credentialsId === null ? undefined : await findCredentials(db, provider.credentialsId);
  if (provider.strategy === 'BOULEVARD') {
    const businessId = row?.businessId ?? provider.externalId;
    if (!businessId) return noConnection(`Provider ${providerId} has no Boulevard business id`);
    return fetchLocations(db, systems, scope, { strategy: 'BOULEVARD', businessId });
  }
  if (provider.strategy === 'SQUARE') {
    if (!row?.accessToken) return noConnection(`Provider ${providerId} has no Square connection`);
    return fromAdapter(await systems.SQUARE.fetchLocations(squareConnectionOf(db, row)), 'provider');
  }
  if (!row?.username || !row.password || !row.siteId) {
    return noConnection(`Provider ${providerId} has no complete MINDBODY credentials`);
  }
  const mindbody = { username: row.username, password: row.password, siteId: row.siteId };
  return fromAdapter(await systems.MINDBODY.fetchLocations(mindbody), 'provider');
}

/** POST /strategies/fetch/providers (BOULEVARD). */
export async function fetchProviders(
  systems: SchedulingSystems,
  input: v.InferOutput<typeof FetchProvidersInputSchema>,
): Promise<Result<ExternalProvider[]>> {
  return fromAdapter(await systems.BOULEVARD.fetchProviders({ businessId: input.businessId }), 'businessId');
}

/** POST /strategies/exchange-oauth-code: the tokens are saved as the caller's credentials, answered masked. */
export async function exchangeOAuthCode(
  db: Db,
  systems: SchedulingSystems,
  scope: Scope,
  input: v.InferOutput<typeof ExchangeOAuthCodeInputSchema>,
): Promise<Result<Credentials>> {
  const exchanged = await systems.SQUARE.exchangeOAuthCode(input.code);
  if (!exchanged.ok) {
    const { kind, message } = exchanged.failure;
    return kind === 'unavailable'
      ? failure(502, API_ERROR_CODES.strategyUnavailable, message)
      : failure(400, API_ERROR_CODES.oauthCodeInvalid, message, 'code');
  }
  const tokens = exchanged.value;
  const row = await insertCredentials(db, {
    strategy: 'SQUARE',
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    tokenType: tokens.tokenType,
    merchantId: tokens.merchantId,
    accessExpiresAt: tokens.expiresAt,
    createdByUid: scope.uid,
  });
  return ok(toCredentials(row));
}
