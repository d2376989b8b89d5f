/**
 * The promo codes list (/promocodes, docs/design.md "Lists"): the columns it sorts by, as the URL and
 * GET /promo take them, and their names. No imports: the promo codes route checks its search with these.
 */
export const PROMO_SORT_COLUMNS = ['code', 'amount', 'uses', 'perUser'] as const;
export type PromoSortColumn = (typeof PROMO_SORT_COLUMNS)[number];

export const PROMO_SORT_LABELS: Readonly<Record<PromoSortColumn, string>> = {
  code: 'Code',
  amount: 'Amount',
  uses: 'Total uses',
  perUser: 'Uses per user',
};

/** The order the list has without a choice: by code, A to Z. */
export const PROMO_SORT_DEFAULT = { sort: 'code', dir: 'asc' } as const;
