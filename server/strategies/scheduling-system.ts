/**
 * The interface a scheduling-system integration has (spec 02 §1, §7): per strategy, fetch the connection's
 * locations and providers; fetch a provider's service items, which step 2 maps to ours (MINDBODY, BOOKER
 * and SQUARE map their items; BOULEVARD picks ours and names the Boulevard service that books each); and for
 * SQUARE exchange an OAuth code for tokens. The API talks to these and nothing else; which implementation
 * answers is configuration (config.ts): the MINDBODY, BOOKER, BOULEVARD and SQUARE real clients (by default to
 * their local stand-ins); the local sandboxes only where a test builds them.
 * A failure is a value: `rejected` (the system refused the credentials or site), `not-connected` (it does not
 * know the connection yet, e.g. the Boulevard app is not installed) or `unavailable` (it did not answer).
 */
import type { ExternalServiceItem } from '../../src/api/contract/provider-svc-item';
import type {
  ConnectedStrategy,
  ExternalLocation,
  ExternalProvider,
} from '../../src/api/contract/strategies';

/** The console's message when a system refuses a connection's credentials or site (spec 02 §5). */
export const CREDENTIALS_REFUSED = 'The scheduling system refused these credentials';

/**
 * The console's message when Boulevard does not know the business or the Upkeep app is not installed for it
 * (the answer the connection step's verification polls through).
 */
export const BOULEVARD_NOT_CONNECTED =
  'The business was not found, or the Upkeep app is not installed for it';

export type AdapterFailure = { kind: 'rejected' | 'not-connected' | 'unavailable'; message: string };
export type AdapterResult<T> = { ok: true; value: T } | { ok: false; failure: AdapterFailure };

export interface MindbodyConnection {
  username: string;
  password: string;
  siteId: string;
}
export interface BoulevardConnection {
  businessId: string;
}
/**
 * A Square connection: its access token and, for saved credentials, what renews it (the refresh token, the
 * access token's expiry, and where renewed tokens are kept). A typed token alone is read as it is.
 */
export interface SquareConnection {
  accessToken: string;
  refreshToken?: string | null;
  expiresAt?: Date | null;
  /** Keeps tokens renewed during a call (saved credentials: written back, encrypted, server/strategies). */
  renewed?: (tokens: OAuthTokens) => Promise<void>;
}
/** BOOKER connects with the platform's own partner account: nothing per provider. */
export type BookerConnection = Record<string, never>;

export interface SchedulingSystem<TConnection> {
  readonly strategy: ConnectedStrategy;
  fetchLocations(connection: TConnection): Promise<AdapterResult<ExternalLocation[]>>;
  fetchProviders(connection: TConnection): Promise<AdapterResult<ExternalProvider[]>>;
}

/**
 * A system whose service items the mapping editor maps to ours: the items of one provider, asked with the
 * provider's saved connection and its id in that system.
 */
export interface ServiceItemCatalogue<TConnection> {
  fetchServiceItems(
    connection: TConnection,
    externalId: string | null,
  ): Promise<AdapterResult<ExternalServiceItem[]>>;
}

/** What an OAuth code (or a refresh token) is exchanged for (SQUARE). */
export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  tokenType: string;
  merchantId: string;
  /** When the access token stops answering. */
  expiresAt: Date;
}

export interface OAuthSchedulingSystem<TConnection> extends SchedulingSystem<TConnection> {
  exchangeOAuthCode(code: string): Promise<AdapterResult<OAuthTokens>>;
}

export interface SchedulingSystems {
  /** `sandbox`: the real clients, by default to their stand-ins; `live`: the same, set for production (config.ts). */
  readonly name: 'sandbox' | 'live';
  readonly MINDBODY: SchedulingSystem<MindbodyConnection> & ServiceItemCatalogue<MindbodyConnection>;
  readonly BOOKER: SchedulingSystem<BookerConnection> & ServiceItemCatalogue<BookerConnection>;
  /** BOULEVARD's step 2 picks our items and the Boulevard service (from its catalogue) that books each. */
  readonly BOULEVARD: SchedulingSystem<BoulevardConnection> & ServiceItemCatalogue<BoulevardConnection>;
  readonly SQUARE: OAuthSchedulingSystem<SquareConnection> & ServiceItemCatalogue<SquareConnection>;
}

/** A valid address: street, city, zip and country (the locations the console may offer). */
export const hasValidAddress = (location: ExternalLocation) =>
  [location.streetAddress, location.city, location.zip, location.country].every(
    (part) => part !== null && part.trim() !== '',
  );

export const adapterOk = <T>(value: T): AdapterResult<T> => ({ ok: true, value });
export const adapterFailure = <T>(kind: AdapterFailure['kind'], message: string): AdapterResult<T> => ({
  ok: false,
  failure: { kind, message },
});
