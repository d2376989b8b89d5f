/**
 * The credits list (/credits, docs/design.md "Lists"): the columns it sorts by, as the URL and GET /credits
 * take them, and their names. No imports: the credits route checks its search with these.
 */
export const CREDIT_SORT_COLUMNS = ['title', 'total', 'created'] as const;
export type CreditSortColumn = (typeof CREDIT_SORT_COLUMNS)[number];

export const CREDIT_SORT_LABELS: Readonly<Record<CreditSortColumn, string>> = {
  title: 'Title',
  total: 'Total',
  created: 'Created',
};

/** The order the list has without a choice: by title, A to Z. */
export const CREDIT_SORT_DEFAULT = { sort: 'title', dir: 'asc' } as const;
/** Columns that start newest first when chosen. */
export const CREDIT_SORTS_DESCENDING_FIRST: readonly CreditSortColumn[] = ['created'];
