/**
 * The outside systems' configuration (read with the rest in server/env.ts): each vendor's base URL, keys and
 * time limit. An unset URL means the local stand-in mounted on this API (server/outside/<vendor>/), so a real
 * deployment changes only these lines of .env (server/README.md, "Outside systems").
 */
import * as v from 'valibot';
import { BOULEVARD_STANDIN_API_KEY, BOULEVARD_STANDIN_API_SECRET } from './boulevard/wire';
import { MINDBODY_STANDIN_API_KEY } from './mindbody/wire';
import { SQUARE_STANDIN_APPLICATION_ID, SQUARE_STANDIN_APPLICATION_SECRET } from './square/wire';

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
const timeout = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number of milliseconds'),
    v.transform(Number),
    v.minValue(100, 'must be at least 100'),
    v.maxValue(120_000, 'must be at most 120000'),
  ),
  '5000',
);

export const OUTSIDE_ENV_ENTRIES = {
  MINDBODY_API_URL: baseUrl('https://api.mindbodyonline.com/public/v6'),
  MINDBODY_API_KEY: key(MINDBODY_STANDIN_API_KEY),
  MINDBODY_TIMEOUT_MS: timeout,
  SQUARE_API_URL: baseUrl('https://connect.squareup.com'),
  SQUARE_APPLICATION_ID: key(SQUARE_STANDIN_APPLICATION_ID),
  SQUARE_APPLICATION_SECRET: key(SQUARE_STANDIN_APPLICATION_SECRET),
  SQUARE_TIMEOUT_MS: timeout,
  BOULEVARD_API_URL: baseUrl('https://dashboard.boulevard.io/api/2020-01'),
  BOULEVARD_API_KEY: key(BOULEVARD_STANDIN_API_KEY),
  BOULEVARD_API_SECRET: base64Secret(BOULEVARD_STANDIN_API_SECRET),
  BOULEVARD_TIMEOUT_MS: timeout,
};

/** Variables whose value a refusal never repeats. */
export const OUTSIDE_SECRETS: ReadonlySet<string> = new Set([
  'MINDBODY_API_KEY',
  'SQUARE_APPLICATION_SECRET',
  'BOULEVARD_API_KEY',
  'BOULEVARD_API_SECRET',
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
}
