/** Business constants of the spec (01 §9, 02 §9). */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';
export const TOKEN_REFRESH_INTERVAL_MS = 300_000;
export const TOKEN_REFRESH_WITHIN_MS = 300_000;
export const PASSWORD_MIN_LENGTH = 8;
export const NEW_SERVICE_ITEM_DEFAULTS = {
  priceInCents: 10_000,
  timeInMins: 10,
  isPricePerUnit: false,
} as const;
export const NEW_BUNDLE_NAME = 'New Bundle';
export const NEW_PRICE_TIER_NAME = 'Untitled';
export const USERS_PAGE_SIZES = [5, 10, 25, 'All'] as const;
export const USERS_DEFAULT_PAGE_SIZE = 10;
export const INJECTABLES_CATEGORY = 'Injectables';
export const INJECTABLES_TABS = ['Botox', 'Fillers'] as const;
export const PROMO_TYPE_ON_CREATE = 'PER_USER';
export const PLACE_SEARCH_DEBOUNCE_MS = 200;
export const MAP_DEFAULTS = { center: { lng: -98.5795, lat: 39.8283 }, zoom: 3, heightPx: 400 } as const;
export const INVITE_TTL_DAYS = 7;
/** Boulevard verification polls every 5 seconds and advances 1 second after 'Connected.' (spec 02 §9). */
export const BOULEVARD_POLL_MS = 5_000;
export const BOULEVARD_ADVANCE_MS = 1_000;
