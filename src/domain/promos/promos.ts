/**
 * Promo codes (01 §3, §9): the form's rules. Type is PER_USER on creation; the amount is typed in dollars
 * and stored in cents; an empty allowedServices list means the code applies to every service.
 */
import { PROMO_TYPE_ON_CREATE } from '../shared/constants';
import { parseAmountInput } from '../credits/credits';
import { centsToDollarInput } from '../shared/money';

export const CODE_MAX = 50;
export const MAX_QUANTITY = 1_000_000;

export interface PromoValues {
  code: string;
  type: string;
  quantityAbsolute: number | null;
  quantityPerUser: number | null;
  amountInCents: number;
  allowedServices: number[];
}

export interface PromoDraft {
  code: string;
  quantityAbsolute: string;
  quantityPerUser: string;
  /** Dollars as typed. */
  amount: string;
  allowedServices: number[];
}

export type PromoField = keyof PromoDraft;
export type PromoErrors = Partial<Record<PromoField, string>>;

export const PROMO_ERRORS = {
  codeRequired: 'Code is required',
  codeShape: `Codes use letters, digits, - and _ only (up to ${CODE_MAX})`,
  quantity: 'Enter a whole number from 1 to 1,000,000',
  perUserOverTotal: 'Uses per user cannot be more than the total uses',
} as const;

export const NO_RESTRICTION = 'All services: no restriction';

/** A promo type as people read it (PER_USER: each user may use the code up to its per-user quantity). */
export function promoTypeLabel(type: string): string {
  return type === 'PER_USER' ? 'Per user' : type.charAt(0) + type.slice(1).toLowerCase().replaceAll('_', ' ');
}

export const EMPTY_PROMO_DRAFT: PromoDraft = {
  code: '',
  quantityAbsolute: '',
  quantityPerUser: '',
  amount: '',
  allowedServices: [],
};

const CODE = new RegExp(`^[A-Za-z0-9_-]{1,${CODE_MAX}}$`);

/** Codes are compared without regard to case, so SPRING and spring are the same code. */
export function sameCode(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function promoDraftFrom(promo: PromoValues): PromoDraft {
  return {
    code: promo.code,
    quantityAbsolute: promo.quantityAbsolute === null ? '' : String(promo.quantityAbsolute),
    quantityPerUser: promo.quantityPerUser === null ? '' : String(promo.quantityPerUser),
    amount: centsToDollarInput(promo.amountInCents),
    allowedServices: [...promo.allowedServices],
  };
}

function parseQuantity(text: string): number | undefined {
  const trimmed = text.trim().replaceAll(',', '');
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= MAX_QUANTITY ? value : undefined;
}

export type PromoCheck = { ok: true; value: PromoValues } | { ok: false; errors: PromoErrors };

/** Checks a draft; `type` is kept from the saved code, PER_USER for a new one. */
export function checkPromoDraft(draft: PromoDraft, type: string = PROMO_TYPE_ON_CREATE): PromoCheck {
  const errors: PromoErrors = {};
  const code = draft.code.trim();
  if (code === '') errors.code = PROMO_ERRORS.codeRequired;
  else if (!CODE.test(code)) errors.code = PROMO_ERRORS.codeShape;
  const quantityAbsolute = parseQuantity(draft.quantityAbsolute);
  if (quantityAbsolute === undefined) errors.quantityAbsolute = PROMO_ERRORS.quantity;
  const quantityPerUser = parseQuantity(draft.quantityPerUser);
  if (quantityPerUser === undefined) errors.quantityPerUser = PROMO_ERRORS.quantity;
  else if (quantityAbsolute !== undefined && quantityPerUser > quantityAbsolute)
    errors.quantityPerUser = PROMO_ERRORS.perUserOverTotal;
  const amount = parseAmountInput(draft.amount);
  if (!amount.ok) errors.amount = amount.error;
  if (Object.keys(errors).length > 0 || !amount.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      code,
      type,
      quantityAbsolute: quantityAbsolute ?? null,
      quantityPerUser: quantityPerUser ?? null,
      amountInCents: amount.cents,
      allowedServices: [...new Set(draft.allowedServices)].sort((a, b) => a - b),
    },
  };
}

/** "All services: no restriction", or the names of the allowed items (ids without a name are counted). */
export function allowedServicesSummary(ids: readonly number[], names: ReadonlyMap<number, string>): string {
  if (ids.length === 0) return NO_RESTRICTION;
  const known = ids.map((id) => names.get(id)).filter((name): name is string => name !== undefined);
  const unknown = ids.length - known.length;
  return [...known, ...(unknown > 0 ? [`${unknown} other item${unknown === 1 ? '' : 's'}`] : [])].join(', ');
}

export function isPromoDirty(draft: PromoDraft, saved: PromoValues | null): boolean {
  const base = saved ? promoDraftFrom(saved) : EMPTY_PROMO_DRAFT;
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(',');
  return (
    draft.code.trim() !== base.code ||
    draft.quantityAbsolute.trim() !== base.quantityAbsolute ||
    draft.quantityPerUser.trim() !== base.quantityPerUser ||
    draft.amount.trim() !== base.amount ||
    sorted(draft.allowedServices) !== sorted(base.allowedServices)
  );
}
