/**
 * The outside systems' configuration (read with the rest in server/env.ts): each vendor's base URL, keys and
 * time limit, the map services' (GEO_*) among them. An unset URL means the local stand-in mounted on this API (server/outside/<vendor>/), so a real
 * deployment changes only these lines of .env (server/README.md, "Outside systems").
 */
import * as v from 'valibot';
import { milliseconds } from '../env-values';
import {
  BOOKER_STANDIN_CLIENT_ID,
  BOOKER_STANDIN_CLIENT_SECRET,
  BOOKER_STANDIN_SUBSCRIPTION_KEY,
} from './booker/wire';
import { BOULEVARD_STANDIN_API_KEY, BOULEVARD_STANDIN_API_SECRET } from './boulevard/wire';
import { GEO_STANDIN_API_KEY } from './geo/wire';
import { MINDBODY_STANDIN_API_KEY } from './mindbody/wire';
import { SQUARE_STANDIN_APPLICATION_ID, SQUARE_STANDIN_APPLICATION_SECRET } from './square/wire';
import { STRIPE_STANDIN_SECRET_KEY } from './stripe/wire';

const baseUrl = (example: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^https?:\/\/[^\s?#]+$/, `must be an http(s):// URL without query, e.g. ${example}`),
    ),
  );
const key = (standin: string) =>
  v.optional(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,200}$/, 'must be the key, without spaces')), standin);
const base64Secret = (standin: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[A-Za-z0-9+/]{4,400}={0,2}$/,
        'must be the secret as the vendor gives it (base64, no spaces)',
      ),
    ),
    standin,
  );
/** A vendor's time limit: 100 to 120000 milliseconds, `fallback` when unset. */
const timeout = (fallback = '5000') => v.optional(milliseconds(100, 120_000), fallback);

export const OUTSIDE_ENV_ENTRIES = {
  MINDBODY_API_URL: baseUrl('https://api.mindbodyonline.com/public/v6'),
  MINDBODY_API_KEY: key(MINDBODY_STANDIN_API_KEY),
  MINDBODY_TIMEOUT_MS: timeout(),
  SQUARE_API_URL: baseUrl('https://connect.squareup.com'),
  SQUARE_APPLICATION_ID: key(SQUARE_STANDIN_APPLICATION_ID),
  SQUARE_APPLICATION_SECRET: key(SQUARE_STANDIN_APPLICATION_SECRET),
  SQUARE_TIMEOUT_MS: timeout(),
  BOULEVARD_API_URL: baseUrl('https://dashboard.boulevard.io/api/2020-01'),
  BOULEVARD_API_KEY: key(BOULEVARD_STANDIN_API_KEY),
  BOULEVARD_API_SECRET: base64Secret(BOULEVARD_STANDIN_API_SECRET),
  BOULEVARD_TIMEOUT_MS: timeout(),
  BOOKER_API_URL: baseUrl('https://api.booker.com'),
  BOOKER_CLIENT_ID: key(BOOKER_STANDIN_CLIENT_ID),
  BOOKER_CLIENT_SECRET: key(BOOKER_STANDIN_CLIENT_SECRET),
  BOOKER_SUBSCRIPTION_KEY: key(BOOKER_STANDIN_SUBSCRIPTION_KEY),
  BOOKER_TIMEOUT_MS: timeout(),
  GEO_PLACES_URL: baseUrl('https://maps.googleapis.com/maps/api/place'),
  GEO_GEOCODE_URL: baseUrl('https://maps.googleapis.com/maps/api/geocode/json'),
  GEO_OUTLINE_URL: baseUrl('https://nominatim.openstreetmap.org'),
  GEO_API_KEY: key(GEO_STANDIN_API_KEY),
  GEO_USER_AGENT: v.optional(
    v.pipe(v.string(), v.regex(/^[\x20-\x7e]{1,200}$/, 'must be printable text of at most 200 characters')),
  ),
  GEO_TIMEOUT_MS: timeout(),
  STRIPE_API_URL: baseUrl('https://api.stripe.com'),
  STRIPE_SECRET_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(sk|rk)_(test|live)_\w+$/,
        'must be a Stripe secret or restricted key (sk_test_…, sk_live_…)',
      ),
    ),
    STRIPE_STANDIN_SECRET_KEY,
  ),
  STRIPE_TIMEOUT_MS: timeout('20000'),
};

