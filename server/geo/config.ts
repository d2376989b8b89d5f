/**
 * The geo interface the API uses: always the map-service client (hosted.ts), at GEO_PLACES_URL,
 * GEO_GEOCODE_URL and GEO_OUTLINE_URL with GEO_API_KEY (read with the other outside systems in
 * server/outside/env.ts). An unset URL means the local stand-in mounted on this API
 * (server/outside/geo/standin.routes.ts), called as the scheduling systems' stand-ins are
 * (`standinTarget`), so a real deployment changes only those lines of .env (server/README.md, "Maps").
 */
import type { Log } from '../http/log';
import type { OutsideEnv } from '../outside/env';
import {
  GEO_STANDIN_API_KEY,
  GEO_STANDIN_GEOCODE,
  GEO_STANDIN_OUTLINE,
  GEO_STANDIN_PATH,
  GEO_STANDIN_PLACES,
} from '../outside/geo/wire';
import { standinTarget, type StandinTargetDeps } from '../outside/standin';
import { DEFAULT_OUTSIDE_TIMEOUT_MS } from '../strategies/config';
import type { HostedGeoConfig } from './hosted';

export type GeoEnv = Pick<
  OutsideEnv,
  | 'GEO_PLACES_URL'
  | 'GEO_GEOCODE_URL'
  | 'GEO_OUTLINE_URL'
  | 'GEO_API_KEY'
  | 'GEO_USER_AGENT'
  | 'GEO_TIMEOUT_MS'
>;

/** The client's settings: each service at its URL, else at the stand-in on this API. */
export function geoOptions(env: Partial<GeoEnv>, deps: StandinTargetDeps & { log: Log }): HostedGeoConfig {
  return {
    places: standinTarget(env.GEO_PLACES_URL, `${GEO_STANDIN_PATH}${GEO_STANDIN_PLACES}`, deps),
    geocoding: standinTarget(env.GEO_GEOCODE_URL, `${GEO_STANDIN_PATH}${GEO_STANDIN_GEOCODE}`, deps),
    outline: standinTarget(env.GEO_OUTLINE_URL, `${GEO_STANDIN_PATH}${GEO_STANDIN_OUTLINE}`, deps),
    apiKey: env.GEO_API_KEY ?? GEO_STANDIN_API_KEY,
    timeoutMs: env.GEO_TIMEOUT_MS ?? DEFAULT_OUTSIDE_TIMEOUT_MS,
    log: deps.log,
    ...(env.GEO_USER_AGENT && { userAgent: env.GEO_USER_AGENT }),
  };
}
