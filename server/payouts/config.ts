/**
 * The payments implementation the API uses: always Stripe through its official SDK (stripe.ts), at
 * STRIPE_API_URL with STRIPE_SECRET_KEY (server/outside/env.ts). Unset, the SDK talks to the local Stripe
 * stand-in mounted on this API (server/outside/stripe/) with the stand-in's test key: over HTTP at the API's
 * own address once it listens, or through the app's own fetch in process before (or without) one. The SDK
 * is given a fetch-based HTTP client that sends each request below the configured base URL, so the
 * stand-in's path prefix is kept and the in-process fetch works.
 */
import Stripe from 'stripe';
import type { OutsideEnv } from '../outside/env';
import type { Fetch } from '../outside/http';
import { STRIPE_STANDIN_PATH, STRIPE_STANDIN_SECRET_KEY } from '../outside/stripe/wire';
import type { PaymentsService } from './payments';
import { createStripePayments } from './stripe';

export const DEFAULT_STRIPE_TIMEOUT_MS = 20_000;

export interface StripeClientOptions {
  /** Stripe's base URL (https://api.stripe.com), a function: the API learns its own address once it listens. */
  baseUrl: () => string;
  secretKey: string;
  timeoutMs: number;
  /** How requests are sent; the global fetch unless given (the app's own fetch, in process). */
  fetch?: Fetch;
  /** Further attempts after a connection failure, a 409, 429 or 5xx (the SDK's maxNetworkRetries). */
  retries?: number;
}

/** The client's settings from the environment: Stripe at its URL, else the stand-in on this API. */
export function stripeClientOptions(
  env: Partial<Pick<OutsideEnv, 'STRIPE_API_URL' | 'STRIPE_SECRET_KEY' | 'STRIPE_TIMEOUT_MS'>>,
  deps: { selfUrl: (() => string) | undefined; inProcessOrigin: string; appFetch: Fetch },
): StripeClientOptions {
  const url = env.STRIPE_API_URL;
  return {
    baseUrl: () => url ?? `${deps.selfUrl?.() ?? deps.inProcessOrigin}${STRIPE_STANDIN_PATH}`,
    secretKey: env.STRIPE_SECRET_KEY ?? STRIPE_STANDIN_SECRET_KEY,
    timeoutMs: env.STRIPE_TIMEOUT_MS ?? DEFAULT_STRIPE_TIMEOUT_MS,
    ...(!url && !deps.selfUrl && { fetch: deps.appFetch }),
  };
}

/** The SDK's client: its requests go below `baseUrl`, whatever host it would have named. */
export function createStripeClient(options: StripeClientOptions): Stripe {
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const below = (input: string | URL) => {
    const sdk = new URL(String(input));
    return `${options.baseUrl().replace(/\/+$/, '')}${sdk.pathname}${sdk.search}`;
  };
  const httpClient = Stripe.createFetchHttpClient(((input: string | URL, init?: RequestInit) =>
    send(below(input), init ?? {})) as typeof fetch);
  return new Stripe(options.secretKey, {
    httpClient,
    maxNetworkRetries: options.retries ?? 1,
    timeout: options.timeoutMs,
  });
}

export function createPayments(options: StripeClientOptions): PaymentsService {
  return createStripePayments(createStripeClient(options));
}
