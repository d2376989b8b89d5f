/**
 * Pricing tier rules (01 §2 Pricing tiers screen, §3, §5, §9): a tier prices service items in cents, Botox
 * items carry a minimum of units, a new tier is named Untitled and the last tier cannot be deleted.
 */
import { centsToDollarInput, parseDollars } from '../shared/money';

export const NEW_TIER_NAME = 'Untitled';
export const NAME_MAX = 200;
export const MAX_TIER_PRICE_CENTS = 100_000_000;
export const MAX_MIN_UNITS = 10_000;
export const DEFAULT_MIN_UNITS = 1;
/** The sub-category whose items have a minimum of units (01 §2). */
export const MIN_UNITS_SUB_CATEGORY = 'Botox';

export { TIER_TABS, type TierTab } from './tier-tabs';

/** 01 §5: tier deletion is offered only while more than one tier exists. */
export function canDeleteTier(tierCount: number): boolean {
  return tierCount > 1;
}

export function hasMinUnits(item: { subCategory: string | null }): boolean {
  return item.subCategory === MIN_UNITS_SUB_CATEGORY;
}

/** One row of the Menu tab as typed: dollars and units as text. */
export interface PriceDraft {
  price: string;
  isPricePerUnit: boolean;
  minUnits: string;
}

export interface MenuItem {
  id: number;
  /** The item's category, for grouping the Menu tab. */
  category: string;
  name: string;
  subCategory: string | null;
  priceInCents: number;
  isPricePerUnit: boolean;
}

export interface SavedTierPrice {
  serviceItemId: number;
  priceInCents: number;
  isPricePerUnit: boolean;
  minUnits: number | null;
}

/** The tier's price for each item, or the item's own price (and 1 unit for Botox) when the tier has none. */
export function priceDrafts(
  items: readonly MenuItem[],
  saved: readonly SavedTierPrice[],
): Record<number, PriceDraft> {
  const byItem = new Map(saved.map((price) => [price.serviceItemId, price]));
  const drafts: Record<number, PriceDraft> = {};
  for (const item of items) {
    const price = byItem.get(item.id);
    drafts[item.id] = {
      price: centsToDollarInput(price?.priceInCents ?? item.priceInCents),
      isPricePerUnit: price?.isPricePerUnit ?? item.isPricePerUnit,
      minUnits: hasMinUnits(item) ? String(price?.minUnits ?? DEFAULT_MIN_UNITS) : '',
    };
  }
  return drafts;
}

export const TIER_ERRORS = {
  price: 'Enter a price in dollars, e.g. 19.99.',
  minUnits: `Enter a whole number of units from 1 to ${MAX_MIN_UNITS}.`,
} as const;

export interface TierDraft {
  name: string;
  description: string;
  prices: Record<number, PriceDraft>;
  /** Place ids of the tier's cities, added from the city search on the Map tab. */
  cityIds: string[];
}

export interface TierErrors {
  name?: string;
  /** Per service item id. */
  prices: Record<number, { price?: string; minUnits?: string }>;
}

export interface TierValues {
  name: string;
  description: string | null;
  serviceItems: SavedTierPrice[];
  cityIds: string[];
}

const WHOLE = /^\s*\d{1,9}\s*$/;

/** Checks the draft against the menu: 'Incorrect entry.' for an empty name (01 §5), exact cents for prices. */
export function checkTierDraft(
  draft: TierDraft,
  items: readonly MenuItem[],
  nameRequired: string,
): { ok: true; value: TierValues } | { ok: false; errors: TierErrors } {
  const errors: TierErrors = { prices: {} };
  const name = draft.name.trim();
  if (name === '' || name.length > NAME_MAX) errors.name = nameRequired;
  const serviceItems: SavedTierPrice[] = [];
  for (const item of items) {
    const row = draft.prices[item.id];
    if (!row) continue;
    const cents = parseDollars(row.price);
    const rowErrors: { price?: string; minUnits?: string } = {};
    if (cents === undefined || cents < 0 || cents > MAX_TIER_PRICE_CENTS) rowErrors.price = TIER_ERRORS.price;
    let minUnits: number | null = null;
    if (hasMinUnits(item)) {
      const units = WHOLE.test(row.minUnits) ? Number(row.minUnits) : NaN;
      if (!(units >= 1 && units <= MAX_MIN_UNITS)) rowErrors.minUnits = TIER_ERRORS.minUnits;
      else minUnits = units;
    }
    if (rowErrors.price || rowErrors.minUnits) errors.prices[item.id] = rowErrors;
    else
      serviceItems.push({
        serviceItemId: item.id,
        priceInCents: cents as number,
        isPricePerUnit: row.isPricePerUnit,
        minUnits,
      });
  }
  if (errors.name || Object.keys(errors.prices).length > 0) return { ok: false, errors };
  const description = draft.description.trim();
  return {
    ok: true,
    value: {
      name,
      description: description === '' ? null : description,
      serviceItems,
      cityIds: draft.cityIds,
    },
  };
}

/** Whether the draft differs from what was saved (compared as the values that would be sent). */
export function isTierDraftDirty(draft: TierDraft, saved: TierDraft): boolean {
  if (draft.name !== saved.name || draft.description !== saved.description) return true;
  if (draft.cityIds.join('\n') !== saved.cityIds.join('\n')) return true;
  const ids = new Set([...Object.keys(draft.prices), ...Object.keys(saved.prices)]);
  for (const id of ids) {
    const a = draft.prices[Number(id)];
    const b = saved.prices[Number(id)];
    if (!a || !b) return true;
    if (a.price !== b.price || a.isPricePerUnit !== b.isPricePerUnit || a.minUnits !== b.minUnits)
      return true;
  }
  return false;
}

/** The editable form of a saved tier against the menu. */
export function tierDraftFrom(
  tier: {
    name: string;
    description: string | null;
    serviceItems: readonly SavedTierPrice[];
    cityIds: readonly string[];
  },
  items: readonly MenuItem[],
): TierDraft {
  return {
    name: tier.name,
    description: tier.description ?? '',
    prices: priceDrafts(items, tier.serviceItems),
    cityIds: [...tier.cityIds],
  };
}

/** One row of the Menu tab as the screen shows it. */
export interface TierMenuRow {
  item: MenuItem;
  price: string;
  isPricePerUnit: boolean;
  /** Min units is shown only for Botox items (01 §2). */
  showMinUnits: boolean;
  minUnits: string;
  priceError: string | undefined;
  minUnitsError: string | undefined;
}
