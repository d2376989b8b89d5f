/** The tier editor's tabs as the URL carries them. Import-free: the route checks its search with it. */
export const TIER_TABS = ['menu', 'map'] as const;
export type TierTab = (typeof TIER_TABS)[number];
