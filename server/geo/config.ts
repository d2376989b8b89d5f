/**
 * Which geo implementation the API uses, from the environment (an empty variable counts as unset):
 * GEO_SERVICE=sandbox (default) or hosted; hosted needs GEO_PLACES_URL, GEO_GEOCODE_URL, GEO_OUTLINE_URL
 * and GEO_API_KEY (GEO_USER_AGENT optional). A bad combination stops start-up with the variable's name.
 */
import * as v from 'valibot';
import type { GeoService } from './geo.service';
import { createHostedGeo } from './hosted';
import { createSandboxGeo } from './sandbox';

const url = (name: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.url(`${name} must be an http(s) URL`),
      v.regex(/^https?:\/\//, `${name} must be an http(s) URL`),
    ),
  );

const GeoEnvSchema = v.object({
  GEO_SERVICE: v.optional(
    v.picklist(['sandbox', 'hosted'], 'GEO_SERVICE must be sandbox or hosted'),
    'sandbox',
  ),
  GEO_PLACES_URL: url('GEO_PLACES_URL'),
  GEO_GEOCODE_URL: url('GEO_GEOCODE_URL'),
  GEO_OUTLINE_URL: url('GEO_OUTLINE_URL'),
  GEO_API_KEY: v.optional(v.string()),
  GEO_USER_AGENT: v.optional(v.string()),
});

export type GeoConfig =
  | { service: 'sandbox' }
  | {
      service: 'hosted';
      placesUrl: string;
      geocodeUrl: string;
      outlineUrl: string;
      apiKey: string;
      userAgent?: string;
    };

export function readGeoConfig(source: Record<string, string | undefined>): GeoConfig {
  const present = Object.fromEntries(
    Object.entries(source).filter(
      ([name, value]) => name.startsWith('GEO_') && value !== undefined && value !== '',
    ),
  );
  const parsed = v.safeParse(GeoEnvSchema, present);
  if (!parsed.success) {
    throw new Error(`Invalid geo configuration: ${parsed.issues.map((issue) => issue.message).join('; ')}`);
  }
  const env = parsed.output;
  if (env.GEO_SERVICE === 'sandbox') return { service: 'sandbox' };
  const missing = (['GEO_PLACES_URL', 'GEO_GEOCODE_URL', 'GEO_OUTLINE_URL', 'GEO_API_KEY'] as const).filter(
    (name) => !env[name],
  );
  if (missing.length > 0)
    throw new Error(`Invalid geo configuration: GEO_SERVICE=hosted needs ${missing.join(', ')}`);
  return {
    service: 'hosted',
    placesUrl: env.GEO_PLACES_URL ?? '',
    geocodeUrl: env.GEO_GEOCODE_URL ?? '',
    outlineUrl: env.GEO_OUTLINE_URL ?? '',
    apiKey: env.GEO_API_KEY ?? '',
    ...(env.GEO_USER_AGENT ? { userAgent: env.GEO_USER_AGENT } : {}),
  };
}

export function createGeo(config: GeoConfig): GeoService {
  return config.service === 'sandbox' ? createSandboxGeo() : createHostedGeo(config);
}
