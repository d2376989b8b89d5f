/**
 * The geo interface the console's address autocomplete, geocoding and pricing-tier outlines go through.
 * One implementation, the map-service client (hosted.ts, composed by server/geo/config.ts), which asks the
 * GEO_* URLs with GEO_API_KEY; unset, the local stand-ins on this API (server/outside/geo/), which answer from
 * real US data shipped through npm.
 */
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import type { Outline, Place, PlaceSuggestion } from '../../src/api/contract/geo';
import { OutsideServiceError } from '../http/outside';

export interface GeoService {
  /** Suggestions for what has been typed so far; an empty list when nothing matches. */
  autocomplete(text: string): Promise<PlaceSuggestion[]>;
  /** The place a suggestion named; null when the id is unknown. */
  place(placeId: string): Promise<Place | null>;
  /** An address typed in full → its components and coordinates; null when it cannot be found. */
  geocode(address: string): Promise<Place | null>;
  /** The boundary outline of a place (its city, else the county that contains it); null when none is known. */
  outline(placeId: string): Promise<Outline | null>;
}

/**
 * The hosted service failed or answered something unreadable (not "nothing found"): 502 `geo/unavailable`
 * with the error's own message.
 */
export class GeoUnavailableError extends OutsideServiceError {
  override name = 'GeoUnavailableError';
  constructor(message: string, options?: ErrorOptions) {
    super('Geo', { status: 502, code: API_ERROR_CODES.geoUnavailable, message }, message, options);
  }
}
