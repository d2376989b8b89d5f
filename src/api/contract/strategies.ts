/**
 * Scheduling-system connections' wire contract (spec 02 §7, Strategies): fetch a connection's locations and
 * providers, and exchange an OAuth code. Secrets go in; they never come back in full (an exchanged code is
 * stored as credentials and answered masked, as GET/POST /credentials answer them).
 */
import * as v from 'valibot';
import { idField, nullableText, queryId } from './primitives';
import { CredentialsSchema } from './onboarding';
import { AddressEntries } from './provider';

/** The strategies that connect to an outside scheduling system (MANUAL does not). */
export const CONNECTED_STRATEGIES = ['MINDBODY', 'BOOKER', 'BOULEVARD', 'SQUARE'] as const;
export type ConnectedStrategy = (typeof CONNECTED_STRATEGIES)[number];

const required = (name: string, max = 500) =>
  v.pipe(
    v.string(`${name} is required`),
    v.trim(),
    v.minLength(1, `${name} is required`),
    v.maxLength(max, `${name} can be at most ${max} characters`),
  );
/** A secret is taken as typed (no trimming). */
const requiredSecret = (name: string) =>
  v.pipe(
    v.string(`${name} is required`),
    v.minLength(1, `${name} is required`),
    v.maxLength(2_000, `${name} can be at most 2000 characters`),
  );

const strategyOf = <const S extends ConnectedStrategy>(strategy: S) =>
  v.literal(strategy, `strategy must be one of ${CONNECTED_STRATEGIES.join(', ')}`);

/**
 * POST /strategies/fetch/locations: the strategy and what it connects with — MINDBODY username, password and
 * siteId (or, for a password kept as saved, the credentials' id instead of the password); BOULEVARD businessId; SQUARE accessToken, or the id of credentials saved by the code exchange;
 * BOOKER nothing more (the platform's own account).
 */
export const FetchLocationsInputSchema = v.variant(
  'strategy',
  [
    v.pipe(
      v.object({
        strategy: strategyOf('MINDBODY'),
        username: required('username'),
        password: v.optional(requiredSecret('password')),
        siteId: required('siteId', 100),
        /** Saved credentials whose password is used when none is typed (a settings change that keeps it). */
        credentialsId: v.optional(idField('credentialsId')),
      }),
      v.forward(
        v.partialCheck(
          [['password'], ['credentialsId']],
          (input) => input.password !== undefined || input.credentialsId !== undefined,
          'password is required',
        ),
        ['password'],
      ),
    ),
    v.object({ strategy: strategyOf('BOULEVARD'), businessId: required('businessId', 200) }),
    v.pipe(
      v.object({
        strategy: strategyOf('SQUARE'),
        // Sent as the Authorization header's bearer token: a character a header cannot carry is refused here.
        accessToken: v.optional(
          v.pipe(
            requiredSecret('accessToken'),
            v.regex(
              /^\s*[\x21-\x7e]+\s*$/,
              'accessToken may hold only letters, digits and punctuation, with no spaces inside',
            ),
          ),
        ),
        credentialsId: v.optional(idField('credentialsId')),
      }),
      v.check(
        (input) => input.accessToken !== undefined || input.credentialsId !== undefined,
        'accessToken or credentialsId is required',
      ),
    ),
    v.object({ strategy: strategyOf('BOOKER') }),
  ],
  `strategy must be one of ${CONNECTED_STRATEGIES.join(', ')}`,
);
export type FetchLocationsInput = v.InferInput<typeof FetchLocationsInputSchema>;
export type Connection = v.InferOutput<typeof FetchLocationsInputSchema>;

/** GET /strategies/fetch/locations?provider=: the saved provider's connection. */
export const FetchLocationsQuerySchema = v.object({
  provider: queryId('provider'),
});

/** POST /strategies/fetch/providers: the providers (the business) behind a Boulevard business id. */
export const FetchProvidersInputSchema = v.object({
  strategy: v.literal('BOULEVARD', 'strategy must be BOULEVARD (the only strategy with providers to fetch)'),
  businessId: required('businessId', 200),
});
export type FetchProvidersInput = v.InferInput<typeof FetchProvidersInputSchema>;

/** POST /strategies/exchange-oauth-code: the code the authorisation page returned. */
export const ExchangeOAuthCodeInputSchema = v.object({
  strategy: v.literal('SQUARE', 'strategy must be SQUARE (the only strategy with an OAuth code)'),
  code: required('code', 500),
});
export type ExchangeOAuthCodeInput = v.InferInput<typeof ExchangeOAuthCodeInputSchema>;

/** A location of the outside system: its id there (the location's externalLocationId) and its address. */
export const ExternalLocationSchema = v.object({
  id: v.string(),
  name: v.string(),
  ...AddressEntries,
  timezone: nullableText,
});
export type ExternalLocation = v.InferOutput<typeof ExternalLocationSchema>;
export const ExternalLocationListSchema = v.array(ExternalLocationSchema);

/** A provider of the outside system (a Boulevard business): its id there is the provider's externalId. */
export const ExternalProviderSchema = v.object({ id: v.string(), name: v.string() });
export type ExternalProvider = v.InferOutput<typeof ExternalProviderSchema>;
export const ExternalProviderListSchema = v.array(ExternalProviderSchema);

/** The exchange's answer: the credentials it saved (secrets masked). */
export const ExchangeOAuthCodeResultSchema = CredentialsSchema;

/** A local sandbox page's state (the Boulevard install page, Square's authorisation page): 30 minutes. */
export const SandboxStateSchema = v.object({ state: v.string() });