/** Variables whose value a refusal never repeats. */
export const OUTSIDE_SECRETS: ReadonlySet<string> = new Set([
  'MINDBODY_API_KEY',
  'SQUARE_APPLICATION_SECRET',
  'BOULEVARD_API_KEY',
  'BOULEVARD_API_SECRET',
  'BOOKER_CLIENT_SECRET',
  'BOOKER_SUBSCRIPTION_KEY',
  'GEO_API_KEY',
  'STRIPE_SECRET_KEY',
]);

export interface OutsideEnv {
  /** MINDBODY's base URL (…/public/v6); unset: the local stand-in on this API, at its own address. */
  MINDBODY_API_URL: string | undefined;
  /** The platform's MINDBODY Api-Key; by default the stand-in's. Never logged. */
  MINDBODY_API_KEY: string;
  /** Time limit of one MINDBODY request. */
  MINDBODY_TIMEOUT_MS: number;
  /** Square's base URL (https://connect.squareup.com); unset: the local stand-in on this API. */
  SQUARE_API_URL: string | undefined;
  /** The platform's Square application id and secret (OAuth); by default the stand-in's. Never logged. */
  SQUARE_APPLICATION_ID: string;
  SQUARE_APPLICATION_SECRET: string;
  /** Time limit of one Square request. */
  SQUARE_TIMEOUT_MS: number;
  /** Boulevard's Admin API base URL (…/api/2020-01); unset: the local stand-in on this API. */
  BOULEVARD_API_URL: string | undefined;
  /** The platform's Boulevard API key; by default the stand-in's. Never logged. */
  BOULEVARD_API_KEY: string;
  /** The platform's Boulevard API secret (base64) that signs each request; by default the stand-in's. Never logged. */
  BOULEVARD_API_SECRET: string;
  /** Time limit of one Boulevard request. */
  BOULEVARD_TIMEOUT_MS: number;
  /** Booker's API host (https://api.booker.com); unset: the local stand-in on this API. */
  BOOKER_API_URL: string | undefined;
  /** The platform's Booker partner client id and secret (client credentials); by default the stand-in's. */
  BOOKER_CLIENT_ID: string;
  /** Never logged. */
  BOOKER_CLIENT_SECRET: string;
  /** The platform's Booker API subscription key (Ocp-Apim-Subscription-Key); by default the stand-in's. Never logged. */
  BOOKER_SUBSCRIPTION_KEY: string;
  /** Time limit of one Booker request. */
  BOOKER_TIMEOUT_MS: number;
  /** The Places API's base URL (…/maps/api/place: autocomplete, details); unset: the local stand-in. */
  GEO_PLACES_URL: string | undefined;
  /** The Geocoding API's endpoint (…/maps/api/geocode/json); unset: the local stand-in. */
  GEO_GEOCODE_URL: string | undefined;
  /** Nominatim's base URL (outlines, `/search`); unset: the local stand-in. */
  GEO_OUTLINE_URL: string | undefined;
  /** The platform's key for the Places and Geocoding APIs; by default the stand-in's. Never logged. */
  GEO_API_KEY: string;
  /** The User-Agent sent to Nominatim, whose usage policy asks callers to identify themselves. */
  GEO_USER_AGENT: string | undefined;
  /** Time limit of one map-service request. */
  GEO_TIMEOUT_MS: number;
  /** Stripe's API origin (https://api.stripe.com); unset: the local Stripe stand-in on this API. */
  STRIPE_API_URL: string | undefined;
  /** The platform's Stripe secret key (sk_test_… or sk_live_…); by default the stand-in's. Never logged. */
  STRIPE_SECRET_KEY: string;
  /** Time limit of one Stripe request (the SDK's `timeout`). */
  STRIPE_TIMEOUT_MS: number;
}
